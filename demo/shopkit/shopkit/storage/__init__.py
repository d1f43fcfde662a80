"""Storage backends for orders and catalog records: in-memory and JSON file."""
from .base import Storage
from .memory import MemoryStorage
from .jsonfile import JsonFileStorage
from .factory import create_storage

__all__ = ["Storage", "MemoryStorage", "JsonFileStorage", "create_storage"]
