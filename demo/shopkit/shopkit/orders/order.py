"""Order records and their status machine (pending, paid, shipped, cancelled, refunded)."""
from dataclasses import dataclass, field
from datetime import datetime, timezone
from enum import Enum
from typing import List, Optional

from ..cart.cart import Cart
from ..pricing.calculator import PriceBreakdown
from ..utils.ids import new_id


class OrderStatus(str, Enum):
    """Life-cycle states of an order; ``ALLOWED`` lists the legal transitions."""

    PENDING = "pending"
    PAID = "paid"
    SHIPPED = "shipped"
    CANCELLED = "cancelled"
    REFUNDED = "refunded"


ALLOWED = {
    OrderStatus.PENDING: {OrderStatus.PAID, OrderStatus.CANCELLED},
    OrderStatus.PAID: {OrderStatus.SHIPPED, OrderStatus.REFUNDED},
    OrderStatus.SHIPPED: {OrderStatus.REFUNDED},
    OrderStatus.CANCELLED: set(),
    OrderStatus.REFUNDED: set(),
}


@dataclass
class OrderLine:
    """A frozen copy of a cart line inside an order."""

    sku: str
    name: str
    quantity: int
    unit_price: str


@dataclass
class Order:
    """A placed order: frozen lines, the price breakdown and the payment reference."""

    id: str
    lines: List[OrderLine]
    breakdown: PriceBreakdown
    payment_method: str
    customer: Optional[str] = None
    status: OrderStatus = OrderStatus.PENDING
    payment_ref: Optional[str] = None
    created_at: datetime = field(default_factory=lambda: datetime.now(timezone.utc))
    history: List[str] = field(default_factory=list)

    @classmethod
    def from_cart(cls, cart: Cart, payment_method: str = "card") -> "Order":
        """Create a pending order from a cart, pricing it one last time."""
        lines = [
            OrderLine(l.product.sku, l.product.name, l.quantity, str(l.unit_price.amount))
            for l in cart.lines
        ]
        return cls(new_id("ord"), lines, cart.totals(), payment_method, cart.customer)

    @property
    def total(self):
        """The amount charged for this order."""
        return self.breakdown.total

    def transition(self, new_status: OrderStatus, note: str = "") -> None:
        """Move to a new status, refusing transitions that ``ALLOWED`` does not list."""
        if new_status not in ALLOWED[self.status]:
            raise ValueError(f"Order {self.id}: cannot go from {self.status.value} to {new_status.value}")
        self.history.append(f"{self.status.value}->{new_status.value} {note}".strip())
        self.status = new_status

    def to_record(self) -> dict:
        """Plain dictionary form used by the storage backends and the CLI."""
        return {
            "id": self.id,
            "status": self.status.value,
            "customer": self.customer,
            "payment_method": self.payment_method,
            "payment_ref": self.payment_ref,
            "created_at": self.created_at.isoformat(),
            "lines": [vars(line) for line in self.lines],
            "totals": self.breakdown.as_dict(),
            "history": list(self.history),
        }
