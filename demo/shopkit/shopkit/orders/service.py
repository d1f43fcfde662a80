"""The order service: charges the customer, commits stock, stores the order and notifies."""
import logging
from typing import List, Optional

from ..catalog.inventory import Inventory
from ..errors import PaymentError, RecordNotFound
from ..notifications import Notifier, notifier_for
from ..payments import BaseProvider, provider_for
from ..storage import Storage
from ..utils.timing import timed
from .order import Order, OrderStatus

log = logging.getLogger(__name__)


class OrderService:
    """Places, cancels and refunds orders, coordinating payments, stock and storage."""

    collection = "orders"

    def __init__(
        self,
        inventory: Inventory,
        storage: Storage,
        provider: Optional[BaseProvider] = None,
        notifiers: Optional[List[Notifier]] = None,
    ):
        self.inventory = inventory
        self.storage = storage
        self.provider = provider or provider_for("sandbox")
        self.notifiers = notifiers if notifiers is not None else [notifier_for("log")]

    @timed(threshold=1.0)
    def place(self, order: Order, payment_token: str) -> Order:
        """Charge the order total, commit the reserved stock and persist the paid order."""
        try:
            result = self.provider.charge(order.total, payment_token, reference=order.id)
        except PaymentError as error:
            log.info("payment for %s failed: %s", order.id, error)
            order.transition(OrderStatus.CANCELLED, note=error.code)
            self.storage.put(self.collection, order.id, order.to_record())
            raise
        order.payment_ref = result.reference
        order.transition(OrderStatus.PAID, note=self.provider.name)
        for line in order.lines:
            self.inventory.commit(line.sku, line.quantity)
        self.storage.put(self.collection, order.id, order.to_record())
        self._notify("order_paid", order)
        return order

    def refund(self, order: Order) -> Order:
        """Refund a paid or shipped order through the provider that charged it."""
        self.provider.refund(order.payment_ref, order.total)
        order.transition(OrderStatus.REFUNDED)
        for line in order.lines:
            self.inventory.restock(line.sku, line.quantity)
        self.storage.put(self.collection, order.id, order.to_record())
        self._notify("order_refunded", order)
        return order

    def load(self, order_id: str) -> dict:
        """Read a stored order record by id; raises ``RecordNotFound`` when missing."""
        record = self.storage.get(self.collection, order_id)
        if record is None:
            raise RecordNotFound(f"No order {order_id}")
        return record

    def _notify(self, event: str, order: Order) -> None:
        for notifier in self.notifiers:
            notifier.send(event, {"order_id": order.id, "total": str(order.total)})
