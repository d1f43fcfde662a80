"""Sales tax: per-region VAT rates, product tax classes and the ``compute_tax`` function."""
from dataclasses import dataclass
from decimal import Decimal

from .money import Money

TAX_RATES = {
    "EU-DE": Decimal("0.19"),
    "EU-FR": Decimal("0.20"),
    "EU-NL": Decimal("0.21"),
    "UK": Decimal("0.20"),
    "US-NY": Decimal("0.08875"),
}

REDUCED_RATES = {
    "EU-DE": Decimal("0.07"),
    "EU-FR": Decimal("0.055"),
    "UK": Decimal("0.00"),
}


@dataclass(frozen=True)
class TaxRule:
    """A tax rate for one region and tax class (``standard`` or ``reduced``)."""

    region: str
    tax_class: str = "standard"

    @property
    def rate(self):
        """The decimal rate of this rule; unknown regions are taxed at zero."""
        table = REDUCED_RATES if self.tax_class == "reduced" else TAX_RATES
        return table.get(self.region, Decimal("0"))


def compute_tax(net: Money, region: str, tax_class: str = "standard") -> Money:
    """Compute the tax owed on a net amount for a region and a product tax class."""
    rule = TaxRule(region, tax_class)
    return net * rule.rate


def gross_from_net(net: Money, region: str) -> Money:
    """Return the gross price (net plus standard tax) for display in the storefront."""
    return net + compute_tax(net, region)
