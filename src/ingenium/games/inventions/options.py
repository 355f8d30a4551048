"""Every answer a seat can give in Inventions, built once at import: the action space (blocks
of integer codes) and, per block, the options with their stable ids and labels. The rules pick
from these; nothing here decides what is legal.
"""

from __future__ import annotations

from ingenium.engine import ActionSpace, Option
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.components.terms import ACTION_NAMES

R, P = catalog.NUM_REGIONS, catalog.MAX_SEATS
SPACE = ActionSpace([
    ("main", catalog.NUM_SPACES), ("idle", catalog.NUM_SPACES), ("economy", 7), ("stone", R),
    ("present_idea", catalog.NUM_IDEAS), ("present_region", R), ("invent", R), ("innovate", R),
    ("share", R), ("pay", 7), ("reward_wealth", 1), ("reward_wild", 1), ("reward_none", 1),
    ("replace", 4), ("home_region", R), ("home_count", catalog.CITIZENS), ("specialty", 3),
    ("call_chain", catalog.NUM_IDEAS), ("gi_region", R), ("gi_token", catalog.NUM_TOKENS),
    ("flip", R),
    ("travel", R * R), ("sage_chain", 1), ("sage_score", 1), ("eureka", catalog.NUM_MILESTONES),
    ("era_space", len(catalog.ERA_SPACES)), ("send_citizen", 4),
    ("send_to", catalog.NUM_MILESTONES),
    ("recall", catalog.NUM_MILESTONES), ("place", R), ("chain", len(catalog.ACTIONS)),
    ("free", len(catalog.ACTIONS)), ("tech", 7), ("refill", 4), ("keep", 4),
    ("progress", catalog.NUM_PROGRESS), ("build_tile", 4), ("build_hex", catalog.NUM_HEXES),
    ("turn_order", P), ("sage_return", R), ("skip", 1), ("done", 1),
])
# (block, index) of every code, read by the step machine for every answer
DECODED = tuple(SPACE.decode(code) for code in range(SPACE.size))
ACT = tuple(a.value for a in catalog.ACTIONS)
SPC = tuple(a.value for a in catalog.SPACES)
RN = tuple(str(r + 1) for r in range(R))
REG = tuple(catalog.region_name(r) for r in range(R))
IDEA_SLUG = tuple(i.id for i in catalog.IDEAS)
M_SLUG = tuple(m.id for m in catalog.MILESTONES)
PROG_ID = tuple(f"{catalog.TYPE_NAMES[n // 7]}_{n % 7 + 1}" for n in range(catalog.NUM_PROGRESS))


def _opts(block: str, ids: list[str], labels: list[str]) -> tuple[Option, ...]:
    return tuple(Option(i, lab, SPACE.code(block, n)) for n, (i, lab) in enumerate(
        zip(ids, labels, strict=True)))


MAIN = _opts("main", [f"main:space={a}" for a in SPC],
             [f"Main action: {ACTION_NAMES[a]}" for a in catalog.SPACES])
IDLE = _opts("idle", [f"idle:space={a}" for a in SPC],
             [f"No action possible: pillar on {ACTION_NAMES[a]}, +1 influence"
              for a in catalog.SPACES])
ECONOMY = _opts("economy", [f"economy:tile={n}" for n in range(1, 8)],
                [f"Use Economy tile {n} (Economy token)" for n in range(1, 8)])
STONE = _opts("stone", [f"stone:region={r}" for r in RN], [f"Start in {g}" for g in REG])
PRESENT_IDEA = _opts("present_idea", [f"present:idea={s}" for s in IDEA_SLUG],
                     [f"Present {i.name}" for i in catalog.IDEAS])
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
HOME_COUNT = _opts("home_count", [f"home:count={n + 1}" for n in range(catalog.CITIZENS)],
                   [f"{n + 1} citizen(s)" for n in range(catalog.CITIZENS)])
SPECIALTY = _opts("specialty", [f"specialty:{n}" for n in catalog.TYPE_NAMES],
                  [f"They become {n}s" for n in catalog.SPECIALIST_NAMES])
CALL_CHAIN = _opts("call_chain", [f"chain:invention={s}" for s in IDEA_SLUG],
                   [f"Chain {i.name}: {ACTION_NAMES[i.chain]}" for i in catalog.IDEAS])
