"""Legendary Inventors questions: what the deciding seat may answer now.

Every Option is built once at import (ids, labels and codes are constants per component), so a
decision costs only the legality checks — that is what keeps random play fast.
"""

from __future__ import annotations

from ingenium.engine import ActionSpace, Decision, Option
from ingenium.games.legendary_inventors.components import (
    INVENTORS_PER_TEAM,
    NUM_TYPES,
    TOKENS_PER_INVENTION,
    TYPES,
    components,
)
from ingenium.games.legendary_inventors.table import (
    FACE_BACK,
    FACE_FRONT,
    IN_PLAY,
    OVER,
    PLAY,
    STEP_BONUS,
    STEP_CHOCOLATE,
    STEP_FINAL,
    STEP_INVENTION,
    STEP_TARGET,
    LITable,
)

C = components()
NUM_KINDS = len(C.token_kinds)
NUM_INVENTIONS = len(C.inventions)
NEED = tuple(inv.need for inv in C.inventions)
COFFEE = C.token("coffee").id
CHOCOLATE = C.token("chocolate").id
UPGRADES = tuple(k.id for k in C.token_kinds if k.effect == "upgrade")
CARD_SLOT = TOKENS_PER_INVENTION  # bonus option index meaning "take the card"

SPACE = ActionSpace([
    ("use", INVENTORS_PER_TEAM),
    ("invent", NUM_INVENTIONS),
    ("refresh", 1),
    ("coffee", 1),
    ("chocolate", 1),
    ("front", NUM_KINDS),
    ("back", NUM_KINDS),
    ("target", INVENTORS_PER_TEAM * NUM_TYPES),
    ("place", NUM_TYPES),
    ("bonus", TOKENS_PER_INVENTION + 1),
    ("done", 1),
])

# -- every option, built once -----------------------------------------------------------------
USE = tuple(tuple(Option(f"use:inventor={i.slug}", f"Use {i.name}", SPACE.code("use", n))
                  for n, i in enumerate(team.inventors)) for team in C.teams)
INVENT = tuple(Option(f"invent:invention={i.slug}",
                      f"{i.name} (needs " + ", ".join(
                          f"{TYPES[ty]} {n}" for ty, n in enumerate(i.need) if n) + ")",
                      SPACE.code("invent", i.id)) for i in C.inventions)
REFRESH = Option("refresh", "Refresh all inventors", SPACE.code("refresh"))
PLAY_COFFEE = Option("coffee", "Play Coffee: refresh all inventors for free, then act",
                     SPACE.code("coffee"))
PLAY_CHOCOLATE = Option("chocolate", "Play Chocolate: 2 extra cubes on this turn's invention",
                        SPACE.code("chocolate"))
FRONT = tuple(Option(f"token:{k.key}", f"Play a {k.label} token: raise a knowledge "
                     f"{k.to_level - 1} to {k.to_level}", SPACE.code("front", k.id))
              for k in C.token_kinds)
BACK = tuple(Option(f"back:{k.key}", f"Play a {k.label} token on its '1' side: open a blank "
                    "knowledge", SPACE.code("back", k.id)) for k in C.token_kinds)
TARGET = tuple(tuple(
    Option(f"target:inventor={i.slug}:type={TYPES[ty]}", f"{i.name}: {TYPES[ty]} +1",
           SPACE.code("target", n * NUM_TYPES + ty))
    for n, i in enumerate(team.inventors) for ty in range(NUM_TYPES)) for team in C.teams)
PLACE = tuple(Option(f"place:type={ty}", f"Extra cube on {ty}", SPACE.code("place", n))
              for n, ty in enumerate(TYPES))
BONUS_TOKEN = tuple(tuple(Option(f"bonus:slot={slot}", f"Take the {k.label} token",
                                 SPACE.code("bonus", slot)) for k in C.token_kinds)
                    for slot in range(TOKENS_PER_INVENTION))
