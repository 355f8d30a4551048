"""The greedy bot's evaluation of a Civolution position: success points now plus what the
civilization's position promises, in success points.

What the rules score is counted as the rules would score it now: the final scoring's nine
categories (the printed points per unit, or the scoring tile's), the era scoring tiles still to
come, console A (stages) and console B (point bonus cards). Fire encampments, statues, goal
chips and track bonuses pay when they happen, so they are in the score already. What only pays
later by being spent (food to feed the tribes, money, ideas, dice, research cards in hand,
module upgrades) is worth a little, less as the game runs out.

The tribes (issue #27): Phase 6 pays 1 SP for each strong tribe, once it is fed, and an unfed
tribe is weakened (a strong one lies down, a lying one dies and leaves Population and maybe
Expansion). So a strong tribe is worth its coming feeding's point (and half a point for each
later era: each later feeding pays 1 but costs a food), a lying tribe is a risk. Up to this
era's feeding the evaluation feeds the tribes in the questions' order while the food lasts
(`feeding_shortfall`): food is worth the tribes it keeps upright and alive, and a spare
marker a little (the food the feeding eats counts no Prosperity diamond: else keeping food
from a tribe looked better than feeding it); once fed, food waits for the next era as spare.
(It was worth 1.5 SP a marker up to the coming feeding's need, whatever had been fed already
and in Phase 7 for the next era's: keeping the food looked as good as feeding a wilderness
tribe with it, so greedy left 5 tribes a game unfed with food left over against V.I.C.I,
Medium seeds 1-40.) Tribes left in supply are worth nothing by themselves (they were:
deploying one looked like a loss). An activation die is worth the same on its dice space or
used below the console: a Reset only brings it back, so using dice costs nothing and a Reset
gains nothing but its marker (it costs the turn, and moves the phase indicator towards the end
of the Action phase).

The progress tracks (issue #27): a disc holds the share of its next threshold bonus that its
steps have covered (the bonuses themselves pay when crossed).

Solo Mode (issue #27): the evaluation is the player's potential alone (`against_vici`), as
V.I.C.I's gains in a lookahead are its action cards' luck; a search that squashes it as a win
chance must value its leaves against the root's (ismcts `center=1`). An install under way
counts INSTALL_UNDER_WAY (see there). Figures, and what was tried and left out (cards in hand
worth more or less, dice worth more with eras left, money worth less as eras pass, a smaller
lying-tribe risk, a statue under way, the reset spaces left): README, "Civolution solo", and
the commits that measured them. What is left is the tracks: V.I.C.I's action cards move its
discs 1-2 steps each for free, while the player's own step costs a money and a turn.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from operator import or_

from ingenium.games.civolution import scoring
from ingenium.games.civolution.board import TERRITORIES, K
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Category, Resource, Track, TrackTarget
from ingenium.games.civolution.rules.common import ENC_TERRITORY, TERRITORY_NUMBERS, tribes_in
from ingenium.games.civolution.rules.feeding import groups_to_feed
from ingenium.games.civolution.rules.install import INSTALL_GOAL
from ingenium.games.civolution.rules.research import hand_of
from ingenium.games.civolution.rules.solo.table import HUMAN, SoloTable
from ingenium.games.civolution.rules.tally import food_and_money_diamonds
from ingenium.games.civolution.rules.tribes import territory_of
from ingenium.games.civolution.steps import (
    CardColumn,
    CardStage,
    InstallCard,
    PayCard,
    PayGoal,
    Target,
)
from ingenium.games.civolution.table import (
    FEEDING,
    OVER,
    TRACKS,
    CivTable,
    P,
    boat_index,
    dice_spaces,
    planned,
    stored,
)
from ingenium.games.margins import margins

CATEGORIES = len(scoring.CATEGORIES)
EVOLUTION = scoring.CATEGORIES.index(Category.EVOLUTION)
PROSPERITY = scoring.CATEGORIES.index(Category.PROSPERITY)
POPULATION = scoring.CATEGORIES.index(Category.POPULATION)
EXPANSION = scoring.CATEGORIES.index(Category.EXPANSION)
FINAL_POINTS = tuple(K.categories[c].final_points for c in scoring.CATEGORIES)
TILE_POINTS = tuple(K.categories[c].tile_points for c in scoring.CATEGORIES)
TRACK_CATEGORIES = 5  # the first five categories are a progress track's disc space each
ERA_POINTS = K.era_scoring.points
LAST_ERA = len(ERA_POINTS)
# Phase 6: an encampment's or boat's tribe eats 1 food, a wilderness tribe 2 (1 with the seat's
# farm in its territory, whose encampment tribes eat nothing)
WILD_FOOD, WILD_FOOD_WITH_FARM = 2, 1
# what food, tribes and dice are worth, in success points (see the module docstring)
SPARE_FOOD = 0.2  # food beyond the coming feeding's need (Prosperity counts it already)
STRONG_NOW = 1.0  # the coming feeding's SP for a strong tribe
STRONG_LATER = 0.5  # each later era's: 1 SP less the food that keeps the tribe fed
LYING = 1.0  # a lying tribe: no SP at B, and it dies if it goes unfed
DIE = 0.3  # an activation die, on its dice space or used
# what a module upgrade and a research card in hand are worth: a little at the end, more with
# eras left to use them (`rest`: 1 in the first era, 0 in the last)
UPGRADE, UPGRADE_REST = 0.5, 1.0
CARD, CARD_REST = 0.3, 1.2
TRACK_LIST = tuple(Track)
# An install under way (Install 1 research card, Install 1 goal chip): the module's OR is
# answered ("install 1 insight card" rather than "gain 3 idea markers") but the card or chip is
# placed, its stage points and instant bonus counted, only three to five questions later. The
# greedy bot's lookahead answers those inner questions one evaluation deep, so without this the
# OR's other side (ideas, planning markers, dice) always looked better there, every module
# that installs looked no better than its lesser side at the Turn question, and greedy
# installed 1-3 cards a game, its starting hand of 5 held to the end. Worth about what an
# install adds: a stage's points (2 at stage 1, more above) and an instant bonus.
INSTALL_UNDER_WAY = 4.0
INSTALL_STEPS = (InstallCard, CardColumn, CardStage, PayCard, PayGoal)

# The progress tracks' bonuses (rules: The progress tracks): entering a threshold space grants
# the bonus to its right (components/data/boards.toml: a module upgrade at 2 and 6, a Favor step
# or an income chip's action at 4, a stage tile or 3 SP at 10, 3 SP at 8 and 12). A bonus
# crossed is in the score or the upgrades already; the next one is earned step by step, so a
# disc holds the share of the next bonus its steps since the last threshold have covered (else
# the first step towards a bonus is worth only its category points and the disc never sets out).
FAVOR_STEP = 0.5  # a Favor of Agera step, as `potential` counts t.favor
INCOME_ACTION = 1.0  # an income chip's action, or its 1 SP instead (rules: Invention module)
STAGE_TILE = 3.0  # flipping a stage tile: the track offers 3 SP instead, so it is worth 3


def effects_value(effects: tuple[fx.Effect, ...]) -> tuple[float, float]:
    """(module upgrades, success points) a bonus grants; of a choice, the richer option (an
    upgrade counted at its first-era value)."""
    upgrades = points = 0.0
    for effect in effects:
        if isinstance(effect, fx.Upgrade):
            upgrades += 1
        elif isinstance(effect, fx.Gain) and effect.what is Resource.SP:
            points += effect.amount
        elif isinstance(effect, fx.Advance) and effect.track is TrackTarget.FAVOR:
            points += FAVOR_STEP * effect.steps
        elif isinstance(effect, fx.IncomeAction):
            points += INCOME_ACTION * effect.count
        elif isinstance(effect, fx.FlipStageTile):
            points += STAGE_TILE * effect.count
        elif isinstance(effect, fx.Choose):
            u, p = max((effects_value(option) for option in effect.options),
                       key=lambda up: up[0] * (UPGRADE + UPGRADE_REST) + up[1])
            upgrades, points = upgrades + u, points + p
    return upgrades, points


def bonus_shares(track: Track) -> tuple[tuple[float, float], ...]:
    """Per disc space 0..top: (upgrades, points) of the next threshold's bonus, in the share
    the steps since the previous threshold have covered."""
    bonuses = sorted(K.tracks[track].bonuses, key=lambda b: b.at)
    shares = []
    for space in range(K.tracks[track].top + 1):
        ahead = [b for b in bonuses if b.at > space]
        if not ahead:
            shares.append((0.0, 0.0))
            continue
        previous = max([b.at for b in bonuses if b.at <= space], default=0)
        covered = (space - previous) / (ahead[0].at - previous)
        upgrades, points = effects_value(ahead[0].effects)
        shares.append((covered * upgrades, covered * points))
    return tuple(shares)


BONUS_SHARES = tuple(bonus_shares(track) for track in TRACK_LIST)


@lru_cache(maxsize=8)  # one entry per era (1-4, the final scoring's 5): bounded
def track_bonus_values(era: int) -> tuple[tuple[float, ...], ...]:
    """Per track, per disc space: BONUS_SHARES in success points, an upgrade at its worth in
    this era (worked out once per era)."""
    upgrade = UPGRADE + UPGRADE_REST * eras_left(era)
    return tuple(tuple(upgrades * upgrade + points for upgrades, points in shares)
                 for shares in BONUS_SHARES)


def eras_left(era: int) -> float:
    """1 in the first era, 0 in the last: how much longer an engine has to pay."""
    return max(0.0, (4 - era) / 3)


def evaluate(t: CivTable, seat: int) -> float:
    """This seat's potential less the best other seat's; in Solo Mode its potential alone
    (see `against_vici`)."""
    if isinstance(t, SoloTable):
        return potential(t, seat)
    values = potentials(t)
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def evaluate_all(t: CivTable) -> list[float]:
    """Every seat's `evaluate`, each seat's potential computed once (search asks for all)."""
    if isinstance(t, SoloTable):
        return against_vici(t)
    return margins(potentials(t))


def against_vici(t: CivTable) -> list[float]:
    """Solo Mode: the one deciding seat's own potential, V.I.C.I's not subtracted (nor worked
    out: no one decides for V.I.C.I, so nothing asks for its value). V.I.C.I plays the
    action card it draws whatever the player does (Solo Mode, Phase 4), so what it gains in a
    lookahead is the luck of the cards that line drew: greedy's 8 decisions (16 now) cross a V.I.C.I
    turn, whose gain differed by up to 15 points between the options of one decision against
    1-8 points between the options' own gains. Not a margin: a search that squashes values as
    a win chance must value its leaves against the root's (ismcts `center=1`); without it the
    search scored 41-61 points a game (Medium seeds 1-3, 100 ms CPU), with it 153-208."""
    return [potential(t, HUMAN)]


def potentials(t: CivTable) -> list[float]:
    """Every seat's `potential`, what the seats share (the points per unit, the consoles'
    points) worked out once."""
    weights, console = unit_weights(t), scoring.console_points(t)
    return [potential(t, s, weights, console[s]) for s in range(t.players)]


def points_per_unit(t: CivTable) -> list[int]:
    """Each category's points per unit in the final scoring as the table stands (the same
    for every seat: worked out once per evaluation): scoring.final_points of each, the
    printed points read once at import, a tile's where one covers the category."""
    points = list(FINAL_POINTS)
    for category in t.final_tiles:
        if 0 <= category < CATEGORIES:
            points[category] = TILE_POINTS[category]
    return points


