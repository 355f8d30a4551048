"""Loading Civolution's data files: a broken copy in a temporary folder fails at load time with
a ComponentError naming the record (or the group whose count breaks), and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingenium.games.civolution.components import (
    ComponentError,
    Components,
    catalog,
    catalog_from,
    load,
)
from ingenium.games.civolution.components.loading import default_directory


@pytest.fixture(scope="module")
def c() -> Components:
    return catalog().components


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    target.mkdir()
    for item in default_directory().iterdir():
        if item.name.endswith(".toml"):
            (target / item.name).write_text(item.read_text(encoding="utf-8"), encoding="utf-8")
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _drop_card(path: Path, card_id: str) -> None:
    text = path.read_text(encoding="utf-8")
    blocks = text.split("\n[[card]]\n")
    kept = [b for b in blocks if not b.startswith(f'id = "{card_id}"\n')]
    assert len(kept) == len(blocks) - 1
    path.write_text("\n[[card]]\n".join(kept), encoding="utf-8")


def test_loading_the_copied_data_gives_the_same_components(tmp_path: Path, c: Components) -> None:
    assert catalog_from(_copy(tmp_path)).components == c


def test_loading_rejects_a_broken_count_naming_the_deck(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    _drop_card(data / "research_insight.toml", "C32")
    with pytest.raises(ComponentError, match=r"insight deck has 31 cards \(missing \[32\]\)"):
        load(data)


@pytest.mark.parametrize(("old", "new", "message"), [
    ('name = "Theocracy"\n', 'name = "Theocracy"\ncolour = "yellow"\n',
     r"card #16 \(C16 Theocracy\): unknown field\(s\) colour"),
    ('bonus = [{ advance = "culture" }]', 'bonus = [{ advance = "glory" }]',
     r"C16 Theocracy\): bonus: effect .*advance must be one of"),
    ('{ place_tribes = 2, weak = true }', '{ conquer = 2 }',
     r"C16 Theocracy\): ability: .*needs exactly one of"),
    ('{ place_tribes = 2, weak = true }', '{ place_tribes = 2, weak = "yes" }',
     r"C16 Theocracy\): ability: .*weak must be true or false"),
    ('facts = "M"\nwhy = "costs, activity', 'facts = "X"\nwhy = "costs, activity',
     r"C16 Theocracy\): facts must be one of"),
    ('id = "C16"', 'id = "D16"', r"C16|D16.*numbered C1-C32"),
    ('name = "Theocracy"\n', '', r"card #16 \(C16\): missing field 'name'"),
    ('{ pay = "food" }, { place_tribes', '{ pay = "food", amount = 60 }, { place_tribes',
     r"C16 Theocracy\): ability: effect .*amount must be a whole number 1..20"),
])
def test_loading_rejects_a_bad_card_naming_it(tmp_path: Path, old: str, new: str,
                                              message: str) -> None:
    data = _copy(tmp_path)
    _edit(data / "research_insight.toml", old, new)
    with pytest.raises(ComponentError, match=message):
        load(data)


def test_loading_rejects_a_card_that_can_never_be_installed(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    calm = '{ have = "features", feature = "calm", amount = '
    tail = ' },\n]\nbonus = [{ advance = "culture" }]'
    _edit(data / "research_insight.toml", calm + "1" + tail, calm + "7" + tail)
    with pytest.raises(ComponentError, match=r"research card C16 Theocracy: cost space 3 holds"):
        load(data)


def test_loading_rejects_a_goal_chip_that_can_never_be_met(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    _edit(data / "chips.toml", '{ have = "boats", amount = 2 }', '{ have = "boats", amount = 3 }')
    with pytest.raises(ComponentError, match=r"goal chip goal_5\d: have 3 boats can never be met"):
        load(data)


def test_loading_rejects_a_reconstructed_record_without_why(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    _edit(data / "sites.toml", 'why = "negative (takes food', 'whyy = "negative (takes food')
    with pytest.raises(ComponentError, match=r"sites.toml site #7 \(Gorge of the Grimwolves\)"):
        load(data)


def test_loading_rejects_unknown_module_field_and_missing_file(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    _edit(data / "console.toml", 'id = "trade"\n', 'id = "trade"\ncolor = "brown"\n')
    with pytest.raises(ComponentError, match=r"module #\d+ \(trade Trade\): unknown field"):
        load(data)
    original = default_directory().joinpath("console.toml").read_text(encoding="utf-8")
    (data / "console.toml").write_text(original, encoding="utf-8")
    (data / "events.toml").unlink()
    with pytest.raises(ComponentError, match=r"events\.toml: data file missing"):
        load(data)


def test_loading_rejects_a_duplicate_id(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    _edit(data / "chips.toml", 'id = "income_02"', 'id = "income_01"')
    with pytest.raises(ComponentError, match="duplicate income chip id 'income_01'"):
        load(data)


def test_loading_a_broken_copy_leaves_the_packaged_catalog_alone(tmp_path: Path) -> None:
    before = catalog()
    data = _copy(tmp_path)
    (data / "sites.toml").write_text("[[site]]\n", encoding="utf-8")
    with pytest.raises(ComponentError):
        load(data)
    assert catalog() is before and len(before.components.sites) == 24


def test_build_a_statue_loading_rejects_a_ground_without_two_or_three_materials(
        tmp_path: Path) -> None:
    data = _copy(tmp_path)
    _edit(data / "sites.toml", 'statue_cost = ["wood", "cotton"]', 'statue_cost = ["wood"]')
    with pytest.raises(ComponentError, match=r"site building_ground_1: a Building ground's "
                                             r"statue cost is 2 or 3 different materials"):
        load(data)
    _edit(data / "sites.toml", 'statue_cost = ["wood"]', 'statue_cost = ["wood", "tin"]')
    with pytest.raises(ComponentError, match=r"statue_cost 'tin' is not known"):
        load(data)


def test_build_a_statue_loading_rejects_a_statue_cost_off_a_building_ground(
        tmp_path: Path) -> None:
    data = _copy(tmp_path)
    _edit(data / "sites.toml", 'why = "negative (takes food',
          'statue_cost = ["wood", "clay"]\nwhy = "negative (takes food')
    with pytest.raises(ComponentError, match=r"only a Building ground has a statue cost"):
        load(data)
    (tmp_path / "again").mkdir()
    data = _copy(tmp_path / "again")
    _edit(data / "continent.toml", 'statue_cost = ["stone", "clay", "sand"]', "")
    with pytest.raises(ComponentError, match=r"territory a1: a Building ground's statue cost"):
        load(data)


def test_build_a_statue_costs_come_from_the_data(c: Components) -> None:
    from ingenium.games.civolution.board import C
    from ingenium.games.civolution.rules import building

    island = next(t for t in C.territories if t.building_ground)
    assert tuple(C.material_index[m] for m in island.statue_cost) == building.ISLAND_COST
    grounds = [s for s in c.sites.values() if s.type.value == "building_ground"]
    assert len(grounds) == 6 and all(len(s.statue_cost) in (2, 3) for s in grounds)