BONUS_CARD = tuple(Option("bonus:card", f"Take the {i.name} card ({i.vp} VP)",
                          SPACE.code("bonus", CARD_SLOT)) for i in C.inventions)
DONE = Option("done", "Done playing tokens", SPACE.code("done"))


def decide(t: LITable) -> Decision | None:
    """The pending question: the top pending step's, else the current player's turn."""
    if t.phase == OVER:
        return None
    if not t.pending:
        return turn_decision(t)
    step = t.pending[-1]
    kind = step[0]
    if kind == STEP_INVENTION:
        return invention_decision(t, step[1])
    if kind == STEP_TARGET:
        seat = t.current if t.phase == PLAY else t.pending[-2][1]
        return target_decision(t, seat, step[1], step[2])
    if kind == STEP_CHOCOLATE:
        return chocolate_decision(t, step[1], step[2])
    if kind == STEP_BONUS:
        return bonus_decision(t, step)
    if kind == STEP_FINAL:
        return final_decision(t, step[1])
    raise ValueError(f"unexpected pending step {step}")


def inventor_name(t: LITable, seat: int, inventor: int) -> str:
    """An inventor's name."""
    return C.teams[t.team[seat]].inventors[inventor].name


def fresh(t: LITable, seat: int) -> list[int]:
    """Inventors of a seat not yet used since the last refresh."""
    base = seat * INVENTORS_PER_TEAM
    used = t.used
    return [i for i in range(INVENTORS_PER_TEAM) if not used[base + i]]


def open_squares(t: LITable, inv: int, ty: int) -> int:
    """Empty squares of one knowledge type on an invention."""
    return NEED[inv][ty] - t.filled[inv * NUM_TYPES + ty]


def cubes_for(t: LITable, seat: int, inventor: int, inv: int) -> list[int]:
    """Gameplay 1-2: cubes an inventor places per type (its level, capped by open squares)."""
    base = (seat * INVENTORS_PER_TEAM + inventor) * NUM_TYPES
    return [min(t.level[base + ty], open_squares(t, inv, ty)) for ty in range(NUM_TYPES)]


def open_masks(t: LITable) -> list[tuple[int, int]]:
    """(invention, bitmask of types with open squares) for every open invention in play."""
    status, filled = t.status, t.filled
    masks = []
    for inv in t.display:
        if status[inv] == IN_PLAY:
            need, at = NEED[inv], inv * NUM_TYPES
            mask = 0
            for ty in range(NUM_TYPES):
                if need[ty] > filled[at + ty]:
                    mask |= 1 << ty
            masks.append((inv, mask))
    return masks


def usable_inventions(t: LITable, seat: int, inventor: int,
                      masks: list[tuple[int, int]] | None = None) -> list[int]:
    """Gameplay 2: inventions where the inventor places a cube, or any open one with Chocolate."""
    if masks is None:
        masks = open_masks(t)
    if t.chocolate:
        return [inv for inv, _ in masks]
    base = (seat * INVENTORS_PER_TEAM + inventor) * NUM_TYPES
    level = t.level
    known = sum(1 << ty for ty in range(NUM_TYPES) if level[base + ty])
    return [inv for inv, mask in masks if mask & known]


def token_targets(t: LITable, seat: int, kind: int, face: int) -> list[int]:
    """Bonus tokens: slots (inventor * 4 + type) a token can raise — a '1' back on a blank,
    an upgrade only in sequence (a 4 on a 3)."""
    wanted = 0 if face == FACE_BACK else C.token_kinds[kind].to_level - 1
    base = seat * INVENTORS_PER_TEAM * NUM_TYPES
    level = t.level
    return [n for n in range(INVENTORS_PER_TEAM * NUM_TYPES) if level[base + n] == wanted]


