"""2-Player Rules: Chronos, the automated opponent - Setup 1-6, How to Play (his path and the
preference Present an Idea > Invent > Share > Innovate, each as the section words it) and the
Alterations to Era Change; with 3-4 players he takes no part at all."""

from __future__ import annotations

from ingenium.games.inventions import steps
from ingenium.games.inventions.components import catalog
from tests.properties.harness import Transition
from tests.properties.inventions.common import (
    CITIZENS,
    M_CK,
    M_DISCARD,
    M_PRIVATE,
    PROGRESS_BASE,
    PROPERTIES,
    REGIONS,
    SEATS,
    WEALTH_BASE,
    chronos_slot,
    era_change_began,
    token_cells,
)

rule = PROPERTIES.rule
CH = 2
PROGRESS_ID = {p.id: n for n, p in enumerate(catalog.PROGRESS)}
UNSAFE = ("present", "invent", "innovate", "share", "era", "milestone", "discard", "eureka",
          "stone_age", "wealth", "chronos")


def _first_turn(tr: Transition) -> list:
    """Chronos' first turn of this step if the Region displays and Milestones he looks at are
    still as the position before the step shows them (no citizen was still being placed beside
    a card); else []."""
    if tr.before is None or any(x.kind == steps.S_PAY and x.dest % 4 for x in
                                tr.before.table.pending):
        return []
    lines = []
    for e in tr.new_events:
        if e.kind == "chronos" and e.text.startswith("Chronos moves"):
            lines.append(e)
            if len(e.data) > 1:
                return lines
            continue
        if e.kind in UNSAFE or (lines and e.kind in ("action", "round")):
            return []
    return []


def _last_chronos_line(tr: Transition) -> object | None:
    """This step's last line of Chronos (his supply is read after it)."""
    return next((e for e in reversed(tr.new_events) if e.kind == "chronos"), None)


def _display_unchanged(tr: Transition, line: object) -> bool:
    """No idea was taken from the Idea display earlier in the step."""
    if tr.option is not None and tr.option.id.startswith("refill:"):
        return False  # an idea taken from the display (Era Change 6 logs none)
    return not any(e.kind == "idea" for e in tr.new_events[:tr.new_events.index(line)])


def _supply_then(tr: Transition, line: object) -> list[int]:
    """The Progress tiles left when Chronos acts: the position before the step, less those
    the step's earlier Step 3 lines took."""
    supply = list(tr.before.table.progress_supply)
    for e in tr.new_events[:tr.new_events.index(line)]:
        if e.kind == "progress":
            supply[PROGRESS_ID[e.data["tile"]]] -= 1
    return supply


def _on_board(t: object, m: int) -> bool:
    """How to Play: Chronos has access to every private Milestone on the board, Common Knowledge
    and the discard."""
    loc = t.milestone_loc[m]
    return loc in (M_CK, M_DISCARD) or loc >= M_PRIVATE


def _progress(t: object, supply: list[int], kind: int, r: int, skip_held: bool) -> int:
    """The tile numbered as the region, else the next region number (7 -> 1); Invent also
    passes over a number he holds."""
    for k in range(REGIONS):
        p = kind * 7 + (r + k) % REGIONS
        if supply[p] > 0 and not (skip_held and PROGRESS_BASE + p in t.chronos_tiles):
            return PROGRESS_BASE + p
    return -1


# -- 3-4 players ------------------------------------------------------------------------------
@rule("Player Count Differences: only the 2-player game has the automated opponent (3-4 players: "
      "no Chronos line, piece or place in turn order)")
def player_count_chronos_only_with_two_players(tr: Transition) -> str | None:
    t = tr.after.table
    if t.players == 2:
        return None
    lines = [e.text for e in tr.new_events if e.kind == "chronos"]
    if lines:
        return f"Chronos acts in a {t.players}-player game: {lines[0]}"
    if sorted(t.order) != list(range(t.players)) or t.chronos_tiles or t.chronos_supply \
            or t.chronos_region >= 0 or t.chronos_era_space >= 0:
        return "Chronos' pieces in a game without him"
    return None


