"""Build: pure Python by default; with INGENIUM_COMPILE=1, the modules listed in
src/ingenium/acceleration.py are compiled with mypyc (issue #23).

`INGENIUM_COMPILE=1 pip install -c constraints.txt ".[dev]"` (not editable: an editable compiled
install would shadow src). The rest of the metadata is in pyproject.toml. Knobs, for measuring
build time against speed: MYPYC_OPT_LEVEL (C optimisation, default 3), MYPYC_MULTI_FILE
(default 1: one C file per module; 0: one file) and MYPYC_SEPARATE=1 (one extension per
module, which build_ext compiles in parallel).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
# What mypy needs to type-check the compiled modules: itself (mypyc), and the two libraries
# the engine and games import (pydantic also provides the mypy plugin pyproject.toml names).
COMPILE_REQUIRES = ("mypy", "pydantic", "numpy")
# The build backend runs these to ask for setup_requires and the metadata: no compiling there.
METADATA_COMMANDS = {"egg_info", "dist_info"}


def compiling() -> bool:
    """The accelerated build is opt-in."""
    return os.environ.get("INGENIUM_COMPILE") == "1"


def pinned(name: str) -> str:
    """`name==version` as constraints.txt pins it (the versions CI tests), else `name`."""
    constraints = HERE / "constraints.txt"
    if constraints.is_file():
        for line in constraints.read_text().splitlines():
            match = re.fullmatch(rf"{re.escape(name)}==(\S+)", line.strip())
            if match:
                return f"{name}=={match.group(1)}"
    return name


def compiled_module_paths() -> list[str]:
    """The files of acceleration.MODULES, read without importing the package."""
    namespace: dict[str, object] = {"__name__": "acceleration"}
    source = HERE / "src" / "ingenium" / "acceleration.py"
    exec(compile(source.read_text(), str(source), "exec"), namespace)
    modules = namespace["MODULES"]
    assert isinstance(modules, tuple)
    return [os.path.join("src", *name.split(".")) + ".py" for name in modules]


def extensions() -> list[object]:
    """The mypyc extensions when compiling, else none (a pure build)."""
    if not compiling() or METADATA_COMMANDS & set(sys.argv):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit("INGENIUM_COMPILE=1: the build needs mypy (pip installs it when "
                         "building in isolation, the default)") from None

    return list(mypycify(
        compiled_module_paths(),
        opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
        # One C file per module: the C compiler spends 2.2 CPU-min instead of 3.2 on one 35 MB
        # file; the speed measured the same within this machine's noise.
        multi_file=os.environ.get("MYPYC_MULTI_FILE", "1") == "1",
        separate=os.environ.get("MYPYC_SEPARATE") == "1",
    ))


setup(
    ext_modules=extensions(),
    # setuptools' build backend asks setup_requires for the build's own requirements, so mypy
    # is installed for the build only when compiling.
    setup_requires=[pinned(name) for name in COMPILE_REQUIRES] if compiling() else [],
    options={"build_ext": {"parallel": os.cpu_count() or 1}},  # extensions side by side
)