GI_REGION = _opts("gi_region", [f"influence:region={r}" for r in RN],
                  [f"Gain influence in {g}" for g in REG])
GI_TOKEN = _opts("gi_token", [f"influence:token={k.id}" for k in catalog.INFLUENCE_TOKENS],
                 [f"Place the {k.name} token ({k.citizens} citizens)"
                  for k in catalog.INFLUENCE_TOKENS])
FLIP = _opts("flip", [f"flip:region={r}" for r in RN],
             [f"Flip your Influence token in {g} for its Chain Action" for g in REG])
TRAVEL = _opts("travel", [f"travel:from={a + 1}:to={b + 1}" for a in range(R) for b in range(R)],
               [f"Travel from {REG[a]} to {REG[b]}" for a in range(R) for b in range(R)])


def travel(a: int, b: int) -> Option:
    """The option to travel from region a to region b."""
    return TRAVEL[a * R + b]


def travel_regions(index: int) -> tuple[int, int]:
    """The two regions (from, to) of a travel option's index in TRAVEL."""
    return divmod(index, R)


SAGE_CHAIN = Option("sage:chain", "Chain the Knowledge tile's action", SPACE.code("sage_chain"))
SAGE_SCORE = Option("sage:score", "Score 2 IP per Knowledge tile on its IP side",
                    SPACE.code("sage_score"))
EUREKA = _opts("eureka", [f"eureka:milestone={s}" for s in M_SLUG],
               [f"Eureka: take {m.name}" for m in catalog.MILESTONES])
ERA_SPACE = _opts("era_space", [f"era:space={s.id}" for s in catalog.ERA_SPACES],
                  [f"Era {s.era} space {s.slot}" for s in catalog.ERA_SPACES])
SEND_CITIZEN = _opts("send_citizen", ["send:trader", "send:artisan", "send:thinker",
                                      "send:scholar"],
                     ["Send a trader", "Send an artisan", "Send a thinker", "Send a scholar"])
SEND_TO = _opts("send_to", [f"send:milestone={s}" for s in M_SLUG],
                [f"Diplomat to {m.name}" for m in catalog.MILESTONES])
RECALL = _opts("recall", [f"recall:milestone={s}" for s in M_SLUG],
               [f"Call your diplomat home from {m.name}" for m in catalog.MILESTONES])
PLACE = _opts("place", [f"place:region={r}" for r in RN], [f"New citizen in {g}" for g in REG])
CHAIN = _opts("chain", [f"chain:action={a}" for a in ACT],
              [f"Chain Action: {ACTION_NAMES[a]}" for a in catalog.ACTIONS])
FREE = _opts("free", [f"free:action={a}" for a in ACT],
             [f"Free action: {ACTION_NAMES[a]}" for a in catalog.ACTIONS])
TECH = _opts("tech", [f"tech:tile={n}" for n in range(1, 8)],
             [f"Technology tile {n}: chain its paired action (1 influence)" for n in range(1, 8)])
REFILL = _opts("refill", ["refill:slot=1", "refill:slot=2", "refill:slot=3", "refill:stack"],
               ["Take the display's left idea", "Take the display's middle idea",
                "Take the display's right idea", "Take the top idea of the stack"])
KEEP = _opts("keep", [f"keep:side={s}" for s in catalog.ASPIRATION_NAMES],
             [f"Keep a {s} Aspiration tile" for s in catalog.ASPIRATION_NAMES])
PROGRESS = _opts("progress", [f"progress:tile={p}" for p in PROG_ID],
                 [f"Take {p.name}" for p in catalog.PROGRESS])
BUILD_TILE = _opts("build_tile", [f"build:slot={n + 1}" for n in range(4)],
                   [f"Build the tile in space {n + 1}" for n in range(4)])
BUILD_HEX = _opts("build_hex", [f"build:hex={h.id}" for h in catalog.HEXES],
                  [f"On the {h.name}" for h in catalog.HEXES])
TURN_ORDER = _opts("turn_order", [f"turn_order:position={n + 1}" for n in range(P)],
                   [f"Move to turn-order space {n + 1}" for n in range(P)])
SAGE_RETURN = _opts("sage_return", [f"sage:return={r}" for r in RN],
                    [f"Return a sage to {g}" for g in REG])
SKIP = Option("skip", "Skip", SPACE.code("skip"))
DONE = Option("done", "Done", SPACE.code("done"))
