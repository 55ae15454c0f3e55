#!/usr/bin/env bash
# bindings/js/build.sh — builds ctt.wasm, the package's WebAssembly module, from rust/ (crate
# ctt-js, its own Cargo workspace) for wasm32-unknown-unknown with tools/wasm-build (Debian's
# rustc in a chroot; see that script), release profile (fat LTO, one codegen unit).
#     bindings/js/build.sh            -> bindings/js/ctt.wasm
# Needs what tools/wasm-build needs (root, the Debian mirror on first use, crates.io); honours
# its knobs (WASM_CHROOT, WASM_TARGET_DIR, ...).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd -P)
cd "$here/rust"
"$here/../../tools/wasm-build" build --release --locked
cp "${WASM_TARGET_DIR:-target/wasm}/wasm32-unknown-unknown/release/ctt_js.wasm" "$here/ctt.wasm"
echo "build.sh: $here/ctt.wasm ($(wc -c < "$here/ctt.wasm") bytes)" >&2
