"""Catalog: products, categories, stock levels and a simple text search."""
from .models import Category, Product, Variant
from .inventory import Inventory
from .search import CatalogSearch

__all__ = ["Category", "Product", "Variant", "Inventory", "CatalogSearch"]
