"""The payment provider interface and the result record every provider returns."""
import abc
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Optional

from ..pricing.money import Money


@dataclass
class PaymentResult:
    """Outcome of a successful charge or refund: provider reference and amount."""

    reference: str
    amount: Money
    provider: str
    captured: bool = True
    created_at: datetime = field(default_factory=lambda: datetime.now(timezone.utc))
    raw: Optional[dict] = None


class BaseProvider(abc.ABC):
    """Abstract payment provider: subclasses implement ``charge`` and ``refund``."""

    name = "base"
    supports_refunds = True
    currencies = ("EUR", "GBP", "USD")

    def __init__(self, *, timeout: float = 10.0):
        self.timeout = timeout
        self.calls = 0

    def check_currency(self, amount: Money) -> None:
        """Refuse amounts in a currency the provider does not settle."""
        if amount.currency not in self.currencies:
            raise ValueError(f"{self.name} does not support {amount.currency}")

    @abc.abstractmethod
    def charge(self, amount: Money, token: str, *, reference: str) -> PaymentResult:
        """Take ``amount`` from the payment method identified by ``token``."""

    @abc.abstractmethod
    def refund(self, payment_ref: str, amount: Money) -> PaymentResult:
        """Return ``amount`` of an earlier charge to the customer."""

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name!r}>"
