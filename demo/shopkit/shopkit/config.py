"""Runtime settings for shopkit, read from environment variables with safe defaults."""
import os
from dataclasses import dataclass, field
from decimal import Decimal

DEFAULT_CURRENCY = "EUR"
DEFAULT_LOCALE = "en_GB"
ENV_PREFIX = "SHOPKIT_"

_cached_settings = None


@dataclass(frozen=True)
class Settings:
    """Immutable application settings: currency, tax region, storage and payment choices."""

    currency: str = DEFAULT_CURRENCY
    tax_region: str = "EU-DE"
    storage_backend: str = "memory"
    storage_path: str = "shopkit-data.json"
    payment_provider: str = "sandbox"
    free_shipping_over: Decimal = Decimal("50.00")
    notify_channels: tuple = field(default_factory=lambda: ("email",))

    @property
    def uses_persistent_storage(self):
        """True when orders survive a restart (any backend other than memory)."""
        return self.storage_backend != "memory"


def _read_env(name, default):
    return os.environ.get(ENV_PREFIX + name, default)


def load_settings(refresh=False):
    """Build settings from ``SHOPKIT_*`` environment variables, caching the result."""
    global _cached_settings
    if _cached_settings is not None and not refresh:
        return _cached_settings
    channels = tuple(c for c in _read_env("NOTIFY", "email").split(",") if c)
    _cached_settings = Settings(
        currency=_read_env("CURRENCY", DEFAULT_CURRENCY),
        tax_region=_read_env("TAX_REGION", "EU-DE"),
        storage_backend=_read_env("STORAGE", "memory"),
        storage_path=_read_env("STORAGE_PATH", "shopkit-data.json"),
        payment_provider=_read_env("PAYMENT", "sandbox"),
        free_shipping_over=Decimal(_read_env("FREE_SHIPPING_OVER", "50.00")),
        notify_channels=channels,
    )
    return _cached_settings
