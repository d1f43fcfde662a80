"""Argument parsing and dispatch for the shopkit command line."""
import argparse
import logging
import sys
from typing import List, Optional

from ..registry import lookup
from . import commands  # noqa: F401 - registers the commands

PROG = "shopkit"


def build_parser() -> argparse.ArgumentParser:
    """Create the argument parser with one sub-command per registered command."""
    parser = argparse.ArgumentParser(prog=PROG, description="Shopkit demo command line")
    parser.add_argument("-v", "--verbose", action="store_true", help="log at INFO level")
    sub = parser.add_subparsers(dest="command", required=True)

    search = sub.add_parser("search", help="search the sample catalog")
    search.add_argument("query")

    for name in ("quote", "checkout"):
        cmd = sub.add_parser(name, help=f"{name} a cart of SKU=qty items")
        cmd.add_argument("items", nargs="+")
        cmd.add_argument("--region", default="EU-DE")
        if name == "quote":
            cmd.add_argument("--coupon")
        else:
            cmd.add_argument("--card", default="4242424242424242")

    sub.add_parser("commands", help="list registered commands and plugins")
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    """Parse arguments, configure logging and run the chosen command; returns the exit code."""
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr)
    handler = lookup("command", args.command)
    return handler(args)
