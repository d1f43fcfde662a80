"""Stock keeping: on-hand quantities, reservations for open carts and restocking."""
import threading
from typing import Dict

from ..errors import OutOfStock, ProductNotFound
from .models import Product

LOW_STOCK_THRESHOLD = 3


class Inventory:
    """Thread-safe stock levels per SKU, with reservations held while a cart is open."""

    def __init__(self):
        self._products: Dict[str, Product] = {}
        self._on_hand: Dict[str, int] = {}
        self._reserved: Dict[str, int] = {}
        self._lock = threading.Lock()

    def add(self, product: Product, quantity: int = 0) -> None:
        """Add a product to the catalog with an initial stock level."""
        with self._lock:
            self._products[product.sku] = product
            self._on_hand[product.sku] = self._on_hand.get(product.sku, 0) + quantity

    def get(self, sku: str) -> Product:
        """Return the product for a SKU or raise ``ProductNotFound``."""
        try:
            return self._products[sku]
        except KeyError:
            raise ProductNotFound(sku) from None

    def available(self, sku: str) -> int:
        """Units that can still be sold: on hand minus reserved."""
        self.get(sku)
        return self._on_hand.get(sku, 0) - self._reserved.get(sku, 0)

    def reserve(self, sku: str, quantity: int) -> None:
        """Hold units for a cart; raises ``OutOfStock`` when not enough are available."""
        with self._lock:
            free = self._on_hand.get(sku, 0) - self._reserved.get(sku, 0)
            if quantity > free:
                raise OutOfStock(sku, quantity, free)
            self._reserved[sku] = self._reserved.get(sku, 0) + quantity

    def release(self, sku: str, quantity: int) -> None:
        """Give back reserved units, for example when a cart line is removed."""
        with self._lock:
            self._reserved[sku] = max(0, self._reserved.get(sku, 0) - quantity)

    def commit(self, sku: str, quantity: int) -> None:
        """Turn a reservation into a sale: both reserved and on-hand counts go down."""
        with self._lock:
            self._reserved[sku] = max(0, self._reserved.get(sku, 0) - quantity)
            self._on_hand[sku] = self._on_hand.get(sku, 0) - quantity

    def restock(self, sku: str, quantity: int) -> int:
        """Add delivered units to a SKU and return the new on-hand count."""
        with self._lock:
            self._on_hand[sku] = self._on_hand.get(sku, 0) + quantity
            return self._on_hand[sku]

    def low_stock(self):
        """SKUs whose available units are at or below ``LOW_STOCK_THRESHOLD``."""
        return sorted(sku for sku in self._products if self.available(sku) <= LOW_STOCK_THRESHOLD)

    def __iter__(self):
        return iter(self._products.values())

    def __len__(self):
        return len(self._products)
