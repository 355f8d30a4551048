"""Paying with citizens (Key Concepts F-H): available specialists are placed or exhausted one at
a time, scholars stand in for any specialty and commit to one when exhausted. Only choices that
keep the rest of the payment possible are offered."""

from __future__ import annotations

from ingenium.engine import Option
from ingenium.games.inventions import options, steps
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.table import InvTable, IState, type_at


def first_needed(need: list[int]) -> int:
    """The first type (economy, culture, technology) with specialists still to exhaust; -1
    if none."""
    return 0 if need[0] else 1 if need[1] else 2 if need[2] else -1


def _to_exhaust(step: steps.Pay) -> list[int]:
    """`step.exhaust_by_type()` read here (a method of the step's record is a Python call from
    the compiled build, once for every citizen paid)."""
    return [step.exhaust_economy, step.exhaust_culture, step.exhaust_technology]


def pay_options(t: InvTable, step: steps.Pay) -> list[Option]:
    """One citizen at a time; only choices that keep the rest payable."""
    seat, place_type, place_n = step.seat, step.place_type, step.place_n
    need = _to_exhaust(step)
    wild = step.exhaust_any
    if place_n:
        kind = place_type
        need[kind] += place_n - 1
    else:
        kind = first_needed(need)
        if kind >= 0:
            need[kind] -= 1
    home = t.home
    out = []
    if kind >= 0:
        if home[type_at(seat, kind)] > 0:
            home[type_at(seat, kind)] -= 1
            if conditions.can_pay(t, seat, (need[0], need[1], need[2]), wild):
                out.append(options.PAY[kind])
            home[type_at(seat, kind)] += 1
        if t.academy[seat] > 0:
            t.academy[seat] -= 1
            if conditions.can_pay(t, seat, (need[0], need[1], need[2]), wild):
                out.append(options.PAY[3])
            t.academy[seat] += 1
        return out
    out = [options.PAY[k] for k in range(3) if home[type_at(seat, k)] > 0]
    if t.academy[seat] > 0:
        out.extend(options.PAY[4:7])
    return out


def answer_pay(state: IState, step: steps.Pay, block: str, index: int) -> None:
    """Move or exhaust one citizen; a scholar exhausted commits to the specialty."""
    t = state.table
    t.pending.pop()
    seat, place_type, place_n = step.seat, step.place_type, step.place_n
    need = _to_exhaust(step)
    wild = step.exhaust_any
    if place_n:
        unit, place_n, exhaust = place_type, place_n - 1, False
    elif any(need):
        unit = first_needed(need)
        need[unit] -= 1
        exhaust = True
    else:
        unit = index - 4 if index >= 4 else index
        wild -= 1
        exhaust = True
    if index < 3:
        t.home[type_at(seat, index)] -= 1
    else:
        t.academy[seat] -= 1
    if exhaust:
        t.exhausted[type_at(seat, unit)] += 1
    else:
        region, role = divmod(step.dest, steps.ROLES)  # `step.region_and_role()`
        if role == steps.AS_PRESENTER:
            t.presenter_count[region] += 1
        elif role == steps.AS_INVENTOR:
            t.inventor[region] = seat
        else:
            t.innovator[region] = seat
    if place_n or any(need) or wild:
        t.pending.append(steps.Pay(step.kind, seat, step.dest, place_type, place_n,
                                   need[0], need[1], need[2], wild))
