"""Pricing: money arithmetic, discounts, taxes and the calculator that combines them."""
from .money import Money
from .tax import TaxRule, compute_tax
from .discounts import *  # noqa: F401,F403 - re-exports the names in discounts.__all__
from .calculator import PriceCalculator, PriceBreakdown

__all__ = [
    "Money",
    "TaxRule",
    "compute_tax",
    "PriceCalculator",
    "PriceBreakdown",
    "Discount",
    "PercentageDiscount",
    "FixedDiscount",
    "SeasonalDiscount",
    "BuyXGetY",
]
