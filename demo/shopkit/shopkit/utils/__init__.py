"""Small helpers used across shopkit: identifiers, text handling and timing."""
from .ids import new_id, short_id
from .text import slugify, truncate
from .timing import timed, Stopwatch

__all__ = ["new_id", "short_id", "slugify", "truncate", "timed", "Stopwatch"]
