"""Every `bash` and `python` block of the README runs as written (CONTRIBUTING.md, "README
snippets"): python blocks in a fresh namespace, bash blocks with `bash -e` in a scratch folder
beside links to the repository's scripts, examples and benchmarks, with the virtual
environment's commands first on PATH, as for a user who activated it.

A block right after `<!-- readme-test: skip (why) -->` is not run (it installs packages or
serves until stopped); after `<!-- readme-test: slow (why) -->` it runs only with
INGENIUM_README_SLOW=1. `text` and untagged blocks are synopses, never run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
FENCE = re.compile(r"(?:<!-- readme-test: (?P<mark>skip|slow) \((?P<why>[^)]*)\) -->\n)?"
                   r"^```(?P<lang>[a-z]*)\n(?P<code>.*?)^```$", re.M | re.S)
RUN_SLOW = os.environ.get("INGENIUM_README_SLOW") == "1"
BASH_TIMEOUT = 300 if not RUN_SLOW else 3600


class Block(NamedTuple):
    line: int
    lang: str
    code: str
    mark: str | None
    why: str


def blocks() -> list[Block]:
    text = README.read_text(encoding="utf-8")
    return [Block(text.count("\n", 0, m.start("code")) + 1, m["lang"], m["code"], m["mark"],
                  m["why"] or "") for m in FENCE.finditer(text)]


def runnable(lang: str) -> list[object]:
    params: list[object] = []
    for block in blocks():
        if block.lang != lang:
            continue
        marks = []
        if block.mark == "skip":
            marks.append(pytest.mark.skip(reason=f"README line {block.line}: {block.why}"))
        elif block.mark == "slow" and not RUN_SLOW:
            marks.append(pytest.mark.skip(
                reason=f"README line {block.line}: {block.why}; INGENIUM_README_SLOW=1 runs it"))
        params.append(pytest.param(block, id=f"line-{block.line}", marks=marks))
    return params


def test_the_readme_marks_are_well_formed() -> None:
    """Every mark names a reason and sits right above a block; every block has a language."""
    text = README.read_text(encoding="utf-8")
    assert text.count("<!-- readme-test:") == sum(1 for b in blocks() if b.mark)
    assert all(b.why.strip() for b in blocks() if b.mark)
    assert sum(1 for b in blocks() if b.lang in ("bash", "python") and not b.mark) >= 3


@pytest.mark.parametrize("block", runnable("python"))
def test_readme_python_block_runs(block: Block, capsys: pytest.CaptureFixture[str]) -> None:
    scope: dict[str, object] = {"__name__": "__readme__"}
    exec(compile("\n" * (block.line - 1) + block.code, str(README), "exec"), scope)
    if "print(" in block.code:
        assert capsys.readouterr().out.strip(), "the block prints nothing"


@pytest.mark.timeout(BASH_TIMEOUT + 60)  # the suite's 600 s would stop a slow block first
@pytest.mark.parametrize("block", runnable("bash"))
def test_readme_bash_block_runs(block: Block, tmp_path: Path) -> None:
    for folder in ("scripts", "examples", "benchmarks"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
           "VIRTUAL_ENV": str(Path(bin_dir).parent), "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", block.code], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=BASH_TIMEOUT,
                          stdin=subprocess.DEVNULL, check=False)
    assert done.returncode == 0, f"README line {block.line}:\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr


def test_readme_using_the_engine_snippet_documents_the_contract() -> None:
    """The engine block plays a game to its end both ways (seeded and explicit chance)."""
    block = next(b for b in blocks() if b.lang == "python" and "new_game" in b.code)
    scope: dict[str, object] = {}
    exec(compile(block.code, str(README), "exec"), scope)
    assert scope["table"].is_terminal  # type: ignore[attr-defined]
    assert scope["again"].history == scope["state"].history  # type: ignore[attr-defined]
