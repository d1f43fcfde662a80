"""Discount rules applied to cart lines: percentages, fixed amounts, seasons and bundles."""
from datetime import date
from decimal import Decimal

from ..errors import PricingError
from ..registry import register
from .money import Money

__all__ = ["Discount", "PercentageDiscount", "FixedDiscount", "SeasonalDiscount", "BuyXGetY"]

MAX_PERCENT = Decimal("90")


class Discount:
    """Base class of discount rules: computes a reduction for a line's subtotal."""

    kind = "base"
    stackable = True

    def __init__(self, code, description=""):
        self.code = code
        self.description = description

    def applies_to(self, line):
        """Return True when this discount may be used for the given cart line."""
        return True

    def reduction(self, line, subtotal: Money) -> Money:
        """Return the amount to subtract from ``subtotal``; the base rule gives nothing."""
        return Money.zero(subtotal.currency)

    def __repr__(self):
        return f"{type(self).__name__}({self.code!r})"


@register("discount", "percentage")
class PercentageDiscount(Discount):
    """Takes a percentage off the line subtotal, capped at ``MAX_PERCENT``."""

    kind = "percentage"

    def __init__(self, code, percent, description=""):
        super().__init__(code, description)
        percent = Decimal(str(percent))
        if not Decimal("0") < percent <= MAX_PERCENT:
            raise PricingError(f"Discount percent must be in (0, {MAX_PERCENT}], got {percent}")
        self.percent = percent

    def reduction(self, line, subtotal):
        return subtotal * (self.percent / Decimal("100"))


@register("discount", "seasonal")
class SeasonalDiscount(PercentageDiscount):
    """A percentage discount valid only between two dates, such as a summer sale."""

    kind = "seasonal"
    stackable = False

    def __init__(self, code, percent, starts: date, ends: date, description=""):
        super().__init__(code, percent, description)
        self.starts = starts
        self.ends = ends

    def is_active(self, today=None):
        """True when ``today`` (default: the current date) falls inside the season."""
        today = today or date.today()
        return self.starts <= today <= self.ends

    def reduction(self, line, subtotal):
        if not self.is_active():
            return Money.zero(subtotal.currency)
        return super().reduction(line, subtotal)


@register("discount", "fixed")
class FixedDiscount(Discount):
    """Takes a fixed amount off the line, never more than the subtotal itself."""

    kind = "fixed"

    def __init__(self, code, amount: Money, description=""):
        super().__init__(code, description)
        self.amount = amount

    def reduction(self, line, subtotal):
        return min(self.amount, subtotal)


@register("discount", "bundle")
class BuyXGetY(Discount):
    """Bundle offer: for every ``buy`` units of a SKU, ``free`` more are free of charge."""

    kind = "bundle"

    def __init__(self, code, sku, buy=2, free=1, description=""):
        super().__init__(code, description)
        self.sku = sku
        self.buy = buy
        self.free = free

    def applies_to(self, line):
        return line.product.sku == self.sku

    def reduction(self, line, subtotal):
        group = self.buy + self.free
        free_units = (line.quantity // group) * self.free
        return line.unit_price * free_units


def _best_of(discounts, line, subtotal):
    """Pick the largest reduction among non-stackable discounts (internal helper)."""
    best = Money.zero(subtotal.currency)
    for discount in discounts:
        candidate = discount.reduction(line, subtotal)
        if candidate > best:
            best = candidate
    return best
