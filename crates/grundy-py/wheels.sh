#!/usr/bin/env bash
# The release wheels of the Python package: one abi3 wheel (CPython 3.10 and later) per platform, into
# crates/grundy-py/dist. Linux x86_64 natively; Linux aarch64 cross-compiled with zig as the linker (PyPI's
# `ziglang`, installed here), for the manylinux2014 baseline. Needs the Rust target (rustup target add
# aarch64-unknown-linux-gnu). The x86_64 wheel is the one CI installs and tests; the aarch64 wheel is built and
# checked to be an aarch64 library, not run (no aarch64 machine here).
set -euo pipefail
cd "$(dirname "$0")"
VENV=${VENV:-$(mktemp -d)/venv}
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet maturin ziglang
export PATH="$VENV/bin:$PATH"
maturin build --release --quiet -i python3 -o dist
maturin build --release --quiet --target aarch64-unknown-linux-gnu --zig -i python3 -o dist
ls dist/grundy-*-cp310-abi3-*x86_64*.whl dist/grundy-*-cp310-abi3-*aarch64*.whl
python3 - <<'PY'
import glob, zipfile
for wheel in glob.glob("dist/grundy-*-cp310-abi3-*aarch64*.whl"):
    with zipfile.ZipFile(wheel) as z:
        so = [n for n in z.namelist() if n.endswith(".so")][0]
        head = z.read(so)[:20]
        assert head[:4] == b"\x7fELF" and int.from_bytes(head[18:20], "little") == 183, so  # EM_AARCH64
        print(f"{wheel}: {so} is an aarch64 ELF library")
PY
