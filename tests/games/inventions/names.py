"""The check that a text shows names, never internal ids, against the ids of the components in
Inventions' data files (used by the rules test and by the browser tests)."""

from __future__ import annotations

import re
from functools import cache

from ingenium.games.inventions.components import catalog


@cache
def component_ids() -> dict[str, str]:
    """Each component id (and action id) with the name people know it by."""
    ids: dict[str, str] = {}
    for records in (catalog.IDEAS, catalog.MILESTONES, catalog.GOALS, catalog.PROGRESS,
                    catalog.HEXES, catalog.INFLUENCE_TOKENS, catalog.ERA_SPACES,
                    catalog.SPECIALIST_TILES, catalog.KNOWLEDGE_TILES):
        for record in records:
            ids[record.id] = getattr(record, "name", "")
    for action in catalog.ACTIONS:
        ids[action.value] = ""
    return ids


def leaked_ids(text: str, ids: dict[str, str] | None = None) -> list[str]:
    """The ids written in `text` where a name belongs (whole tokens). Ids that are one plain
    word ('influence', 'scholar') read as prose, so only ids no sentence would contain are
    looked for: with an underscore, a digit or a comma ('economy_1', 'era2_1', '1,-1')."""
    found = []
    for ident, name in (ids or component_ids()).items():
        if ident == name or ident.isalpha():
            continue
        if re.search(rf"(?<![\w,-]){re.escape(ident)}(?![\w,])", text):
            found.append(ident)
    return found
