"""Honest by construction: Bot.choose hands a bot's logic only its seat's world, so two states
the seat cannot tell apart get the same choice, from every shipped bot in every game. The same
procedure catches a control bot that is handed the real state and reads it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import ingenium
from ingenium.bots import Bot, make_bot
from ingenium.engine import Decision, Option, State, game_names

SPECS = ["random", "easy", "greedy", "ismcts:iters=20,rollout=4",
         # the stronger search's parameters (bots/ismcts.py), alone and together
         "ismcts:iters=12,rollout=0", "ismcts:iters=12,rollout=0,prior=1",
         "ismcts:iters=12,rollout=2,prior=2,widen=1", "ismcts:iters=12,rollout=0,prior=1,reuse=1",
         "ismcts:iters=12,rollout=0,prior=1,widen=1,reuse=1",
         "ismcts:iters=12,rollout=0,prior=1,workers=2",
         "ismcts:iters=12,rollout=0,chain=1", "ismcts:iters=12,rollout=0,chain=2",
         "ismcts:iters=12,rollout=0,chain=2,center=1,horizon=1",
         "ismcts:iters=12,rollout=0,chain=2,center=1,horizon=1,top=3",
         "ismcts:iters=12,rollout=0,chain=2,center=1,horizon=1,guide=10",
         "ismcts:iters=12,rollout=0,chain=2,center=1,horizon=1,macro=1"]
# Civolution's Solo Mode: the player alone against V.I.C.I (its deck and future chance hidden)
SOLO = ("civolution", 1, "medium")
POSITIONS = 4


class Fingerprinter(Bot):
    """Picks by a hash of everything it is handed: any hidden information changes its choice."""

    name = "fingerprinter"

    def decide(self, world: State[Any], decision: Decision) -> Option:
        return decision.options[int(world.fingerprint(), 16) % len(decision.options)]


class Peeker(Fingerprinter):
    """The control: skips Bot.choose's world and reads the real state, as bots once could."""

    def choose(self, state: State[Any], decision: Decision) -> Option:
        return self.decide(state, decision)


def twins(game: str, seed: int, players: int = 3, variant: str | None = None
          ) -> tuple[State[Any], State[Any], int]:
    """A position after random moves and a copy the mover cannot tell from it (other hidden
    information: other decks, bags, hands and future chance)."""
    rng = random.Random(seed)
    state = ingenium.get_game(game).new_game(players, seed, variant=variant)
    for _ in range(rng.randrange(5, 40)):
        decision = state.decision
        assert decision is not None
        state.apply(rng.choice(decision.options))
    decision = state.decision
    while decision is not None and len(decision.options) < 2:
        state.apply(decision.options[0])
        decision = state.decision
    assert decision is not None
    twin = state.determinize(decision.seat, random.Random(seed + 99))
    assert twin.view(decision.seat) == state.view(decision.seat)
    assert twin.fingerprint() != state.fingerprint()
    return state, twin, decision.seat


def same_choice_for_twins(make: Callable[[int], Bot], game: str, players: int = 3,
                          variant: str | None = None) -> bool:
    """Whether a bot (made afresh, same seed) chooses alike in every pair of twin positions."""
    for seed in range(POSITIONS):
        state, twin, seat = twins(game, seed, players, variant)
        a = make(seat).choose(state, state.decision)  # type: ignore[arg-type]
        b = make(seat).choose(twin, twin.decision)  # type: ignore[arg-type]
        if a.id != b.id:
            return False
    return True


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("spec", SPECS)
def test_every_bot_chooses_alike_in_positions_its_seat_cannot_tell_apart(spec: str,
                                                                          game: str) -> None:
    assert same_choice_for_twins(lambda seat: make_bot(spec, seat, 7), game)


@pytest.mark.parametrize("game", game_names())
def test_the_procedure_has_teeth_a_bot_reading_the_real_state_fails(game: str) -> None:
    assert not same_choice_for_twins(lambda seat: Peeker(seat, 7), game)
    # the very same logic behind Bot.choose is handed only the seat's world, and passes
    assert same_choice_for_twins(lambda seat: Fingerprinter(seat, 7), game)


@pytest.mark.parametrize("spec", ["greedy", "hard", "ismcts:iters=12,rollout=0,chain=2",
                                  "ismcts:iters=12,rollout=0,chain=2,center=1,horizon=1",
                                  "ismcts:iters=12,rollout=0,chain=2,center=1,top=3",
                                  "ismcts:iters=12,rollout=0,chain=2,center=1,guide=10",
                                  "ismcts:iters=12,rollout=0,chain=2,center=1,macro=1"])
def test_against_vici_every_bot_chooses_alike_in_positions_the_player_cannot_tell_apart(
        spec: str) -> None:
    if spec == "hard":
        spec = make_bot("hard", 0).spec.replace("ms=1000", "iters=12")  # its settings, quick
    assert same_choice_for_twins(lambda seat: make_bot(spec, seat, 7), *SOLO)
    assert not same_choice_for_twins(lambda seat: Peeker(seat, 7), *SOLO)


def test_a_bot_is_handed_a_world_without_the_real_seed() -> None:
    seen: list[State[Any]] = []

    class Recorder(Fingerprinter):
        def decide(self, world: State[Any], decision: Decision) -> Option:
            seen.append(world)
            return decision.options[0]

    state, _, seat = twins("legendary-inventors", 1)
    Recorder(seat, 0).choose(state, state.decision)  # type: ignore[arg-type]
    assert seen and seen[0] is not state and seen[0].seed is None
    assert seen[0].view(seat) == state.view(seat)


REUSE = "ismcts:iters=12,rollout=0,prior=1,widen=1,reuse=1"


@pytest.mark.parametrize("game", game_names())
def test_a_kept_subtree_chooses_alike_in_chained_decisions_its_seat_cannot_tell_apart(
        game: str) -> None:
    """The same bot, asked twice in one turn, keeps its tree: built from its seat's worlds only,
    the second choice is still the same for twin positions."""
    chained = 0
    for seed in range(12):
        state, twin, seat = twins(game, seed)
        a, b = make_bot(REUSE, seat, 7), make_bot(REUSE, seat, 7)
        for _ in range(3):  # this decision and the chained ones after it
            first = a.choose(state, state.decision)  # type: ignore[arg-type]
            assert b.choose(twin, twin.decision).id == first.id  # type: ignore[arg-type]
            state.apply(first.id)
            twin.apply(first.id)
            decision = state.decision
            if (decision is None or decision.seat != seat or twin.decision is None
                    or state.view(seat) != twin.view(seat)):
                break
            chained += 1
    assert chained >= 3  # the kept tree was really asked again
