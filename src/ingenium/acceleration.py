"""The modules the opt-in accelerated build compiles with mypyc (issue #23), and how to tell
whether this installation is that build.

`INGENIUM_COMPILE=1 pip install -c constraints.txt ".[dev]"` compiles MODULES (setup.py reads
this file without importing the package); any other install is pure Python, the default, and
behaves byte for byte the same. What is compiled is the hot path of play and search: each
game's `rules/` modules, `options.py`, `encoding*.py`, `evaluation.py`, `views.py`, and
Civolution's `masks.py`, `machine_loop.py` (the step machine's loop, its table staying in the
pure `machine.py`) and `seat_rows.py` (where a seat's entries lie in the table's flat lists),
and Inventions' `machine_loop.py` (likewise) and `layout.py` (the table's accessors, its class
staying in the pure `table.py`). What is kept pure, and why:

- `ingenium.engine.*`: it validates what comes from outside (saves, moves, component data);
  compiled, an ill-typed save raises TypeError where the contract says BadSave or IllegalMove.
- each game's `table.py`, `steps.py`, `machine.py`: they load saves and answers (the same
  reason), and the tables are pydantic-facing (`to_json` / `from_json`).
- each game's `components/*`: pydantic models read their class field annotations, which a
  compiled class does not keep.
- Civolution `rules/materials.py` and `scoring.py`: a first compiled build failed tests in
  them; kept pure until someone looks again (scoring.py also lies outside `rules/`).
- everything outside `ingenium.games` (bots, sim, server, rl, cli): not the hot path, and the
  server and CLI are pydantic / typer code that introspects annotations. The one exception is
  `ingenium.bots.tree`, the search tree's node statistics and its choice at a node, which run
  at every node of every search iteration and read nothing but a decision's options.

This module imports nothing from the package, so setup.py can read MODULES before the package
is built.
"""

from __future__ import annotations

import importlib.machinery
from pathlib import Path

__all__ = ["MODULES", "build_info", "compiled_modules"]

MODULES: tuple[str, ...] = (
    # civolution
    "ingenium.games.civolution.rules.abilities",
    "ingenium.games.civolution.rules.action_phase",
    "ingenium.games.civolution.rules.activation",
    "ingenium.games.civolution.rules.attributes",
    "ingenium.games.civolution.rules.building",
    "ingenium.games.civolution.rules.common",
    "ingenium.games.civolution.rules.console_actions",
    "ingenium.games.civolution.rules.event_phase",
    "ingenium.games.civolution.rules.exploration",
    "ingenium.games.civolution.rules.extra_find",
    "ingenium.games.civolution.rules.feeding",
    "ingenium.games.civolution.rules.flow",
    "ingenium.games.civolution.rules.gains",
    "ingenium.games.civolution.rules.improvements",
    "ingenium.games.civolution.rules.income",
    "ingenium.games.civolution.rules.install",
    "ingenium.games.civolution.rules.interpreter",
    "ingenium.games.civolution.rules.new_cards",
    "ingenium.games.civolution.rules.new_goals",
    "ingenium.games.civolution.rules.partition",
    "ingenium.games.civolution.rules.payment",
    "ingenium.games.civolution.rules.requirements",
    "ingenium.games.civolution.rules.research",
    "ingenium.games.civolution.rules.setup",
    "ingenium.games.civolution.rules.site_actions",
    "ingenium.games.civolution.rules.sites",
    "ingenium.games.civolution.rules.solo.encoding",
    "ingenium.games.civolution.rules.solo.flow",
    "ingenium.games.civolution.rules.solo.phases",
    "ingenium.games.civolution.rules.solo.setup",
    "ingenium.games.civolution.rules.solo.territory",
    "ingenium.games.civolution.rules.solo.turn",
    "ingenium.games.civolution.rules.solo.view",
    "ingenium.games.civolution.rules.starting_a",
    "ingenium.games.civolution.rules.starting_b",
    "ingenium.games.civolution.rules.supply",
    "ingenium.games.civolution.rules.tally",
    "ingenium.games.civolution.rules.tribe_actions",
    "ingenium.games.civolution.rules.tribes",
    "ingenium.games.civolution.rules.vocabulary",
    "ingenium.games.civolution.options",
    "ingenium.games.civolution.evaluation",
    "ingenium.games.civolution.views",
    "ingenium.games.civolution.machine_loop",
    "ingenium.games.civolution.seat_rows",
    "ingenium.games.civolution.masks",
    "ingenium.games.civolution.encoding",
    # inventions
    "ingenium.games.inventions.rules.actions.citizens",
    "ingenium.games.inventions.rules.actions.core",
    "ingenium.games.inventions.rules.actions.milestones",
    "ingenium.games.inventions.rules.actions.perform",
    "ingenium.games.inventions.rules.chronos",
    "ingenium.games.inventions.rules.chronos_era_change",
    "ingenium.games.inventions.rules.conditions",
    "ingenium.games.inventions.rules.era_change",
    "ingenium.games.inventions.rules.final_scoring",
    "ingenium.games.inventions.rules.iconography",
    "ingenium.games.inventions.rules.key_concepts",
    "ingenium.games.inventions.rules.payment",
    "ingenium.games.inventions.rules.round",
    "ingenium.games.inventions.rules.setup",
    "ingenium.games.inventions.rules.stone_age",
    "ingenium.games.inventions.rules.tiles",
    "ingenium.games.inventions.options",
    "ingenium.games.inventions.evaluation",
    "ingenium.games.inventions.views",
    "ingenium.games.inventions.encoding",
    "ingenium.games.inventions.encoding_chronos",
    "ingenium.games.inventions.machine_loop",
    "ingenium.games.inventions.layout",
    # legendary_inventors
    "ingenium.games.legendary_inventors.rules.ages",
    "ingenium.games.legendary_inventors.rules.bonus_tokens",
    "ingenium.games.legendary_inventors.rules.completion",
    "ingenium.games.legendary_inventors.rules.gameplay",
    "ingenium.games.legendary_inventors.rules.inventors",
    "ingenium.games.legendary_inventors.rules.scoring",
    "ingenium.games.legendary_inventors.rules.setup",
    "ingenium.games.legendary_inventors.options",
    "ingenium.games.legendary_inventors.evaluation",
    "ingenium.games.legendary_inventors.views",
    "ingenium.games.legendary_inventors.encoding",
    # the search tree (bots/ismcts.py runs it at every node of every iteration)
    "ingenium.bots.tree",
)


def compiled_modules() -> list[str]:
    """The modules of MODULES installed as extension modules (the import system prefers an
    extension module to the .py beside it, so these are the ones that run compiled)."""
    root = Path(__file__).resolve().parent.parent
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return [name for name in MODULES
            if any((root / (name.replace(".", "/") + suffix)).is_file() for suffix in suffixes)]


def build_info() -> dict[str, object]:
    """Whether this installation is the compiled build and how many modules it compiled
    (`ingenium --version`, `ingenium bench --json`)."""
    compiled = compiled_modules()
    return {"compiled": bool(compiled), "modules": len(compiled)}
