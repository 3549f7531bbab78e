#!/usr/bin/env bash
# Builds the web explorer (web/build.sh) and serves web/dist/ on http://127.0.0.1:PORT/ (default 8044) until
# Ctrl-C. With --no-build, serves what is built.
#
#   bash web/serve.sh [--no-build] [PORT]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--no-build" ]; then
    shift
else
    bash web/build.sh
fi
port=${1:-8044}
echo "== serving web/dist on http://127.0.0.1:$port/ (Ctrl-C ends)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory web/dist
