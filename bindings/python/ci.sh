#!/usr/bin/env bash
# The Python package's CI step: build and install bindings/python into a fresh virtual
# environment (a temporary directory, removed on exit) exactly as a user does
# (`pip install ./bindings/python`: maturin from PyPI, a release build of the extension), then
# run its pytest suite against the installed package.
#
# CTT_PY_PEERS=1 (the default) also installs ckzg and py_ecc, so that tests/test_differential.py
# runs instead of skipping; CTT_PY_PEERS=0 leaves them out. CARGO_TARGET_DIR is honoured (the
# workspace's target/ otherwise, so that a second run reuses the release build).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python=${PYTHON:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$SECONDS

"$python" -m venv "$tmp/venv"
pip=("$tmp/venv/bin/python" -m pip --disable-pip-version-check -q)
"${pip[@]}" install "$here"
echo "ci.sh: built and installed ctt in $((SECONDS - start)) s"
peers=()
if [[ ${CTT_PY_PEERS:-1} == 1 ]]; then
    peers=(ckzg py_ecc)
fi
"${pip[@]}" install pytest "${peers[@]}"
cd "$here"
# -p no:cacheprovider: no .pytest_cache in the source tree.
"$tmp/venv/bin/python" -m pytest -p no:cacheprovider -q tests
echo "ci.sh: done in $((SECONDS - start)) s"
