#!/usr/bin/env bash
# bindings/js/ci.sh — what CI runs for the JavaScript package:
#   1. the Rust side (rust/, crate ctt-js, its own workspace) formatted and clippy-clean on the
#      host toolchain (-D warnings);
#   2. ctt.wasm built for wasm32-unknown-unknown by build.sh (tools/wasm-build: Debian's rustc in
#      a chroot, made on first use in ~80 s and cached at /tmp/ctt-wasm-chroot);
#   3. the Node tests (node --test, Node 20 or newer): every official KZG/PeerDAS, BLS,
#      precompile and Groth16/MiMC vector through the JS API, ethereumjs' interfaces, bad input,
#      and the JS-vs-native differential (rust/examples/differential.rs writes native results
#      for inputs from a fresh seed, CTT_JS_SEED to repeat one; test/differential.test.mjs
#      requires ctt.wasm's to be byte-identical);
#   4. the @ethereumjs/evm integration test (bench/ethereumjs.test.mjs: an EVM on ctt's BLS,
#      BN254 and KZG runs the precompile vectors), after `npm ci` of bench/'s dev dependencies;
#   5. the demo page in headless Chromium (bench/browser.test.mjs: Debian's chromium, installed
#      with apt when /usr/bin/chromium is missing, driven by playwright-core; every check on the
#      page, a subset of the vectors in the page, a screenshot whose path it prints; ~35 s).
# Needs root (the chroot, apt), node and npm on PATH, the Debian mirror, crates.io and the npm
# registry.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd -P)
cd "$here"
step() { echo "== bindings/js [$((SECONDS / 60))m$((SECONDS % 60))s] $*"; }

step "ctt-js on the host: rustfmt, clippy -D warnings"
cargo fmt --manifest-path rust/Cargo.toml -- --check
cargo clippy --quiet --locked --manifest-path rust/Cargo.toml --all-targets -- -D warnings

step "ctt.wasm (wasm32-unknown-unknown, via tools/wasm-build)"
./build.sh

step "native results for the JS-vs-native differential (rust/examples/differential.rs)"
seed=${CTT_JS_SEED:-$(date +%s)}
diffdir=$(mktemp -d)
trap 'rm -rf "$diffdir"' EXIT
# its own profile (opt-level 1): ~50 s to build from scratch instead of ~2 min, ~3 s to run
cargo run --quiet --locked --manifest-path rust/Cargo.toml --profile differential \
  --example differential -- "$seed" "$diffdir/native.json"
export CTT_JS_DIFFERENTIAL="$diffdir/native.json"

step "Node tests ($(node --version))"
# one file at a time: each process builds the KZG/PeerDAS tables, two would share 2 cores
node --test --test-concurrency=1 test/*.test.mjs

step "@ethereumjs/evm on ctt (bench/, npm ci of its dev dependencies)"
(cd bench && npm ci --no-audit --no-fund --loglevel=error && node --test ethereumjs.test.mjs)

step "the demo page in headless Chromium (bench/browser.test.mjs)"
if [ ! -x /usr/bin/chromium ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt_get() { flock /tmp/ctt-host-apt.lock apt-get -o DPkg::Lock::Timeout=600 "$@" >/dev/null; }
  apt_get install -y --no-install-recommends chromium ||
    { apt_get update && apt_get install -y --no-install-recommends chromium; }
fi
# CTT_JS_BROWSER_AFTER=FILE: start only once FILE exists (CI runs this script at low priority
# beside its other steps and creates FILE when they are done: the page has time limits).
if [ -n "${CTT_JS_BROWSER_AFTER:-}" ]; then
  while [ ! -e "$CTT_JS_BROWSER_AFTER" ]; do sleep 5; done
fi
(cd bench && node --test browser.test.mjs)
step "done"
