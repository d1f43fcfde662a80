"""Orders: the order record, its status life cycle and the service that places orders."""
from .order import Order, OrderStatus
from .service import OrderService

__all__ = ["Order", "OrderStatus", "OrderService"]
