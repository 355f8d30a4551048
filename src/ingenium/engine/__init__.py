"""Game-agnostic core: the contract every game, bot and interface relies on."""

from ingenium.engine.actions import ActionSpace
from ingenium.engine.chance import (
    CHANCE,
    CHANCE_MODES,
    EXPLICIT,
    SECURE,
    SEEDED,
    ChanceMode,
    ChanceNode,
)
from ingenium.engine.errors import (
    BadPlayerCount,
    BadSave,
    IllegalMove,
    IngeniumError,
    UnknownGame,
    UnknownVariant,
)
from ingenium.engine.game import Game, extend
from ingenium.engine.registry import game_names, get_game, register_game, register_loader
from ingenium.engine.rng import Rng
from ingenium.engine.state import Rules, State
from ingenium.engine.table import FlatTable, table_from_data
from ingenium.engine.types import Decision, Event, Option

__all__ = [
    "CHANCE",
    "CHANCE_MODES",
    "EXPLICIT",
    "SECURE",
    "SEEDED",
    "ActionSpace",
    "BadPlayerCount",
    "BadSave",
    "ChanceMode",
    "ChanceNode",
    "Decision",
    "Event",
    "FlatTable",
    "Game",
    "IllegalMove",
    "IngeniumError",
    "Option",
    "Rng",
    "Rules",
    "State",
    "UnknownGame",
    "UnknownVariant",
    "extend",
    "game_names",
    "get_game",
    "register_game",
    "register_loader",
    "table_from_data",
]
