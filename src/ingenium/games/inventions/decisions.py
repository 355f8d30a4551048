"""Inventions options: every answer a seat can give, built once at import (ids, labels and
codes are constants), plus the option lists of the main action, payments and refills.
"""

from __future__ import annotations

from ingenium.engine import ActionSpace, Option
from ingenium.games.inventions import catalog as K
from ingenium.games.inventions import queries as Q
from ingenium.games.inventions.effects import ACTION_NAMES
from ingenium.games.inventions.table import InvTable

R, P = K.NUM_REGIONS, K.MAX_SEATS
SPACE = ActionSpace([
    ("main", K.NUM_SPACES), ("idle", K.NUM_SPACES), ("economy", 7), ("stone", R),
    ("present_idea", K.NUM_IDEAS), ("present_region", R), ("invent", R), ("innovate", R),
    ("share", R), ("pay", 7), ("reward_wealth", 1), ("reward_wild", 1), ("reward_none", 1),
    ("replace", 4), ("home_region", R), ("home_count", K.CITIZENS), ("specialty", 3),
    ("call_chain", K.NUM_IDEAS), ("gi_region", R), ("gi_token", K.NUM_TOKENS), ("flip", R),
    ("travel", R * R), ("sage_chain", 1), ("sage_score", 1), ("eureka", K.NUM_MILESTONES),
    ("era_space", len(K.ERA_SPACES)), ("send_citizen", 4), ("send_to", K.NUM_MILESTONES),
    ("recall", K.NUM_MILESTONES), ("place", R), ("chain", len(K.ACTIONS)),
    ("free", len(K.ACTIONS)), ("tech", 7), ("refill", 4), ("keep", 4),
    ("progress", K.NUM_PROGRESS), ("build_tile", 4), ("build_hex", K.NUM_HEXES),
    ("turn_order", P), ("sage_return", R), ("skip", 1), ("done", 1),
])
ACT = tuple(a.value for a in K.ACTIONS)
SPC = tuple(a.value for a in K.SPACES)
RN = tuple(str(r + 1) for r in range(R))
REG = tuple(K.region_name(r) for r in range(R))
IDEA_SLUG = tuple(i.id for i in K.IDEAS)
M_SLUG = tuple(m.id for m in K.MILESTONES)
PROG_ID = tuple(f"{K.TYPE_NAMES[n // 7]}_{n % 7 + 1}" for n in range(K.NUM_PROGRESS))


def _opts(block: str, ids: list[str], labels: list[str]) -> tuple[Option, ...]:
    return tuple(Option(i, lab, SPACE.code(block, n)) for n, (i, lab) in enumerate(
        zip(ids, labels, strict=True)))


MAIN = _opts("main", [f"main:space={a}" for a in SPC],
             [f"Main action: {ACTION_NAMES[a]}" for a in K.SPACES])
IDLE = _opts("idle", [f"idle:space={a}" for a in SPC],
             [f"No action possible: pillar on {ACTION_NAMES[a]}, +1 influence" for a in K.SPACES])
ECONOMY = _opts("economy", [f"economy:tile={n}" for n in range(1, 8)],
                [f"Use Economy tile {n} (Economy token)" for n in range(1, 8)])
STONE = _opts("stone", [f"stone:region={r}" for r in RN], [f"Start in {g}" for g in REG])
PRESENT_IDEA = _opts("present_idea", [f"present:idea={s}" for s in IDEA_SLUG],
                     [f"Present {i.name}" for i in K.IDEAS])
PRESENT_REGION = _opts("present_region", [f"present:region={r}" for r in RN],
                       [f"Present in {g}" for g in REG])
INVENT = _opts("invent", [f"invent:region={r}" for r in RN], [f"Invent in {g}" for g in REG])
INNOVATE = _opts("innovate", [f"innovate:region={r}" for r in RN],
                 [f"Innovate in {g}" for g in REG])
