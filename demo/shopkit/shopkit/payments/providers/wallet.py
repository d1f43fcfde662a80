"""Stored-value wallet payments: customers pay from a prepaid balance."""
from typing import Dict

from ...errors import PaymentError
from ...pricing.money import Money
from ...registry import register
from ...utils.ids import short_id
from ..base import BaseProvider, PaymentResult


class InsufficientBalance(PaymentError):
    """Raised when a wallet holds less than the amount to charge."""

    code = "insufficient_balance"


@register("payment", "wallet")
class WalletProvider(BaseProvider):
    """Charges prepaid customer wallets held in memory, keyed by wallet token."""

    name = "wallet"
    currencies = ("EUR",)

    def __init__(self, balances: Dict[str, Money] = None, **options):
        super().__init__(**options)
        self.balances: Dict[str, Money] = dict(balances or {})

    def top_up(self, token: str, amount: Money) -> Money:
        """Add funds to a wallet and return the new balance."""
        current = self.balances.get(token, Money.zero(amount.currency))
        self.balances[token] = current + amount
        return self.balances[token]

    def charge(self, amount, token, *, reference):
        self.check_currency(amount)
        balance = self.balances.get(token, Money.zero(amount.currency))
        if balance < amount:
            raise InsufficientBalance(f"Wallet {token} holds {balance}, needs {amount}")
        self.balances[token] = balance - amount
        self.calls += 1
        return PaymentResult(f"wal_{short_id()}", amount, self.name)

    def refund(self, payment_ref, amount):
        raise PaymentError("Wallet refunds are credited manually by support")
