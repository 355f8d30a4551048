"""Bots: programs that play a seat using only the engine contract.

>>> bot = make_bot("greedy", seat=0, seed=1)
>>> bot.spec
'greedy'
"""

from __future__ import annotations

from ingenium.bots import learned
from ingenium.bots.base import LEVELS, Bot, Param, UnknownBot, parse_spec, split_specs
from ingenium.bots.greedy import GreedyBot
from ingenium.bots.ismcts import IsmctsBot
from ingenium.bots.random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot, "greedy": GreedyBot, "ismcts": IsmctsBot}


def make_bot(spec: str, seat: int, seed: int = 0) -> Bot:
    """A bot from its spec string or level name; UnknownBot names the shipped bots and levels."""
    name, params = parse_spec(spec)
    try:
        cls = BOTS[name]
    except KeyError:
        raise UnknownBot(f"unknown bot {spec!r} (known: {', '.join(bot_names())})") from None
    cls.parse_params(params)  # refuse bad parameters before they reach the constructor
    return cls(seat, seed, **params)


def check_learned(spec: str, game: str, players: int, variant: str | None = None) -> None:
    """NoLearnedEvaluation if `spec` asks for the learned evaluation (`learned=1`) and none is
    shipped for the game and player count: said before the game starts, not at the bot's
    first move. Specs of no shipped bot are left to their maker to judge."""
    name, params = parse_spec(spec)
    cls = BOTS.get(name)
    if cls is not None and cls.parse_params(params).get("learned") == learned.LEARNED:
        learned.require(game, players, variant)


def bot_names() -> list[str]:
    """The levels a person picks (easiest first), then the shipped bots by name."""
    return [*LEVELS, *sorted(BOTS)]


__all__ = ["BOTS", "LEVELS", "Bot", "GreedyBot", "IsmctsBot", "Param", "RandomBot", "UnknownBot",
           "bot_names", "check_learned", "make_bot", "parse_spec", "split_specs"]
