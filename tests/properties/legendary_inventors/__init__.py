"""Legendary Inventors' rulebook properties (rules summary), checked after every step.

One module per section of the summary: `basics` (setup and the conservation of every kind of
component), `gameplay` (Gameplay 1-3 and refreshing), `bonus_tokens`, `ages`, `scoring`
(scoring, the last token plays, the end and the ranking) and `hidden` (what a view may show).
`common` holds the catalog reads and the property module's own re-derivations of the rules.
"""

from __future__ import annotations

from tests.properties.legendary_inventors import (  # noqa: F401  (each registers its checks)
    ages,
    basics,
    bonus_tokens,
    gameplay,
    hidden,
    scoring,
)
from tests.properties.legendary_inventors.common import PROPERTIES

__all__ = ["PROPERTIES"]
