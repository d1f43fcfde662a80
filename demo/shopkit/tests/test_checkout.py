"""End-to-end checkout test: cart, pricing, sandbox payment, storage and notifications."""
from shopkit import Cart, OrderService, OrderStatus
from shopkit.cli.commands import sample_inventory
from shopkit.errors import CardDeclined, OutOfStock
from shopkit.notifications import EmailNotifier
from shopkit.payments import provider_for
from shopkit.storage import MemoryStorage


def make_service(inventory):
    return OrderService(inventory, MemoryStorage(), provider_for("sandbox"), [EmailNotifier()])


def test_checkout_marks_order_paid_and_commits_stock():
    inventory = sample_inventory()
    cart = Cart(inventory)
    cart.add("SHIRT-01", 2)
    service = make_service(inventory)
    order = service.place(cart.checkout(), "card:4242424242424242")
    assert order.status is OrderStatus.PAID
    assert inventory.available("SHIRT-01") == 8
    assert service.load(order.id)["status"] == "paid"
    assert len(service.notifiers[0].outbox) == 1


def test_declined_card_cancels_order():
    inventory = sample_inventory()
    cart = Cart(inventory)
    cart.add("MUG-02")
    service = make_service(inventory)
    order = cart.checkout()
    try:
        service.place(order, "card:4000000000000002")
    except CardDeclined:
        assert order.status is OrderStatus.CANCELLED
        return
    raise AssertionError("expected CardDeclined")


def test_cannot_reserve_more_than_stock():
    cart = Cart(sample_inventory())
    try:
        cart.add("BOOK-03", 11)
    except OutOfStock as error:
        assert error.available == 10
        return
    raise AssertionError("expected OutOfStock")


if __name__ == "__main__":
    for name, test in list(globals().items()):
        if name.startswith("test_"):
            test()
    print("checkout tests passed")
