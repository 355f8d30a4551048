#!/usr/bin/env bash
# The opt-in compiled build (issue #23; src/ingenium/acceleration.py): build it with mypyc into
# its own virtual environment (.venv-compiled, or INGENIUM_COMPILED_VENV), then run the tests
# that matter for it against the INSTALLED package: golden transcripts, the engine's contract
# (bad saves and moves raise BadSave / IllegalMove), a few seeded games of each game, the RL
# adapters' smoke tests and the check that the listed modules really are extension modules.
# pytest runs from the repository root, which holds `tests` but not the package (that is in
# src/, never put on the path here), so `import ingenium` finds the installed build;
# tests/test_acceleration.py asserts it (INGENIUM_EXPECT_COMPILED=1).
# Extra arguments go to pytest (after `-n 2`: two workers, as scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${INGENIUM_COMPILED_VENV:-.venv-compiled}
start=$(date +%s)

python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
# What the tests below need (a user installs ".[dev]" the same way); constraints.txt's versions.
INGENIUM_COMPILE=1 "$venv/bin/python" -m pip install --quiet -c constraints.txt ".[rl]" \
  pytest pytest-timeout pytest-xdist
echo "== built in $(( $(date +%s) - start )) s: $("$venv/bin/ingenium" --version)"

INGENIUM_EXPECT_COMPILED=1 INGENIUM_SOAK_GAMES=${INGENIUM_SOAK_GAMES:-2} \
  INGENIUM_SOAK_GAMES_CIVOLUTION=${INGENIUM_SOAK_GAMES_CIVOLUTION:-1} \
  "$venv/bin/python" -m pytest -p no:cacheprovider -q -n 2 \
  tests/test_acceleration.py \
  tests/engine \
  tests/games/test_encoding.py \
  tests/games/inventions/test_steps.py tests/games/inventions/test_two_player.py \
  tests/games/legendary_inventors/test_steps.py tests/games/legendary_inventors/test_gameplay.py \
  tests/games/civolution/test_steps.py tests/games/civolution/test_game_end.py \
  tests/games/civolution/test_solo_flow.py \
  tests/rl \
  "$@"
echo "== compiled build tested in $(( $(date +%s) - start )) s"
