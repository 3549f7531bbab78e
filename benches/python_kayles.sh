#!/usr/bin/env bash
# Kayles defined in Python to heap N (default 3000): grundy's Python package against plain Python with
# functools.lru_cache, measured in one run (benches/python_kayles.py prints the table and fails on a checksum
# mismatch). Builds the package (release) into a virtual environment under benches/build.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-3000}
VENV=benches/build/pyvenv
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip maturin
"$VENV/bin/python" -m pip install -q --force-reinstall --no-deps ./crates/grundy-py
"$VENV/bin/python" benches/python_kayles.py "$N"
