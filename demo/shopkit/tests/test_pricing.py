"""Tests for money arithmetic, taxes and discounts (run with pytest or plain python)."""
from datetime import date, timedelta
from decimal import Decimal

from shopkit.errors import CurrencyMismatch
from shopkit.pricing import Money, PercentageDiscount, SeasonalDiscount, compute_tax


def test_money_rounds_half_up():
    assert Money("0.005").amount == Decimal("0.01")


def test_money_refuses_mixed_currencies():
    try:
        Money(1, "EUR") + Money(1, "USD")
    except CurrencyMismatch:
        return
    raise AssertionError("expected CurrencyMismatch")


def test_allocate_spreads_cents():
    shares = Money("10.00").allocate(3)
    assert [str(s.amount) for s in shares] == ["3.34", "3.33", "3.33"]


def test_reduced_tax_rate():
    assert compute_tax(Money("100"), "EU-DE", "reduced") == Money("7.00")


def test_seasonal_discount_only_in_season():
    today = date.today()
    past = SeasonalDiscount("OLD", 20, today - timedelta(days=30), today - timedelta(days=1))
    assert past.reduction(None, Money("50")) == Money("0")
    assert PercentageDiscount("TEN", 10).reduction(None, Money("50")) == Money("5")


if __name__ == "__main__":
    for name, test in list(globals().items()):
        if name.startswith("test_"):
            test()
    print("pricing tests passed")