def knowledge_token_options(t: LITable, seat: int) -> list[Option]:
    """Bonus tokens 2/3/4 on their front and any token on its '1' back, where a target exists."""
    base = seat * NUM_KINDS
    held = t.held[base:base + NUM_KINDS]
    if not any(held):
        return []
    options = [FRONT[kind] for kind in UPGRADES
               if held[kind] and token_targets(t, seat, kind, FACE_FRONT)]
    if token_targets(t, seat, 0, FACE_BACK):
        options.extend(BACK[kind] for kind in range(NUM_KINDS) if held[kind])
    return options


def turn_decision(t: LITable) -> Decision:
    """Gameplay: use an inventor or refresh (forced once all four are used); tokens first."""
    seat = t.current
    options = knowledge_token_options(t, seat)
    held = t.held
    base = seat * NUM_KINDS
    ready = fresh(t, seat)
    used_any = len(ready) < INVENTORS_PER_TEAM
    if held[base + COFFEE] and used_any:
        options.append(PLAY_COFFEE)
    if held[base + CHOCOLATE] and not t.chocolate and ready:
        options.append(PLAY_CHOCOLATE)
    use = USE[t.team[seat]]
    if t.chocolate:
        options.extend(use[i] for i in ready)  # any open invention will do
    else:
        open_types = [mask for _, mask in open_masks(t)]
        level, base = t.level, seat * INVENTORS_PER_TEAM * NUM_TYPES
        for i in ready:
            at = base + i * NUM_TYPES
            known = ((level[at] > 0) | (level[at + 1] > 0) << 1 | (level[at + 2] > 0) << 2
                     | (level[at + 3] > 0) << 3)
            if any(mask & known for mask in open_types):
                options.append(use[i])
    if used_any and not t.chocolate:
        options.append(REFRESH)
    prompt = ("Use an inventor, refresh, or play a token" if not t.chocolate
              else "Chocolate played: use an inventor")
    return Decision(seat, "turn", prompt, tuple(options))


def invention_decision(t: LITable, inventor: int) -> Decision:
    """Gameplay 2: pick the invention on which to use the inventor's knowledge."""
    seat = t.current
    options = tuple(INVENT[inv] for inv in usable_inventions(t, seat, inventor))
    return Decision(seat, "invention", f"Where does {inventor_name(t, seat, inventor)} work?",
                    options)


def target_decision(t: LITable, seat: int, kind: int, face: int) -> Decision:
    """Bonus tokens: which inventor and knowledge type the token improves."""
    targets = TARGET[t.team[seat]]
    options = tuple(targets[n] for n in token_targets(t, seat, kind, face))
    side = "'1' side" if face == FACE_BACK else "front"
    return Decision(seat, "token_target",
                    f"Improve which knowledge with the {C.token_kinds[kind].label} token ({side})?",
                    options)


def chocolate_decision(t: LITable, inv: int, left: int) -> Decision:
    """Chocolate: each extra cube goes on any open square of the same invention, any type."""
    options = tuple(PLACE[ty] for ty in range(NUM_TYPES) if open_squares(t, inv, ty) > 0)
    return Decision(t.current, "chocolate",
                    f"Place a chocolate cube on {C.inventions[inv].name} ({left} left)", options)


def bonus_decision(t: LITable, step: tuple[int, ...]) -> Decision:
    """Gameplay 3: a top contributor chooses one bonus token or the card."""
    inv, seat = step[1], step[2]
    options = []
    for slot in range(TOKENS_PER_INVENTION):
        kind = t.bonus[inv * TOKENS_PER_INVENTION + slot]
        if kind >= 0:
            options.append(BONUS_TOKEN[slot][kind])
    if t.owner[inv] < 0:
        options.append(BONUS_CARD[inv])
    return Decision(seat, "bonus", f"{C.inventions[inv].name} is complete: choose your bonus",
                    tuple(options))


def final_decision(t: LITable, seat: int) -> Decision:
    """Scoring: the last opportunity to play tokens that improve knowledge."""
    return Decision(seat, "final_tokens", "Last chance to play bonus tokens on your inventors",
                    (*knowledge_token_options(t, seat), DONE))
