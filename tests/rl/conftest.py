"""Every game at every player count, for the RL adapter tests; the counts that need a variant
(Civolution solo: a V.I.C.I level) apart, with their variants."""

from __future__ import annotations

import ingenium

ALL_COUNTS = [(name, players) for name in ingenium.game_names()
              for players in range(ingenium.get_game(name).min_players,
                                   ingenium.get_game(name).max_players + 1)]
GAME_COUNTS = [(name, players) for name, players in ALL_COUNTS
               if not ingenium.get_game(name).needs_variant(players)]
# (game, players, variant): the lowest and highest level of each count that needs one
VARIANT_CASES = [(name, players, variant) for name, players in ALL_COUNTS
                 if ingenium.get_game(name).needs_variant(players)
                 for variant in dict.fromkeys(
                     (ingenium.get_game(name).variants_for(players)[0],
                      ingenium.get_game(name).variants_for(players)[-1]))]
