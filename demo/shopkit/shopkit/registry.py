"""A tiny plugin registry: the ``@register`` decorator files classes and functions by kind."""
from collections import defaultdict

REGISTRY = defaultdict(dict)


def register(kind, name=None):
    """Decorator that records a class or function in the registry under ``kind`` and ``name``.

    The decorated object is returned unchanged, so it stays usable as usual::

        @register("payment", "sandbox")
        class SandboxProvider(...): ...
    """

    def decorate(obj):
        key = name or getattr(obj, "name", None) or obj.__name__.lower()
        if key in REGISTRY[kind]:
            raise ValueError(f"{kind} {key!r} is already registered")
        REGISTRY[kind][key] = obj
        return obj

    return decorate


def lookup(kind, name):
    """Return the object registered under ``kind`` and ``name``, or raise ``KeyError``."""
    try:
        return REGISTRY[kind][name]
    except KeyError:
        known = ", ".join(sorted(REGISTRY[kind])) or "none"
        raise KeyError(f"No {kind} named {name!r} (known: {known})") from None


def registered(kind):
    """List the names registered for ``kind``, sorted."""
    return sorted(REGISTRY[kind])
