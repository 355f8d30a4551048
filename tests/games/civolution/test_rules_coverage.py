"""RULES_COVERAGE.md names real tests: every `file::test` it cites exists (a `*` is a prefix)."""

from __future__ import annotations

import re
from pathlib import Path

import ingenium.games.civolution as package

HERE = Path(__file__).parent
COVERAGE = Path(package.__file__).parent / "RULES_COVERAGE.md"


def test_rules_coverage_cites_only_existing_tests() -> None:
    text = COVERAGE.read_text(encoding="utf-8")
    cited = re.findall(r"`(test_\w+\.py)::([\w*]+)`", text)
    shorthand = re.findall(r"`::([\w*]+)`", text)
    assert len(cited) > 40 and shorthand
    names = {f.name: set(re.findall(r"^def (test_\w+)", f.read_text(encoding="utf-8"), re.M))
             for f in HERE.glob("test_*.py")}
    everything = set().union(*names.values())
    for file, test in cited:
        assert file in names, file
        assert test == "*" or any(n.startswith(test.rstrip("*")) for n in names[file]) \
            if test.endswith("*") else test in names[file], f"{file}::{test}"
    for test in shorthand:
        assert any(n.startswith(test.rstrip("*")) for n in everything), test
