"""Payments: the provider interface, card handling and concrete provider classes."""
from ..registry import lookup
from .base import BaseProvider, PaymentResult
from .card import CardProvider, mask_card_number
from .providers import SandboxProvider, StripeLikeProvider, WalletProvider

__all__ = [
    "BaseProvider",
    "PaymentResult",
    "CardProvider",
    "StripeLikeProvider",
    "SandboxProvider",
    "WalletProvider",
    "mask_card_number",
    "provider_for",
]


def provider_for(name: str, **options) -> BaseProvider:
    """Instantiate the payment provider registered under ``name`` (e.g. ``sandbox``)."""
    provider_class = lookup("payment", name)
    return provider_class(**options)
