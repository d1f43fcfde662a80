"""The price calculator: turns cart lines into subtotals, discounts, tax and a grand total."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, List, Optional

from .. import config
from .discounts import *  # noqa: F403 - Discount, PercentageDiscount, ...
from .discounts import _best_of
from .money import Money
from .tax import compute_tax as tax_for

if TYPE_CHECKING:
    from ..cart.cart import Cart
    from ..cart.line_item import LineItem

SHIPPING_FLAT_RATE = Money("4.90")


@dataclass
class PriceBreakdown:
    """Every figure of a priced cart: subtotal, discount, shipping, tax and total."""

    subtotal: Money
    discount: Money
    shipping: Money
    tax: Money
    applied_codes: List[str] = field(default_factory=list)

    @property
    def total(self) -> Money:
        """Grand total the customer pays: subtotal minus discount plus shipping and tax."""
        return self.subtotal - self.discount + self.shipping + self.tax

    def as_dict(self):
        """Return the breakdown as strings, ready for JSON or a receipt template."""
        return {
            "subtotal": str(self.subtotal),
            "discount": str(self.discount),
            "shipping": str(self.shipping),
            "tax": str(self.tax),
            "total": str(self.total),
            "codes": list(self.applied_codes),
        }


class PriceCalculator:
    """Prices a cart: applies discounts per line, adds shipping, computes regional tax."""

    rounding_note = "amounts are rounded half-up to cents on every step"

    def __init__(self, region: Optional[str] = None, discounts: Iterable[Discount] = ()):
        settings = config.load_settings()
        self.region = region or settings.tax_region
        self.currency = settings.currency
        self.free_shipping_over = Money(settings.free_shipping_over, self.currency)
        self.discounts: List[Discount] = list(discounts)

    def add_discount(self, discount: Discount) -> None:
        """Register one more discount rule for the carts this calculator prices."""
        self.discounts.append(discount)

    def line_discount(self, line: LineItem) -> Money:
        """Total reduction for one line: stackable rules add up, the others compete."""
        subtotal = line.subtotal()
        usable = [d for d in self.discounts if d.applies_to(line)]
        stacked = sum(
            (d.reduction(line, subtotal) for d in usable if d.stackable),
            Money.zero(subtotal.currency),
        )
        exclusive = _best_of([d for d in usable if not d.stackable], line, subtotal)
        return min(stacked + exclusive, subtotal)

    def shipping_for(self, subtotal: Money) -> Money:
        """Flat-rate shipping, free once the subtotal reaches the configured threshold."""
        if subtotal >= self.free_shipping_over:
            return Money.zero(subtotal.currency)
        return SHIPPING_FLAT_RATE

    def price(self, cart: Cart) -> PriceBreakdown:
        """Price every line of the cart and return the full breakdown."""
        subtotal = Money.zero(self.currency)
        discount = Money.zero(self.currency)
        tax = Money.zero(self.currency)
        codes = []
        for line in cart.lines:
            line_total = line.subtotal()
            line_discount = self.line_discount(line)
            subtotal += line_total
            discount += line_discount
            tax += tax_for(line_total - line_discount, self.region, line.product.tax_class)
            codes.extend(d.code for d in self.discounts if d.applies_to(line))
        shipping = self.shipping_for(subtotal) if cart.lines else Money.zero(self.currency)
        return PriceBreakdown(subtotal, discount, shipping, tax, sorted(set(codes)))
