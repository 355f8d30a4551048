"""A solo game's summary (Civolution against V.I.C.I): the one seat's win rate and mean score,
and the automated rival's, read from the game's statistics (group "solo", key "vici_score")."""

from __future__ import annotations

import pytest

from ingenium.sim import GameResult, summarize


def solo_result(seed: int, score: int, rival: int) -> GameResult:
    won = score > rival
    return GameResult("civolution", 1, "expert", seed, ("greedy",), (score,), (0,),
                      (0,) if won else (), 500, 1.0,
                      ({"solo": {"vici_score": rival, "margin": score - rival}},))


def test_the_rival_wins_what_the_seat_loses_and_its_score_is_averaged() -> None:
    results = [solo_result(0, 90, 80), solo_result(1, 70, 100), solo_result(2, 60, 120),
               solo_result(3, 95, 94)]
    summary = summarize(results)
    (seat,) = summary.seats
    assert seat.wins == 2 and seat.win_rate == 0.5 and seat.mean_score == pytest.approx(78.75)
    (rival,) = summary.rivals
    assert rival.name == "V.I.C.I" and rival.wins == 2 and rival.win_rate == 0.5
    assert rival.mean_score == pytest.approx(98.5)
    assert rival.win_low < 0.5 < rival.win_high
    assert summary.to_dict()["rivals"][0]["name"] == "V.I.C.I"


def test_games_of_several_seats_have_no_rival() -> None:
    two = GameResult("civolution", 2, None, 0, ("greedy", "random"), (50, 40), (0, 1), (0,),
                     900, 2.0, ({}, {}))
    assert summarize([two]).rivals == []


def test_the_html_report_lists_vici_beside_the_seat() -> None:
    from ingenium.sim.simulation_report import simulation_report

    summary = summarize([solo_result(0, 90, 80), solo_result(1, 70, 100)])
    html = simulation_report(summary, [], "ingenium simulate civolution --players 1")
    assert "solo against V.I.C.I" in html
    seats = html[html.index('id="table-seats"'):]
    assert "V.I.C.I" in seats[:seats.index("</table>")]
