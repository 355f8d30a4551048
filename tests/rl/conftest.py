"""Every game at every player count, for the RL adapter tests."""

from __future__ import annotations

import ingenium

GAME_COUNTS = [(name, players) for name in ingenium.game_names()
               for players in range(ingenium.get_game(name).min_players,
                                    ingenium.get_game(name).max_players + 1)]
