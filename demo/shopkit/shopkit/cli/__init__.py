"""Command-line interface: ``python -m shopkit <command>``."""
from .main import main

__all__ = ["main"]
