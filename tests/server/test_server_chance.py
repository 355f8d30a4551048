"""Chance must not be predictable: an attacker who holds every seat and watches as a spectator
cannot predict the next hidden draw better than chance, and nothing of the future is derivable.

The attacker does what one would: it looks for a seed in everything it receives (the creation
answer, every seat's and the spectator's payloads), tries to choose one itself, and brute-forces
seeds against the public start; with a seed that reproduces the start it replays its own moves
and predicts the next card off the face-down deck. Without one it can only guess.
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
from secret_rules import CARDS, GAME

SECRET_GAME = "secret-hands"
BRUTE_FORCE = 3000  # seeds tried against the public start (a real attacker tries billions)
GAMES = 4
MIN_DECK = 3  # predictions only while the deck holds at least this many cards


def seeds_in(received: Any) -> set[int]:
    """Every integer under a key named like a seed, anywhere in what was received."""
    found: set[int] = set()
    if isinstance(received, dict):
        for key, value in received.items():
            if "seed" in key.lower() and isinstance(value, int):
                found.add(value)
            found |= seeds_in(value)
    elif isinstance(received, list):
        for item in received:
            found |= seeds_in(item)
    return found


def normal(data: Any) -> Any:
    return json.loads(json.dumps(data))


class Attacker:
    """Holds every seat of a table and watches as a spectator; remembers all it received."""

    def __init__(self, client: httpx.Client, request: dict[str, Any]) -> None:
        self.client = client
        answer = client.post("/api/tables", json=request)
        assert answer.status_code == 201, answer.text
        self.created = answer.json()
        self.table = self.created["table_id"]
        self.tokens = {s["seat"]: s["token"] for s in self.created["seats"]}
        self.received: list[Any] = [self.created]
        self.moves: list[str] = []  # the decisions it made, in order
        self.start = {seat: self.look(seat)["view"] for seat in (None, 0, 1)}
        self.seeds = [s for s in sorted(seeds_in(self.received) | set(range(BRUTE_FORCE)))
                      if self.reproduces_start(s)]

    def look(self, seat: int | None) -> dict[str, Any]:
        headers = {"X-Seat-Token": self.tokens[seat]} if seat is not None else {}
        payload: dict[str, Any] = self.client.get(f"/api/tables/{self.table}",
                                                  headers=headers).json()
        self.received.append(payload)
        return payload

    def reproduces_start(self, seed: int) -> bool:
        local = GAME.new_game(2, seed)
        return all(normal(local.view(seat)) == view for seat, view in self.start.items())

    def draws_by_seed(self, seat: int) -> dict[int, str]:
        """For each seed still consistent with all observed, the card `seat` would draw now."""
        cards = {}
        for seed in self.seeds:
            local = GAME.new_game(2, seed)
            for option in self.moves:
                local.apply(option)
            before = set(local.view(seat)["table"]["hand"])
            local.apply("draw")
            cards[seed] = (set(local.view(seat)["table"]["hand"]) - before).pop()
        return cards

    def predict_draw(self, seat: int, deck: set[str], rng: random.Random) -> tuple[str, dict[
            int, str]]:
        """The card `seat` will draw (the most common among consistent seeds, else a guess),
        and what each seed said."""
        by_seed = self.draws_by_seed(seat)
        if by_seed:
            votes = sorted(by_seed.values())
            return max(votes, key=votes.count), by_seed
        return rng.choice(sorted(deck)), by_seed

    def observed_draw(self, by_seed: dict[int, str], drawn: str) -> None:
        """Keep only the seeds that predicted the card actually drawn."""
        self.seeds = [seed for seed in self.seeds if by_seed.get(seed) == drawn]

    def move(self, seat: int, option: str) -> dict[str, Any]:
        answer = self.client.post(f"/api/tables/{self.table}/moves",
                                  json={"token": self.tokens[seat], "option": option})
        assert answer.status_code == 200, answer.text
        self.moves.append(option)
        payload: dict[str, Any] = answer.json()
        self.received.append(payload)
        return payload


def play_and_predict(attacker: Attacker, rng: random.Random) -> tuple[int, int]:
    """Draw at every turn; (draws predicted right, draws predicted)."""
    hits = tries = 0
    while (watched := attacker.look(None))["status"] != "finished":
        seat = watched["to_move"]
        mine = attacker.look(seat)
        hands = set(mine["view"]["table"]["hand"]) | set(attacker.look(1 - seat)["view"]
                                                         ["table"]["hand"])
        deck = set(CARDS) - hands - set(mine["view"]["table"]["played"])
        offered = [o["id"] for o in mine["view"]["decision"]["options"]]
        if "draw" not in offered:
            attacker.move(seat, offered[0])
            continue
        guess, by_seed = attacker.predict_draw(seat, deck, rng)
        after = attacker.move(seat, "draw")
        drawn = (set(after["view"]["table"]["hand"]) - set(mine["view"]["table"]["hand"])).pop()
        attacker.observed_draw(by_seed, drawn)
        if len(deck) >= MIN_DECK:
            tries += 1
            hits += guess == drawn
    return hits, tries


def test_an_attacker_cannot_predict_the_next_hidden_draw(client: httpx.Client) -> None:
    rng = random.Random(11)
    hits = tries = 0
    requests = [{"game": SECRET_GAME, "players": 2, "seats": ["human", "human"]}] * GAMES
    chosen = {**requests[0], "seed": 1234}  # the attacker tries to choose the chance itself
    if client.post("/api/tables", json=chosen).status_code == 201:
        requests = [chosen, *requests[1:]]
    for request in requests:
        attacker = Attacker(client, request)
        won, tried = play_and_predict(attacker, rng)
        hits, tries = hits + won, tries + tried
    assert tries >= GAMES * 4
    # chance alone gets about a fifth right (1/8 .. 1/3); a seed would get every one
    assert hits <= tries / 2, f"the attacker predicted {hits} of {tries} hidden draws"


def test_nothing_of_the_future_is_derivable(client: httpx.Client) -> None:
    """No seed anywhere a seat or spectator looks; two identical requests differ."""
    request = {"game": SECRET_GAME, "players": 2, "seats": ["human", "human"]}
    first, second = Attacker(client, request), Attacker(client, request)
    for attacker in (first, second):
        attacker.move(0, "draw")
        for seat in (None, 0, 1):
            attacker.look(seat)
        assert not seeds_in(attacker.received), "a seed reached a client"
        assert '"seed"' not in json.dumps(attacker.received)
    starts = [(a.start[0]["table"]["hand"], a.start[1]["table"]["hand"]) for a in (first, second)]
    assert starts[0] != starts[1]
