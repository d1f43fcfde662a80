"""Exception hierarchy shared by every shopkit package.

Every error raised on purpose by shopkit derives from :class:`ShopkitError`, so callers can
catch one class at the edge of their application.
"""


class ShopkitError(Exception):
    """Base class of every error raised by shopkit on purpose."""

    code = "shopkit_error"

    def __init__(self, message, *, details=None):
        super().__init__(message)
        self.message = message
        self.details = dict(details or {})

    def to_dict(self):
        """Serialise the error to a JSON-friendly dictionary for API responses."""
        return {"code": self.code, "message": self.message, "details": self.details}


class CatalogError(ShopkitError):
    """Raised when a catalog lookup or update cannot be carried out."""

    code = "catalog_error"


class ProductNotFound(CatalogError):
    """Raised when a SKU does not name any product in the catalog."""

    code = "product_not_found"

    def __init__(self, sku):
        super().__init__(f"No product with SKU {sku!r}", details={"sku": sku})
        self.sku = sku


class OutOfStock(CatalogError):
    """Raised when a reservation asks for more units than the inventory holds."""

    code = "out_of_stock"

    def __init__(self, sku, requested, available):
        super().__init__(
            f"Only {available} units of {sku!r} left, {requested} requested",
            details={"sku": sku, "requested": requested, "available": available},
        )
        self.requested = requested
        self.available = available


class PricingError(ShopkitError):
    """Raised when prices in different currencies are combined or a discount is invalid."""

    code = "pricing_error"


class CurrencyMismatch(PricingError):
    """Raised when two amounts in different currencies are added or compared."""

    code = "currency_mismatch"


class PaymentError(ShopkitError):
    """Base class of errors reported by payment providers."""

    code = "payment_error"


class CardDeclined(PaymentError):
    """Raised when the card issuer refuses a charge; ``reason`` holds the issuer's code."""

    code = "card_declined"

    def __init__(self, reason, *, retryable=False):
        super().__init__(f"Card declined: {reason}", details={"reason": reason})
        self.reason = reason
        self.retryable = retryable


class FraudSuspected(CardDeclined):
    """Raised when a provider blocks a charge because its risk score is too high."""

    code = "fraud_suspected"


class StorageError(ShopkitError):
    """Raised when a storage backend cannot read or write a record."""

    code = "storage_error"


class RecordNotFound(StorageError):
    """Raised when a storage backend has no record under the requested key."""

    code = "record_not_found"
