"""Concrete payment providers; importing this package registers them by name."""
from .stripe_like import StripeLikeProvider
from .sandbox import SandboxProvider
from .wallet import WalletProvider

__all__ = ["StripeLikeProvider", "SandboxProvider", "WalletProvider"]
