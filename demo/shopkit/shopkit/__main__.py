"""Entry point for ``python -m shopkit``: runs the command-line interface."""
from shopkit.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
