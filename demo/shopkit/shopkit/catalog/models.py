"""Catalog data model: products with variants, grouped into nested categories."""
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from ..pricing.money import Money
from ..utils.text import slugify


@dataclass
class Category:
    """A node of the category tree, such as ``Clothing > Shirts``."""

    name: str
    parent: Optional["Category"] = None
    slug: str = ""

    def __post_init__(self):
        self.slug = self.slug or slugify(self.name)

    @property
    def path(self) -> List[str]:
        """Names from the root category down to this one."""
        names = []
        node = self
        while node is not None:
            names.append(node.name)
            node = node.parent
        return list(reversed(names))


@dataclass
class Variant:
    """One purchasable option of a product (size, colour) with its own SKU suffix."""

    suffix: str
    attributes: Dict[str, str] = field(default_factory=dict)
    price_delta: Optional[Money] = None


@dataclass
class Product:
    """A product in the catalog: SKU, name, net price, tax class and category."""

    sku: str
    name: str
    price: Money
    category: Optional[Category] = None
    tax_class: str = "standard"
    description: str = ""
    tags: List[str] = field(default_factory=list)
    variants: List[Variant] = field(default_factory=list)
    active: bool = True

    @property
    def slug(self) -> str:
        """URL slug derived from the product name."""
        return slugify(self.name)

    def variant_price(self, suffix: str) -> Money:
        """Price of the variant with the given suffix (base price plus its delta)."""
        for variant in self.variants:
            if variant.suffix == suffix and variant.price_delta is not None:
                return self.price + variant.price_delta
        return self.price

    def to_record(self) -> dict:
        """Flatten the product into a plain dictionary for storage backends."""
        return {
            "sku": self.sku,
            "name": self.name,
            "price": str(self.price.amount),
            "currency": self.price.currency,
            "category": "/".join(self.category.path) if self.category else None,
            "tax_class": self.tax_class,
            "tags": list(self.tags),
            "active": self.active,
        }