def unit_weights(t: CivTable) -> list[int]:
    """Each category's points per unit still to come: the final scoring's and the era
    scoring tiles' still on the board (the same for every seat)."""
    weights = points_per_unit(t)
    for space, category in enumerate(t.era_tiles):
        if category >= 0:
            weights[category] += ERA_POINTS[space]
    return weights


def points_to_come(t: CivTable, seat: int, tribes: int, territories: int,
                   weights: list[int]) -> int:
    """Success points now plus what the categories would score as the table stands
    (integers: their sum is exact in any order); `tribes`, `territories`: the seat's tribes
    on the continent and the territories they are in (its Population and Expansion)."""
    track = t.track[seat * TRACKS:seat * TRACKS + TRACK_CATEGORIES]
    points = t.score[seat] + sum([
        w * u for w, u in zip(weights[:TRACK_CATEGORIES], track, strict=True)])
    points += weights[EVOLUTION] * scoring.units(t, seat, EVOLUTION)
    points += weights[PROSPERITY] * scoring.prosperity(t, seat)
    points += weights[POPULATION] * tribes
    return points + weights[EXPANSION] * territories


def tribes_and_needs(t: CivTable, seat: int) -> tuple[int, int, int, int]:
    """(strong tribes, lying tribes, food the coming feeding needs, territories with a tribe)
    of the seat on the continent, in one pass over its tribes (rules/feeding.py's groups;
    common.territories_of's scans: its encampments found by list.index, its wilderness by
    compress, its boats on the continent with a tribe aboard)."""
    enc_seat, enc_strong, farm = t.enc_seat, t.enc_strong, t.farm
    there: set[int] = set()
    strong = need = 0
    found = enc_seat.count(seat)
    at = -1
    for _ in range(found):
        at = enc_seat.index(seat, at + 1)
        territory = ENC_TERRITORY[at]
        there.add(territory)
        strong += enc_strong[at]
        need += farm[territory] != seat
    lying = found - strong
    ups, downs = t.wild_strong[seat::P], t.wild_weak[seat::P]
    for territory in compress(TERRITORY_NUMBERS, map(or_, ups, downs)):
        up, down = ups[territory], downs[territory]
        there.add(territory)
        strong += up
        lying += down
        need += (up + down) * (WILD_FOOD_WITH_FARM if farm[territory] == seat else WILD_FOOD)
    first = boat_index(seat, 0)
    for boat in (first, first + 1):
        if 0 <= (territory := t.boat_at[boat]) < TERRITORIES:
            up, down = t.boat_strong[boat], t.boat_weak[boat]
            if up or down:
                there.add(territory)
                strong += up
                lying += down
                need += up + down
    return strong, lying, need, len(there)


