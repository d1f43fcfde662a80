"""Shopping cart: line items, quantities, coupon codes and checkout."""
from .cart import Cart
from .line_item import LineItem

__all__ = ["Cart", "LineItem"]
