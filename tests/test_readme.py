"""The README's engine snippet runs as written (it documents the contract, chance included)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_using_the_engine_snippet_runs() -> None:
    text = README.read_text(encoding="utf-8")
    code = re.search(r"## Using the engine\n\n```python\n(.*?)```", text, re.S)
    assert code is not None, "the README lost its 'Using the engine' snippet"
    scope: dict[str, object] = {}
    exec(compile(code.group(1), "README.md", "exec"), scope)
    assert scope["table"].is_terminal  # type: ignore[attr-defined]
    assert scope["again"].history == scope["state"].history  # type: ignore[attr-defined]
