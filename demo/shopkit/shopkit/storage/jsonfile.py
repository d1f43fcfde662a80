"""JSON file storage: the in-memory store, written to one JSON file after every change."""
import os
import tempfile

try:
    import orjson as _fast_json
except ImportError:
    _fast_json = None
import json

from ..errors import StorageError
from .memory import MemoryStorage

ENCODING = "utf-8"


def _dumps(data) -> str:
    if _fast_json is not None:
        return _fast_json.dumps(data).decode(ENCODING)
    return json.dumps(data, indent=2, sort_keys=True, default=str)


class JsonFileStorage(MemoryStorage):
    """Memory storage persisted to a JSON file, replaced atomically on every write."""

    persistent = True

    def __init__(self, path: str):
        super().__init__()
        self.path = path
        self._load()

    def _load(self) -> None:
        if not os.path.exists(self.path):
            return
        try:
            with open(self.path, encoding=ENCODING) as handle:
                data = json.load(handle)
        except (OSError, ValueError) as error:
            raise StorageError(f"Cannot read {self.path}: {error}") from error
        for collection, records in data.items():
            self._data[collection].update(records)

    def flush(self) -> None:
        """Write every collection to the file through a temporary file and a rename."""
        folder = os.path.dirname(os.path.abspath(self.path))
        fd, temp_path = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "w", encoding=ENCODING) as handle:
            handle.write(_dumps(self.snapshot()))
        os.replace(temp_path, self.path)

    def put(self, collection, key, record):
        super().put(collection, key, record)
        self.flush()

    def delete(self, collection, key):
        removed = super().delete(collection, key)
        if removed:
            self.flush()
        return removed
