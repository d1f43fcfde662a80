"""Catalog search: tokenised name, tag and description matching with a simple score."""
import re
from typing import List, Tuple

from . import models
from .inventory import Inventory

_TOKEN = re.compile(r"[a-z0-9]+")

NAME_WEIGHT = 3.0
TAG_WEIGHT = 2.0
DESCRIPTION_WEIGHT = 1.0


def tokenize(text: str) -> List[str]:
    """Lowercase word tokens of a text, used both for queries and documents."""
    return _TOKEN.findall(text.lower())


class CatalogSearch:
    """Scores active products against a free-text query; names count most, then tags."""

    def __init__(self, inventory: Inventory):
        self.inventory = inventory

    def score(self, product: models.Product, terms: List[str]) -> float:
        """Weighted count of query terms found in the product's name, tags and description."""
        name = set(tokenize(product.name))
        tags = {t.lower() for t in product.tags}
        body = set(tokenize(product.description))
        total = 0.0
        for term in terms:
            total += NAME_WEIGHT * (term in name)
            total += TAG_WEIGHT * (term in tags)
            total += DESCRIPTION_WEIGHT * (term in body)
        return total

    def search(self, query: str, limit: int = 10) -> List[Tuple[models.Product, float]]:
        """Return up to ``limit`` active products matching the query, best first."""
        terms = tokenize(query)
        hits = []
        for product in self.inventory:
            if not product.active:
                continue
            value = self.score(product, terms)
            if value > 0:
                hits.append((product, value))
        hits.sort(key=lambda hit: (-hit[1], hit[0].name))
        return hits[:limit]

    def in_category(self, category: models.Category) -> List[models.Product]:
        """Products filed under the category or any of its sub-categories."""
        wanted = category.path
        return [
            p for p in self.inventory
            if p.category is not None and p.category.path[: len(wanted)] == wanted
        ]
