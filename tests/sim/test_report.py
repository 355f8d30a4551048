"""`simulate --report/--plots`: one offline HTML file and PNG files holding the JSON's numbers."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from typer.testing import CliRunner

from ingenium.cli import app
from ingenium.sim.plots import percent

runner = CliRunner()


class Tables(HTMLParser):
    """Every <table id=...> of a page as rows of cells: (text, exact data-value or None)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[tuple[str, float | None]]]] = {}
        self.current: list[list[tuple[str, float | None]]] | None = None
        self.cell: list[str] | None = None
        self.value: float | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "table":
            self.current = self.tables.setdefault(found["id"] or "", [])
        elif tag == "tr" and self.current is not None:
            self.current.append([])
        elif tag in ("td", "th"):
            self.cell = []
            self.value = float(found["data-value"] or "nan") if "data-value" in found else None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None and self.current:
            self.current[-1].append(("".join(self.cell), self.value))
            self.cell = None
        elif tag == "table":
            self.current = None


def tables_of(page: str) -> dict[str, list[list[tuple[str, float | None]]]]:
    parser = Tables()
    parser.feed(page)
    return parser.tables


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], str, Path]:
    folder = tmp_path_factory.mktemp("report")
    result = runner.invoke(app, [
        "simulate", "legendary-inventors", "--players", "3", "--bots", "greedy,random,random",
        "--games", "8", "--seed", "5", "--json", "--report", str(folder / "r.html"),
        "--plots", str(folder / "png")])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    return summary, (folder / "r.html").read_text(encoding="utf-8"), folder / "png"


def test_report_needs_no_network(simulated: tuple[dict[str, Any], str, Path]) -> None:
    _, page, _ = simulated
    assert page.startswith("<!doctype html>")
    assert not re.search(r"<script|<link|<img|@import|url\((?!#)", page)
    addresses = set(re.findall(r"https?://[^\"' )>]+", page))
    assert addresses <= {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}
    # (XML namespaces: names, never fetched)
    for figure in ("scores", "win-rate-seat", "win-rate-bot", "points", "actions", "length"):
        assert f'id="figure-{figure}"><svg' in page


def test_report_tables_hold_the_json_summary(
        simulated: tuple[dict[str, Any], str, Path]) -> None:
    summary, page, _ = simulated
    tables = tables_of(page)
    seats = tables["table-seats"][1:]
    assert len(seats) == len(summary["seats"])
    for row, seat in zip(seats, summary["seats"], strict=True):
        values = [v for _, v in row]
        assert values[0] == seat["seat"] and row[1][0] == seat["bot"]
        assert values[2:] == [seat[k] for k in ("wins", "win_rate", "win_low", "win_high",
                                                  "mean_score", "sd_score")]
        assert row[3][0] == percent(seat["win_rate"])
    for row, bot in zip(tables["table-bots"][1:], summary["bots"], strict=True):
        assert row[0][0] == bot["bot"]
        assert [v for _, v in row[1:]] == [
            bot["seat_games"], bot["wins"], bot["win_rate"], bot["win_low"], bot["win_high"],
            bot["mean_score"], bot["sd_score"], *bot["score_quartiles"]]
    length = summary["length"]
    assert [v for _, v in tables["table-length"][1]] == [
        summary["games"], length["mean_decisions"], length["sd_decisions"],
        length["min_decisions"], length["median_decisions"], length["max_decisions"],
        length["mean_seconds"]]
    points = {row[0][0]: [v for _, v in row[1:]] for row in tables["table-points"][1:]}
    assert points.keys() == summary["statistics"]["points"].keys()
    for source, per_bot in summary["statistics"]["points"].items():
        assert points[source] == [per_bot["greedy"]["mean"], per_bot["random"]["mean"],
                                  per_bot["all seats"]["mean"], per_bot["all seats"]["seen"]]


def test_figures_carry_the_numbers_they_draw(
        simulated: tuple[dict[str, Any], str, Path]) -> None:
    summary, page, _ = simulated
    seat_figure = page.split('id="figure-win-rate-seat">')[1].split("</figure>")[0]
    for seat in summary["seats"]:
        assert f">{percent(seat['win_rate'])}<" in seat_figure  # bar labels are SVG text


def test_png_files_are_images_with_the_summary_as_metadata(
        simulated: tuple[dict[str, Any], str, Path]) -> None:
    summary, _, folder = simulated
    names = {p.stem for p in folder.glob("*.png")}
    assert {"scores", "win-rate-seat", "win-rate-bot", "points", "actions", "length",
            "inventors", "inventions", "tokens", "play"} <= names
    for path in folder.glob("*.png"):
        with Image.open(path) as image:
            image.verify()
            assert image.format == "PNG"
    with Image.open(folder / "win-rate-seat.png") as image:
        assert image.size[0] > 300 and image.size[1] > 150
        drawn = json.loads(image.text["Description"])  # type: ignore[attr-defined]
    assert [v["rate"] for v in drawn.values()] == [s["win_rate"] for s in summary["seats"]]
    with Image.open(folder / "points.png") as image:
        points = json.loads(image.text["Description"])  # type: ignore[attr-defined]
    assert points["greedy"] == {k: v["greedy"]["mean"]
                                for k, v in summary["statistics"]["points"].items()}


def test_report_into_a_missing_folder_fails_before_playing(tmp_path: Path) -> None:
    target = tmp_path / "nowhere" / "r.html"
    result = runner.invoke(app, ["simulate", "legendary-inventors", "--players", "2",
                                 "--games", "1", "--report", str(target)])
    assert result.exit_code == 2
    assert "does not exist" in result.output and not target.parent.exists()