# -- Setup ----------------------------------------------------------------------------------
@rule("2-Player Setup 1 and 4: Chronos in the random turn order; 3 of his Influence tokens face "
      "down on the Era track; no ideas, Society board or score of his own")
def two_player_setup_1_and_4_chronos_supply(tr: Transition) -> str | None:
    t = tr.after.table
    if t.players != 2:
        return None
    if sorted(t.order) != [0, 1, CH] or len(t.ip) != 2 or len(t.influence) != 2:
        return f"order {t.order}, scores {t.ip}"
    if tr.setup and (t.chronos_token_track != 3 or t.chronos_token_supply
                     + sum(token_cells(t, r).count(CH) for r in range(REGIONS)) != 2):
        return f"Chronos' tokens at setup: track {t.chronos_token_track}, supply " \
            f"{t.chronos_token_supply}"
    if any(e.kind == "ip" and e.seat == CH for e in tr.new_events):
        return "Chronos scored IP"
    return None


@rule("2-Player Setup 2-3: his Season pillar in Africa unless a player occupies it or it has no "
      "Era-2 idea, else the next such region; 1-2 citizens beside the idea, 1 in the region, a "
      "token on the leftmost space")
def two_player_setup_2_3_chronos_start(tr: Transition) -> str | None:
    t = tr.after.table
    start = next((e for e in tr.new_events if e.kind == "chronos"
                  and e.text.startswith("Chronos starts")), None)
    if start is None:
        return None
    r = start.data["region"] - 1
    board = tr.before.table if tr.before is not None else t
    later = [e.seat for e in tr.after.events if e.kind == "stone_age"
             and tr.after.events.index(e) > tr.after.events.index(start)]
    for k in range(r):
        idea, who = board.card[k], board.presenter[k]
        if idea >= 0 and catalog.IDEA_ERA[idea] == 2 and (who < 0 or who in later):
            return f"Chronos started in region {r + 1}, region {k + 1} was free with an idea"
    need = catalog.SPECIALIST_TILES[t.specialist_tile[r]].specialists
    if t.presenter[r] != CH or t.presenter_count[r] != need or t.on_map[r * SEATS + CH] < 1 \
            or (token_cells(t, r)[0] != CH and token_cells(board, r)[0] != CH):
        return f"Chronos' start in region {r + 1}: presenter {t.presenter[r]} with " \
            f"{t.presenter_count[r]} (tile asks {need}), tokens {token_cells(t, r)}"
    if not any(e.kind == "chronos" for e in tr.new_events[tr.new_events.index(start) + 1:]) \
            and t.chronos_supply != CITIZENS - need - 1:
        return f"Chronos' supply {t.chronos_supply} after his start"
    return None


# -- How to Play ----------------------------------------------------------------------------
@rule("2-Player How to Play: on his turn Chronos moves his Season pillar to the next region in "
      "the migration path (7 -> 1), and on while he cannot act")
def two_player_chronos_moves_along_the_path(tr: Transition) -> str | None:
    """Reading (the code's): a whole lap with nothing to do ends his turn (the section has no
    rule for it)."""
    if tr.after.table.players != 2 or tr.before is None:
        return None
    at = tr.before.table.chronos_region
    for e in tr.new_events:
        if e.kind != "chronos" or "region" not in e.data \
                or e.text.startswith("Chronos places a citizen"):
            continue  # (his new citizen as innovator of a shared invention is no move)
        r = e.data["region"] - 1
        if e.text.startswith("Chronos moves") and r != (at + 1) % REGIONS:
            return f"Chronos moved from region {at + 1} to {r + 1}"
        at = r
    if tr.after.table.chronos_region != at:
        return f"Chronos' pillar in region {tr.after.table.chronos_region + 1}, not {at + 1}"
    return None


@rule("2-Player How to Play: Chronos tries Present an Idea > Invent > Share > Innovate in the "
      "region, skipping each as the section says")