def tribes_value(t: CivTable, seat: int, strong: int, lying: int, need: int,
                 weights: list[int]) -> float:
    """What the seat's tribes and food promise beyond Population (see the docstring); `need`:
    the food all its tribes eat at a feeding."""
    food = t.food[seat]
    later = STRONG_LATER * (LAST_ERA - t.era)  # the later eras' feedings (not this era's)
    if t.phase > FEEDING:  # this era's tribes are fed; the food waits for the next era's
        return SPARE_FOOD * food - LYING * lying + later * strong
    lost = 0.0
    groups = None
    if t.phase == FEEDING:  # some groups may be answered for already
        groups = groups_to_feed(t, seat)
        need = sum(n * each for _, _, n, each in groups)
    if food >= need:
        food -= need
    else:
        food, strong, lying, lost = feeding_shortfall(t, seat, strong, lying, weights, groups)
    if food != t.food[seat]:  # the food the feeding eats makes no Prosperity diamond at the end
        money = t.money[seat]
        lost += weights[PROSPERITY] * (food_and_money_diamonds(t.food[seat], money)
                                       - food_and_money_diamonds(food, money))
    return SPARE_FOOD * food - LYING * lying + (STRONG_NOW + later) * strong - lost


def feeding_shortfall(t: CivTable, seat: int, strong: int, lying: int, weights: list[int],
                      groups: list[tuple[int, int, int, int]] | None = None,
                      ) -> tuple[int, int, int, float]:
    """This era's feeding with too little food, the tribes fed in the questions' order while
    it lasts: (food left, strong tribes, lying tribes, the Population and Expansion points of
    the tribes that die); `groups`: groups_to_feed(t, seat), when the caller has them."""
    food, lost = t.food[seat], 0.0
    died: dict[int, int] = {}
    for place, upright, tribes, each in groups_to_feed(t, seat) if groups is None else groups:
        for _ in range(tribes):
            if food >= each:
                food -= each
            elif upright:
                strong, lying = strong - 1, lying + 1
            else:
                lying -= 1
                territory = territory_of(t, seat, place)
                died[territory] = died.get(territory, 0) + 1
                lost += weights[POPULATION]
                if died[territory] == tribes_in(t, seat, territory):
                    lost += weights[EXPANSION]
    return food, strong, lying, lost


