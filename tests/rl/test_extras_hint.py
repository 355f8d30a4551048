"""Without the RL extras, importing an adapter says in one line what to install."""

from __future__ import annotations

import importlib
import sys

import pytest


@pytest.mark.parametrize(("module", "dependency"), [
    ("ingenium.rl.gym_env", "gymnasium"),
    ("ingenium.rl.pettingzoo_env", "pettingzoo"),
    ("ingenium.rl.pettingzoo_env", "gymnasium"),
])
def test_importing_an_adapter_without_its_extras_gives_the_pip_command(
        monkeypatch: pytest.MonkeyPatch, module: str, dependency: str) -> None:
    monkeypatch.setitem(sys.modules, dependency, None)  # import of it now fails
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ImportError) as caught:
        importlib.import_module(module)
    message = str(caught.value)
    assert "\n" not in message and "pip install -e '.[rl]'" in message
    assert dependency in message and caught.value.__cause__ is None
    assert caught.value.__suppress_context__
