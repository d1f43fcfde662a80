"""Timing helpers: a stopwatch and a decorator that logs slow calls."""
import functools
import logging
import time

logger = logging.getLogger("shopkit.timing")

SLOW_CALL_SECONDS = 0.5


class Stopwatch:
    """Measures elapsed wall time; usable as a context manager."""

    def __init__(self):
        self.started = None
        self.elapsed = 0.0

    def __enter__(self):
        self.started = time.perf_counter()
        return self

    def __exit__(self, *exc_info):
        self.elapsed = time.perf_counter() - self.started
        return False


def timed(threshold=SLOW_CALL_SECONDS):
    """Decorator that logs a warning when the wrapped call takes longer than ``threshold``."""

    def decorate(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with Stopwatch() as watch:
                result = func(*args, **kwargs)
            if watch.elapsed > threshold:
                logger.warning("%s took %.3f s", func.__qualname__, watch.elapsed)
            return result

        return wrapper

    return decorate
