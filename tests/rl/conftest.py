"""Every game at every player count, for the RL adapter tests."""

from __future__ import annotations

from tests.conftest import game_player_counts

# player counts that need a variant (Civolution solo: its difficulty level) are not here
GAME_COUNTS = game_player_counts()
