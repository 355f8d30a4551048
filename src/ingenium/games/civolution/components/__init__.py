"""Civolution's components: data/*.toml loaded into frozen records, validated against the rulebook.

`catalog()` gives everything, loaded once. `effects` is the one effect vocabulary; `continent`
computes the adjacency of any layout of the 8 continent tiles; `rulebook` holds the counts and
tables the rulebook fixes; `validation` compares the data with them.
"""

from ingenium.games.civolution.components.catalog import Catalog, catalog, catalog_from
from ingenium.games.civolution.components.loading import load, parse
from ingenium.games.civolution.components.records import ComponentError, Components

__all__ = ["Catalog", "ComponentError", "Components", "catalog", "catalog_from", "load", "parse"]
