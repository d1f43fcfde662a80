"""The shopping cart: adds and removes lines, reserves stock and hands over to checkout."""
from typing import Dict, List, Optional, Tuple

from ..catalog import Inventory
from ..pricing import PriceCalculator
from ..pricing.calculator import PriceBreakdown
from ..utils import new_id
from .line_item import LineItem


class Cart:
    """A customer's cart: lines keyed by SKU and variant, priced by a ``PriceCalculator``."""

    id_prefix = "cart"

    def __init__(self, inventory: Inventory, calculator: Optional[PriceCalculator] = None, customer=None):
        self.id = new_id(self.id_prefix)
        self.inventory = inventory
        self.calculator = calculator or PriceCalculator()
        self.customer = customer
        self._lines: Dict[Tuple[str, Optional[str]], LineItem] = {}
        self.coupon_codes: List[str] = []

    @property
    def lines(self) -> List[LineItem]:
        """The cart lines in the order they were first added."""
        return list(self._lines.values())

    @property
    def item_count(self) -> int:
        """Total number of units across all lines."""
        return sum(line.quantity for line in self._lines.values())

    def add(self, sku: str, quantity: int = 1, variant: Optional[str] = None) -> LineItem:
        """Add units of a product, reserving stock; repeated adds merge into one line."""
        product = self.inventory.get(sku)
        self.inventory.reserve(sku, quantity)
        key = (sku, variant)
        if key in self._lines:
            line = self._lines[key]
            line.quantity += quantity
        else:
            price = product.variant_price(variant) if variant else product.price
            line = LineItem(product, quantity, price, variant)
            self._lines[key] = line
        return line

    def remove(self, sku: str, variant: Optional[str] = None) -> None:
        """Remove a whole line and release its reserved stock."""
        line = self._lines.pop((sku, variant), None)
        if line is not None:
            self.inventory.release(sku, line.quantity)

    def clear(self) -> None:
        """Empty the cart, releasing every reservation."""
        for sku, variant in list(self._lines):
            self.remove(sku, variant)

    def apply_coupon(self, code: str) -> None:
        """Remember a coupon code; the calculator's discounts decide what it is worth."""
        if code not in self.coupon_codes:
            self.coupon_codes.append(code)

    def totals(self) -> PriceBreakdown:
        """Price the cart with its calculator (subtotal, discount, shipping, tax, total)."""
        return self.calculator.price(self)

    def checkout(self, payment_method: str = "card"):
        """Freeze the cart into a pending ``Order``; payment is taken by the order service."""
        # Imported here: orders.order imports this module at load time (circular pair).
        from ..orders.order import Order

        if not self._lines:
            raise ValueError("Cannot check out an empty cart")
        return Order.from_cart(self, payment_method=payment_method)