SHARE = _opts("share", [f"share:region={r}" for r in RN], [f"Share in {g}" for g in REG])
PAY = _opts("pay", ["pay:trader", "pay:artisan", "pay:thinker", "pay:scholar",
                    "pay:scholar=economy", "pay:scholar=culture", "pay:scholar=technology"],
            ["Use a trader", "Use an artisan", "Use a thinker", "Use a scholar",
             "Use a scholar (becomes a trader)", "Use a scholar (becomes an artisan)",
             "Use a scholar (becomes a thinker)"])
REWARD_WEALTH = Option("reward:wealth", "Take the region's Wealth tile",
                       SPACE.code("reward_wealth"))
REWARD_WILD = Option("reward:wild", "Take a wild Aspiration tile", SPACE.code("reward_wild"))
REWARD_NONE = Option("reward:none", "Take no tile", SPACE.code("reward_none"))
REPLACE = _opts("replace", [f"replace:slot={n + 1}" for n in range(4)],
                [f"Replace the Aspiration tile in space {n + 1}" for n in range(4)])
HOME_REGION = _opts("home_region", [f"home:region={r}" for r in RN],
                    [f"Bring citizens home from {g}" for g in REG])
HOME_COUNT = _opts("home_count", [f"home:count={n + 1}" for n in range(K.CITIZENS)],
                   [f"{n + 1} citizen(s)" for n in range(K.CITIZENS)])
SPECIALTY = _opts("specialty", [f"specialty:{n}" for n in K.TYPE_NAMES],
                  [f"They become {n}s" for n in K.SPECIALIST_NAMES])
CALL_CHAIN = _opts("call_chain", [f"chain:invention={s}" for s in IDEA_SLUG],
                   [f"Chain {i.name}: {ACTION_NAMES[i.chain]}" for i in K.IDEAS])
GI_REGION = _opts("gi_region", [f"influence:region={r}" for r in RN],
                  [f"Gain influence in {g}" for g in REG])
GI_TOKEN = _opts("gi_token", [f"influence:token={k.id}" for k in K.INFLUENCE_TOKENS],
                 [f"Place the {k.name} token ({k.citizens} citizens)" for k in K.INFLUENCE_TOKENS])
FLIP = _opts("flip", [f"flip:region={r}" for r in RN],
             [f"Flip your Influence token in {g} for its Chain Action" for g in REG])
TRAVEL = _opts("travel", [f"travel:from={a + 1}:to={b + 1}" for a in range(R) for b in range(R)],
               [f"Travel from {REG[a]} to {REG[b]}" for a in range(R) for b in range(R)])
SAGE_CHAIN = Option("sage:chain", "Chain the Knowledge tile's action", SPACE.code("sage_chain"))
SAGE_SCORE = Option("sage:score", "Score 2 IP per Knowledge tile on its IP side",
                    SPACE.code("sage_score"))
EUREKA = _opts("eureka", [f"eureka:milestone={s}" for s in M_SLUG],
               [f"Eureka: take {m.name}" for m in K.MILESTONES])
ERA_SPACE = _opts("era_space", [f"era:space={s.id}" for s in K.ERA_SPACES],
                  [f"Era {s.era} space {s.slot}" for s in K.ERA_SPACES])
SEND_CITIZEN = _opts("send_citizen", ["send:trader", "send:artisan", "send:thinker",
                                      "send:scholar"],
                     ["Send a trader", "Send an artisan", "Send a thinker", "Send a scholar"])
SEND_TO = _opts("send_to", [f"send:milestone={s}" for s in M_SLUG],
                [f"Diplomat to {m.name}" for m in K.MILESTONES])
RECALL = _opts("recall", [f"recall:milestone={s}" for s in M_SLUG],
               [f"Call your diplomat home from {m.name}" for m in K.MILESTONES])
PLACE = _opts("place", [f"place:region={r}" for r in RN], [f"New citizen in {g}" for g in REG])
CHAIN = _opts("chain", [f"chain:action={a}" for a in ACT],
              [f"Chain Action: {ACTION_NAMES[a]}" for a in K.ACTIONS])
FREE = _opts("free", [f"free:action={a}" for a in ACT],
             [f"Free action: {ACTION_NAMES[a]}" for a in K.ACTIONS])
