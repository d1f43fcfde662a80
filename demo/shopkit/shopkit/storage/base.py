"""The storage interface: records are dictionaries filed by collection and key."""
from typing import Iterator, Optional, Tuple


class Storage:
    """Abstract key-value storage grouped into named collections (``orders``, ``products``)."""

    persistent = False

    def get(self, collection: str, key: str) -> Optional[dict]:
        """Return the record stored under ``key`` or None."""
        raise NotImplementedError

    def put(self, collection: str, key: str, record: dict) -> None:
        """Insert or replace the record under ``key``."""
        raise NotImplementedError

    def delete(self, collection: str, key: str) -> bool:
        """Remove a record; return True when something was removed."""
        raise NotImplementedError

    def items(self, collection: str) -> Iterator[Tuple[str, dict]]:
        """Iterate over the (key, record) pairs of a collection."""
        raise NotImplementedError

    def count(self, collection: str) -> int:
        """Number of records in a collection."""
        return sum(1 for _ in self.items(collection))
