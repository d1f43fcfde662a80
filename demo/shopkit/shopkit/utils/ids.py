"""Identifier helpers: random order numbers and short human-friendly codes."""
import secrets
import uuid

ID_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def new_id(prefix=""):
    """Return a new random identifier, optionally prefixed (``ord_3f2a...``)."""
    value = uuid.uuid4().hex
    return f"{prefix}_{value}" if prefix else value


def short_id(length=8):
    """Return a short code from an alphabet without look-alike characters (no 0/O, 1/I)."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(length))
