"""One line of a cart: a product, a quantity and the unit price frozen when it was added."""
from dataclasses import dataclass
from typing import Optional

from ..catalog.models import Product
from ..pricing.money import Money

MAX_QUANTITY_PER_LINE = 99


@dataclass
class LineItem:
    """A product and quantity in a cart; the unit price is frozen at the time of adding."""

    product: Product
    quantity: int
    unit_price: Money
    variant: Optional[str] = None
    note: str = ""

    def __post_init__(self):
        if not 0 < self.quantity <= MAX_QUANTITY_PER_LINE:
            raise ValueError(f"Quantity must be 1..{MAX_QUANTITY_PER_LINE}, got {self.quantity}")

    @property
    def key(self):
        """Identity of the line in its cart: SKU plus variant suffix."""
        return (self.product.sku, self.variant)

    def subtotal(self) -> Money:
        """Unit price times quantity, before discounts and tax."""
        return self.unit_price * self.quantity
