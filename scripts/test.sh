#!/usr/bin/env bash
# Set up (a .venv beside this repo) and run the whole test suite: lint, types, tests.
# INGENIUM_EXTRAS picks the extras installed (default `dev`; CI adds `research`: torch,
# stable-baselines3 and Ray, whose tests are skipped without them), at the versions of
# constraints.txt.
# Browser and PostgreSQL tests run when Chromium and PostgreSQL are installed
# (scripts/install-system-deps.sh); otherwise pytest reports them as skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -c constraints.txt -e ".[${INGENIUM_EXTRAS:-dev}]"

echo "== ruff"
.venv/bin/ruff check src tests benchmarks examples
echo "== mypy"
.venv/bin/mypy

# A throw-away PostgreSQL server for the storage tests, when the binaries are there.
cleanup() { :; }
if [ -z "${INGENIUM_TEST_POSTGRES_URL:-}" ] && source scripts/postgres-for-tests.sh; then
  trap cleanup EXIT
fi

echo "== pytest"
# loadgroup: tests sharing one costly fixture (a Ray head) run in one worker (xdist_group)
.venv/bin/python -m pytest -n 2 --dist loadgroup "$@"
