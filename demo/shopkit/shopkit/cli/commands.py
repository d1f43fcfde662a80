"""CLI commands, each registered with ``@register("command", ...)`` and run by ``main``."""
import json
from decimal import Decimal

from .. import registry
from ..catalog import CatalogSearch, Category, Inventory, Product
from ..pricing import Money, PercentageDiscount, PriceCalculator
from ..registry import register
from ..storage import create_storage

SAMPLE_PRODUCTS = [
    ("SHIRT-01", "Blue Cotton Shirt", "29.90", "Clothing", ["shirt", "cotton"]),
    ("MUG-02", "Enamel Camping Mug", "12.50", "Outdoor", ["mug", "camping"]),
    ("BOOK-03", "Field Guide to Mushrooms", "19.00", "Books", ["book", "nature"]),
]


def sample_inventory() -> Inventory:
    """Build an inventory with three sample products, ten units each."""
    inventory = Inventory()
    for sku, name, price, category, tags in SAMPLE_PRODUCTS:
        tax_class = "reduced" if category == "Books" else "standard"
        product = Product(sku, name, Money(Decimal(price)), Category(category), tax_class, tags=tags)
        inventory.add(product, quantity=10)
    return inventory


@register("command", "search")
def search_command(args) -> int:
    """Search the sample catalog and print matching products with their scores."""
    hits = CatalogSearch(sample_inventory()).search(args.query)
    for product, score in hits:
        print(f"{product.sku:10} {score:4.1f}  {product.name}  {product.price}")
    return 0 if hits else 1


@register("command", "quote")
def quote_command(args) -> int:
    """Price a cart of SKUs (``SKU=qty`` pairs) and print the breakdown as JSON."""
    from ..cart import Cart

    calculator = PriceCalculator(region=args.region)
    if args.coupon:
        calculator.add_discount(PercentageDiscount(args.coupon, 10))
    cart = Cart(sample_inventory(), calculator)
    for item in args.items:
        sku, _, qty = item.partition("=")
        cart.add(sku, int(qty or 1))
    print(json.dumps(cart.totals().as_dict(), indent=2))
    return 0


@register("command", "checkout")
def checkout_command(args) -> int:
    """Check out a cart with the sandbox provider and print the stored order record."""
    from ..cart import Cart
    from ..orders import OrderService

    inventory = sample_inventory()
    cart = Cart(inventory, PriceCalculator(region=args.region))
    for item in args.items:
        sku, _, qty = item.partition("=")
        cart.add(sku, int(qty or 1))
    service = OrderService(inventory, create_storage())
    order = service.place(cart.checkout(), payment_token=f"card:{args.card}")
    print(json.dumps(order.to_record(), indent=2))
    return 0


@register("command", "commands")
def list_commands(args) -> int:
    """List the registered commands, payment providers and notifiers."""
    for kind in ("command", "payment", "notifier", "discount"):
        print(f"{kind}: {', '.join(registry.registered(kind))}")
    return 0