def two_player_chronos_action_preference(tr: Transition) -> str | None:
    if tr.after.table.players != 2 or tr.before is None:
        return None
    b = tr.before.table
    for e in _first_turn(tr):
        r = e.data["region"] - 1
        if b.card[r] < 0:
            if not _display_unchanged(tr, e):
                return None
            need = catalog.SPECIALIST_TILES[b.specialist_tile[r]].specialists
            want = "present" if b.display[-1] >= 0 and b.chronos_supply >= need else ""
        elif not b.invented[r]:
            ok = _on_board(b, catalog.IDEA_MILESTONE[b.card[r]]) and b.chronos_supply > 0
            want = "invent" if ok else ""
        elif b.inventor[r] == CH or b.innovator[r] == CH or (
                b.presenter[r] == CH and b.presenter_count[r] > 0):
            want = "share"
        elif b.inventor[r] != CH and b.innovator[r] < 0 and b.chronos_supply > 0:
            want = "innovate"
        else:
            want = ""
        got = next((k for k in ("present", "invent", "share", "innovate") if e.data.get(k)), "")
        if got != want:
            return f"Chronos in region {r + 1} did {got or 'nothing'}, the preference gives " \
                f"{want or 'moving on'}"
    return None


@rule("2-Player Present an Idea: take the rightmost idea of the Idea display, his 1 or 2 "
      "citizens on the Specialist tile, no bonus")