# `potential_terms`, in its order (Game.evaluation_terms: a learned evaluation weighs them)
TERMS = ("success points", "categories to come", "consoles", "tribes and food", "money",
         "idea markers", "focus", "activation dice", "planning markers", "module upgrades",
         "track bonuses under way", "research cards in hand", "stored markers",
         "Favor of Agera", "install under way")


def potential(t: CivTable, seat: int, weights: list[int] | None = None,
              console: int | None = None) -> float:
    """Success points plus what the civilization's position promises (see the docstring);
    `weights`: unit_weights(t), `console`: the seat's console_points, when the caller has
    them. The sum of `potential_terms`, added in the order it always was (the same floats,
    bit for bit: greedy's ties fall as before)."""
    (points, to_come, consoles, tribes, money, ideas, focus, dice, markers, upgrades, tracks,
     cards, kept, favor, install) = potential_terms(t, seat, weights, console)
    value = float(points + to_come + consoles) + tribes
    value += money + ideas + focus
    value += dice + markers
    value += upgrades
    value += tracks
    value += cards
    value += kept
    value += favor
    return value + install


def potential_terms(t: CivTable, seat: int, weights: list[int] | None = None,
                    console: int | None = None) -> list[float]:
    """`potential` term by term (TERMS): success points now, then what each part of the
    civilization's position promises (see the docstring)."""
    if t.phase == OVER:
        return [float(t.score[seat])] + [0.0] * (len(TERMS) - 1)
    strong, lying, need, territories = tribes_and_needs(t, seat)
    weights = unit_weights(t) if weights is None else weights
    console = scoring.console_points(t)[seat] if console is None else console
    points = t.score[seat]
    to_come = points_to_come(t, seat, strong + lying, territories, weights) - points
    rest = eras_left(t.era)
    return [float(points), float(to_come), float(console),  # integers: exact as floats
            tribes_value(t, seat, strong, lying, need, weights),
            0.5 * t.money[seat], 0.5 * t.ideas[seat], 0.8 * t.focus[seat],
            DIE * (sum(dice_spaces(t, seat)) + t.used_dice[seat]), 0.3 * sum(planned(t, seat)),
            (UPGRADE + UPGRADE_REST * rest) * scoring.upgrades(t, seat),
            track_bonuses(t, seat), (CARD + CARD_REST * rest) * len(hand_of(t, seat)),
            0.3 * sum(stored(t, seat)), 0.5 * t.favor[seat], install_under_way(t, seat)]


