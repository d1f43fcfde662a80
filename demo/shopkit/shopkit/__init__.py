"""Shopkit: a small e-commerce toolkit with a catalog, carts, pricing, orders and payments.

The top-level package re-exports the names most applications need, so that
``from shopkit import Cart, Product, PriceCalculator`` is enough for a quick start.
"""
from .errors import ShopkitError, PaymentError, StorageError
from .catalog import Product, Category, Inventory
from .pricing import Money, PriceCalculator
from .cart import Cart, LineItem
from .orders import Order, OrderStatus, OrderService
from . import config

__version__ = "0.4.2"

__all__ = [
    "Cart",
    "Category",
    "Inventory",
    "LineItem",
    "Money",
    "Order",
    "OrderService",
    "OrderStatus",
    "PaymentError",
    "PriceCalculator",
    "Product",
    "ShopkitError",
    "StorageError",
    "config",
]