def two_player_present_rightmost_idea(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    for e in _first_turn(tr):
        if e.data.get("present") and _display_unchanged(tr, e):
            r = e.data["region"] - 1
            need = catalog.SPECIALIST_TILES[b.specialist_tile[r]].specialists
            if t.card[r] != b.display[-1] and t.card[r] >= 0:
                return f"Chronos presented {t.card[r]}, the rightmost idea was {b.display[-1]}"
            if b.chronos_supply - t.chronos_supply != need and t.card[r] >= 0 \
                    and _last_chronos_line(tr) is e:
                return f"Chronos placed {b.chronos_supply - t.chronos_supply} citizens, the " \
                    f"tile asks {need}"
    return None


@rule("2-Player Invent: he needs only 1 citizen; takes the Progress tile of the idea's type "
      "numbered as the region, else the next number (also past a number he holds)")
def two_player_invent_progress_tile(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    for e in _first_turn(tr):
        if e.data.get("invent"):
            r = e.data["region"] - 1
            want = _progress(b, _supply_then(tr, e), catalog.IDEA_TYPE[b.card[r]], r,
                             skip_held=True)
            if e.data.get("tile") != want:
                return f"Chronos invented in region {r + 1} and took {e.data.get('tile')}, " \
                    f"not {want}"
            if t.inventor[r] == CH and b.chronos_supply - t.chronos_supply != 1 \
                    and _last_chronos_line(tr) is e:
                return f"Chronos used {b.chronos_supply - t.chronos_supply} citizens to invent"
    return None


@rule("2-Player Share an Invention: he discards the top Wealth tile of the region; with none "
      "left a Progress tile of the invention's type by region number (only a missing number "
      "sends him on)")
def two_player_share_wealth_then_progress(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b = tr.before.table
    for e in _first_turn(tr):
        if e.data.get("share"):
            r = e.data["region"] - 1
            if b.wealth_left[r] > 0:
                want = WEALTH_BASE + b.wealth_letter[r]
            else:
                want = _progress(b, _supply_then(tr, e), catalog.IDEA_TYPE[b.card[r]], r,
                                 skip_held=False)
            if e.data.get("tile") != want:
                return f"Chronos shared in region {r + 1} and took {e.data.get('tile')}, " \
                    f"not {want}"
    return None


@rule("2-Player Innovate: a citizen from his supply on the Innovate space; never the Chain "
      "Action")
def two_player_innovate_one_citizen(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    for e in _first_turn(tr):
        if e.data.get("innovate"):
            r = e.data["region"] - 1
            if t.innovator[r] != CH and t.card[r] == b.card[r]:
                return f"Chronos is not the innovator in region {r + 1}"
            if b.chronos_supply - t.chronos_supply != 1 and t.card[r] == b.card[r] \
                    and _last_chronos_line(tr) is e:
                return f"Chronos used {b.chronos_supply - t.chronos_supply} citizens to innovate"
    return None


# -- Alterations to Era Change ----------------------------------------------------------------
@rule("2-Player Era Change 1: Chronos places an Influence token in the next region along the "
      "path without one of his (and with an empty space), leftmost space; his pillar moves there")
def two_player_era_change_1_influence_token(tr: Transition) -> str | None:
    """Reading (the code's): entering Eras 3-5 the token comes from the Era track between the eras
    being changed (Setup 4), otherwise from his supply."""
    era = era_change_began(tr)
    if not era or tr.before is None or tr.after.table.players != 2:
        return None
    b, t = tr.before.table, tr.after.table
    line = next((e for e in tr.new_events if e.kind == "chronos" and "Influence token in"
                 in e.text), None)
    if line is None:
        return None if "no Influence token left" in str([e.text for e in tr.new_events]) \
            else "Chronos placed no Influence token at the Era Change"
    at = b.chronos_region
    cells = [list(token_cells(b, r)) for r in range(REGIONS)]  # as they were at his turn
    for e in tr.new_events:
        if e is line:
            break
        if e.kind == "chronos" and "region" in e.data \
                and not e.text.startswith("Chronos places a citizen"):
            at = e.data["region"] - 1
        if e.kind == "influence_token":  # a player's token placed earlier in the step
            row = cells[e.data["region"] - 1]
            row[row.index(-1)] = e.seat
    want = -1
    for k in range(1, REGIONS + 1):
        r = (at + k) % REGIONS
        if CH not in cells[r] and -1 in cells[r]:
            want = r
            break
    r = line.data["region"] - 1
    if r != want or token_cells(t, r)[cells[r].index(-1)] != CH:
        return f"Chronos' Era Change token in region {r + 1}, not {want + 1} (from {at + 1})"
    if era >= 3 and b.chronos_token_track > 0 and \
            t.chronos_token_track != b.chronos_token_track - 1:
        return "the token did not come from between the eras on the Era track"
    return None


@rule("2-Player Era Change 2: except after Era 1 (and before Era 6) his Milestone goes to Common "
      "Knowledge, the Eureka display's rightmost becomes his, his Era marker to that era's "
      "rightmost free space")
def two_player_era_change_2_new_milestone(tr: Transition) -> str | None:
    era = era_change_began(tr)
    if not era or tr.before is None or tr.after.table.players != 2:
        return None
    if any(e.kind == "eureka" for e in tr.new_events):
        return None
    b, t = tr.before.table, tr.after.table
    if era == 2:
        if t.private[CH] != b.private[CH] or t.chronos_era_space != b.chronos_era_space:
            return "Chronos took a Milestone after Era 1"
        return None
    if not b.eureka:
        return None
    new, old = b.eureka[-1], b.private[CH]
    if t.private[CH] != new or t.milestone_loc[old] not in (M_CK, M_DISCARD):
        return f"Chronos holds {t.private[CH]} (rightmost Eureka {new}); his old one at " \
            f"{t.milestone_loc[old]}"
    free = [n for n, e in enumerate(catalog.ERA_SPACE_ERA)
            if e == catalog.M_ERA[new] and n not in t.era_space]
    if free and t.chronos_era_space != max(free):
        return f"Chronos' Era marker on space {t.chronos_era_space}, rightmost free {max(free)}"
    return None


@rule("2-Player Era Change 2 / Step 5: with Milestones left in the Eureka display, the "
      "non-player private Milestone goes to Common Knowledge, replaced by the rightmost one")
def two_player_era_change_5_non_player_milestone(tr: Transition) -> str | None:
    t = tr.after.table
    if chronos_slot(t) < 0 or tr.before is None:
        return None
    if not any(e.kind == "milestone" and e.text.startswith("Eureka display:")
               for e in tr.new_events) or any(e.kind == "eureka" for e in tr.new_events):
        return None
    b = tr.before.table
    left = list(b.eureka)
    if era_change_began(tr) >= 3 and left:
        left.pop()  # Chronos took the rightmost before the steps
    if not left:
        return None if t.private[3] == b.private[3] else "the non-player Milestone changed"
    if t.private[3] != left[-1]:
        return f"the non-player display holds {t.private[3]}, the rightmost left was {left[-1]}"
    if b.private[3] >= 0 and t.milestone_loc[b.private[3]] not in (M_CK, M_DISCARD):
        return "the old non-player Milestone did not go to Common Knowledge"
    return None
