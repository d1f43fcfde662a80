"""Chooses and builds the storage backend named in the settings."""
import shopkit.storage.memory as mem

from ..config import Settings, load_settings
from .base import Storage
from .jsonfile import JsonFileStorage

BACKENDS = ("memory", "json")


def create_storage(settings: Settings = None) -> Storage:
    """Build the backend named by ``settings.storage_backend`` (``memory`` or ``json``)."""
    settings = settings or load_settings()
    if settings.storage_backend == "memory":
        return mem.MemoryStorage()
    if settings.storage_backend == "json":
        return JsonFileStorage(settings.storage_path)
    raise ValueError(f"Unknown storage backend {settings.storage_backend!r}; use one of {BACKENDS}")