def evaluation_terms(t: CivTable) -> list[list[float]]:
    """Every seat's `evaluate` term by term: its potential's terms less those of the best
    other seat (the other with the highest potential, the first of a tie); solo, the
    player's own (as `against_vici`). Each row adds up to the seat's `evaluate`, to within
    rounding."""
    if isinstance(t, SoloTable):
        return [potential_terms(t, HUMAN)]
    weights, console = unit_weights(t), scoring.console_points(t)
    rows = [potential_terms(t, s, weights, console[s]) for s in range(t.players)]
    totals = [sum(row) for row in rows]  # the potentials, to within rounding
    terms = []
    for seat, row in enumerate(rows):
        best = max((s for s in range(t.players) if s != seat), key=totals.__getitem__)
        terms.append([mine - theirs for mine, theirs in zip(row, rows[best], strict=True)])
    return terms


def track_bonuses(t: CivTable, seat: int) -> float:
    """The shares of the next track bonuses the seat's discs have covered (see BONUS_SHARES)."""
    first = seat * TRACKS
    value = 0.0
    for values, space in zip(track_bonus_values(t.era), t.track[first:first + TRACK_CATEGORIES],
                             strict=True):
        value += values[space]
    return value


def install_under_way(t: CivTable, seat: int) -> float:
    """INSTALL_UNDER_WAY while the seat is in the middle of installing a research card or a
    goal chip (see the constant)."""
    for step in t.pending:
        if (isinstance(step, INSTALL_STEPS) and step.seat == seat) or (
                isinstance(step, Target) and step.action == INSTALL_GOAL and step.seat == seat):
            return INSTALL_UNDER_WAY
    return 0.0