TECH = _opts("tech", [f"tech:tile={n}" for n in range(1, 8)],
             [f"Technology tile {n}: chain its paired action (1 influence)" for n in range(1, 8)])
REFILL = _opts("refill", ["refill:slot=1", "refill:slot=2", "refill:slot=3", "refill:stack"],
               ["Take the display's left idea", "Take the display's middle idea",
                "Take the display's right idea", "Take the top idea of the stack"])
KEEP = _opts("keep", [f"keep:side={s}" for s in K.ASPIRATION_NAMES],
             [f"Keep a {s} Aspiration tile" for s in K.ASPIRATION_NAMES])
PROGRESS = _opts("progress", [f"progress:tile={p}" for p in PROG_ID],
                 [f"Take Progress tile {p}" for p in PROG_ID])
BUILD_TILE = _opts("build_tile", [f"build:slot={n + 1}" for n in range(4)],
                   [f"Build the tile in space {n + 1}" for n in range(4)])
BUILD_HEX = _opts("build_hex", [f"build:hex={h.id}" for h in K.HEXES],
                  [f"On hex {h.id}" for h in K.HEXES])
TURN_ORDER = _opts("turn_order", [f"turn_order:position={n + 1}" for n in range(P)],
                   [f"Move to turn-order space {n + 1}" for n in range(P)])
SAGE_RETURN = _opts("sage_return", [f"sage:return={r}" for r in RN],
                    [f"Return a sage to {g}" for g in REG])
SKIP = Option("skip", "Skip", SPACE.code("skip"))
DONE = Option("done", "Done", SPACE.code("done"))


def economy_options(t: InvTable, seat: int) -> list[Option]:
    """Economy tiles on the map not used this era, while an Economy token is home."""
    if t.eco_home[seat] <= 0:
        return []
    base = seat * K.NUM_HEXES
    out = []
    for h in range(K.NUM_HEXES):
        code = t.progress_map[base + h]
        if K.PROGRESS_BASE <= code < K.PROGRESS_BASE + 7 and not t.eco_used[base + h]:
            out.append(ECONOMY[code - K.PROGRESS_BASE])
    return out


def main_options(t: InvTable, seat: int) -> list[Option]:
    """C. Main Action: accessible spaces whose action can be done; else the fallback."""
    spaces = Q.accessible_spaces(t, seat)
    out = [MAIN[s] for s in spaces if Q.can(t, seat, K.ACTION_INDEX[K.SPACES[s]])]
    if not out:
        out = [IDLE[s] for s in spaces]
    return economy_options(t, seat) + out


def pay_options(t: InvTable, step: tuple[int, ...]) -> list[Option]:
    """One citizen at a time; only choices that keep the rest payable."""
    seat, place_type, place_n = step[1], step[3], step[4]
    need = [step[5], step[6], step[7]]
    wild = step[8]
    if place_n:
        kind = place_type
        need[kind] += place_n - 1
    else:
        kind = next((k for k in range(3) if need[k]), -1)
        if kind >= 0:
            need[kind] -= 1
    home = t.home
    out = []
    if kind >= 0:
        if home[seat * 3 + kind] > 0:
            home[seat * 3 + kind] -= 1
            if Q.can_pay(t, seat, (need[0], need[1], need[2]), wild):
                out.append(PAY[kind])
            home[seat * 3 + kind] += 1
        if t.academy[seat] > 0:
            t.academy[seat] -= 1
            if Q.can_pay(t, seat, (need[0], need[1], need[2]), wild):
                out.append(PAY[3])
            t.academy[seat] += 1
        return out
    out = [PAY[k] for k in range(3) if home[seat * 3 + k] > 0]
    if t.academy[seat] > 0:
        out.extend(PAY[4:7])
    return out


def refill_options(t: InvTable) -> list[Option]:
    """The 3 display cards plus the top of the Idea stack."""
    out = [REFILL[n] for n in range(3) if t.display[n] >= 0]
    if t.stack:
        out.append(REFILL[3])
    return out
