"""Money values: a decimal amount tied to a currency, with safe arithmetic and rounding."""
from decimal import ROUND_HALF_UP, Decimal
from functools import total_ordering

from ..errors import CurrencyMismatch

CENT = Decimal("0.01")


@total_ordering
class Money:
    """An amount of money in one currency, rounded to cents on every operation."""

    __slots__ = ("amount", "currency")

    def __init__(self, amount, currency="EUR"):
        self.amount = Decimal(str(amount)).quantize(CENT, rounding=ROUND_HALF_UP)
        self.currency = currency

    @classmethod
    def zero(cls, currency="EUR"):
        """Return zero in the given currency, the neutral element for sums."""
        return cls(0, currency)

    def _check(self, other):
        if not isinstance(other, Money):
            return NotImplemented
        if other.currency != self.currency:
            raise CurrencyMismatch(f"Cannot combine {self.currency} and {other.currency}")
        return other

    def __add__(self, other):
        other = self._check(other)
        return Money(self.amount + other.amount, self.currency)

    def __sub__(self, other):
        other = self._check(other)
        return Money(self.amount - other.amount, self.currency)

    def __mul__(self, factor):
        return Money(self.amount * Decimal(str(factor)), self.currency)

    __rmul__ = __mul__

    def __eq__(self, other):
        if not isinstance(other, Money):
            return NotImplemented
        return self.currency == other.currency and self.amount == other.amount

    def __lt__(self, other):
        other = self._check(other)
        return self.amount < other.amount

    def __hash__(self):
        return hash((self.amount, self.currency))

    def __repr__(self):
        return f"Money({str(self.amount)!r}, {self.currency!r})"

    def __str__(self):
        return f"{self.amount} {self.currency}"

    def allocate(self, parts):
        """Split the amount into ``parts`` shares that differ by at most one cent."""
        cents = int(self.amount / CENT)
        base, remainder = divmod(cents, parts)
        shares = [base + (1 if i < remainder else 0) for i in range(parts)]
        return [Money(Decimal(s) * CENT, self.currency) for s in shares]
