#!/usr/bin/env bash
# Builds the web explorer into web/dist/: the library's WebAssembly front end (crates/grundy-wasm) in release for
# wasm32-unknown-unknown, its JavaScript glue by wasm-bindgen (--target web), and the static page. web/dist/ can be
# put on any web server as it is.
#
# Needs rustup's wasm32-unknown-unknown target (added here when missing) and the wasm-bindgen command-line tool at
# exactly the version of the wasm-bindgen crate in Cargo.lock: the one on PATH when it matches, else installed by
# cargo from crates.io into web/.tools/ (once; ignored by git).
#
#   bash web/build.sh            build web/dist/
#   bash web/build.sh --node DIR build the same module for Node.js into DIR (benches/wasm.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target=wasm32-unknown-unknown
out=web/dist
bindgen_target=web
if [ "${1:-}" = "--node" ]; then
    out=${2:?--node needs a folder}
    bindgen_target=nodejs
fi

rustup target list --installed 2>/dev/null | grep -qx "$target" || rustup target add "$target"

version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
[ -n "$version" ] || { echo "build.sh: no wasm-bindgen in Cargo.lock" >&2; exit 1; }
bindgen=""
if command -v wasm-bindgen >/dev/null && [ "$(wasm-bindgen --version | awk '{print $2}')" = "$version" ]; then
    bindgen=$(command -v wasm-bindgen)
elif [ -x web/.tools/bin/wasm-bindgen ] && [ "$(web/.tools/bin/wasm-bindgen --version | awk '{print $2}')" = "$version" ]; then
    bindgen=$root/web/.tools/bin/wasm-bindgen
else
    echo "== installing wasm-bindgen-cli $version into web/.tools (once)"
    # --locked first (the tool's own lock file); a registry that lacks one of its exact versions gets the newest
    # compatible ones instead.
    if ! cargo install --quiet --locked wasm-bindgen-cli --version "=$version" --root web/.tools; then
        echo "== (the error above is the locked install's: installing again with the newest compatible versions)"
        cargo install --quiet wasm-bindgen-cli --version "=$version" --root web/.tools
    fi
    bindgen=$root/web/.tools/bin/wasm-bindgen
fi

echo "== cargo build -p grundy-wasm --release --target $target"
cargo build --quiet -p grundy-wasm --release --target "$target"
target_dir=${CARGO_TARGET_DIR:-$root/target}
wasm=$target_dir/$target/release/grundy_wasm.wasm

mkdir -p "$out"
echo "== wasm-bindgen --target $bindgen_target into $out"
"$bindgen" --target "$bindgen_target" --no-typescript --out-dir "$out" "$wasm"
if [ "$bindgen_target" = web ]; then
    cp web/index.html web/style.css web/app.js web/draw.js web/worker.js "$out"/
    echo "== $out: $(du -sh "$out" | cut -f1) ($(ls "$out" | wc -l) files)"
fi
