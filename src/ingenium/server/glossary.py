"""GET /api/games/{game}/glossary: the components a player may inspect (names, eras, types,
requirements, costs, effect text), public and the same for every table of the game."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from ingenium.engine import get_game
from ingenium.engine.errors import UnknownGame
from ingenium.server.errors import NOT_FOUND, ApiError
from ingenium.server.models import ERROR_RESPONSES


def build_glossary_router() -> APIRouter:
    """The glossary route (no table state: it reads only the game's component data)."""
    router = APIRouter(prefix="/api", responses=ERROR_RESPONSES)

    @router.get("/games/{game}/glossary", summary="Components a player may inspect")
    async def game_glossary(game: str) -> dict[str, dict[str, dict[str, Any]]]:
        try:
            return get_game(game).glossary()
        except UnknownGame as error:
            raise ApiError(NOT_FOUND, str(error)) from None

    return router
