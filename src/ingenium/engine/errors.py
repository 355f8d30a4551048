"""Errors every game, bot and interface raises and catches by type.

Each message is one line a player or a script author can act on.
"""

from __future__ import annotations


class IngeniumError(Exception):
    """Base class of every error the project raises on purpose."""


class IllegalMove(IngeniumError, ValueError):
    """A choice that the current decision does not offer; the state is unchanged."""


class UnknownGame(IngeniumError, LookupError):
    """A game name that is not registered."""


class UnknownVariant(IngeniumError, ValueError):
    """A variant name the game does not offer."""


class BadPlayerCount(IngeniumError, ValueError):
    """A player count outside the game's range."""


class BadSave(IngeniumError, ValueError):
    """A save file or history that cannot be loaded: malformed, corrupt or of another game."""
