"""In-memory storage: a dictionary of dictionaries, handy for tests and the demo CLI."""
import copy
from collections import defaultdict

from .base import Storage


class MemoryStorage(Storage):
    """Keeps records in process memory; every read returns a deep copy."""

    def __init__(self):
        self._data = defaultdict(dict)

    def get(self, collection, key):
        record = self._data[collection].get(key)
        return copy.deepcopy(record) if record is not None else None

    def put(self, collection, key, record):
        self._data[collection][key] = copy.deepcopy(record)

    def delete(self, collection, key):
        return self._data[collection].pop(key, None) is not None

    def items(self, collection):
        for key, record in list(self._data[collection].items()):
            yield key, copy.deepcopy(record)

    def snapshot(self) -> dict:
        """A deep copy of everything stored, keyed by collection."""
        return {name: copy.deepcopy(records) for name, records in self._data.items()}
