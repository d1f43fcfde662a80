"""Text helpers: URL slugs for product names and safe truncation for notifications."""
import re
import unicodedata

_NON_WORD = re.compile(r"[^a-z0-9]+")


def slugify(text, max_length=60):
    """Turn a product name into a lowercase ASCII slug such as ``blue-cotton-shirt``."""
    normalized = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = _NON_WORD.sub("-", normalized.lower()).strip("-")
    return slug[:max_length].rstrip("-")


def truncate(text, limit=80, ellipsis="..."):
    """Shorten text to at most ``limit`` characters, ending with an ellipsis when cut."""
    if len(text) <= limit:
        return text
    return text[: max(0, limit - len(ellipsis))].rstrip() + ellipsis
