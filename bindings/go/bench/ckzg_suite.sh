#!/usr/bin/env bash
# c-kzg-4844's own Go test suite (bindings/go/main_test.go of its module, with all its YAML
# vectors) run against ctt's ckzg4844 package: a copy of c-kzg's module from the Go module cache
# in which ctt's binding replaces c-kzg's main.go. Nothing of c-kzg is kept or committed.
# usage: bench/ckzg_suite.sh [version]   (needs target/release/libctt.a: make -C bindings/go lib)
set -euo pipefail
version=${1:-v2.1.8}
here=$(cd "$(dirname "$0")/.." && pwd)          # bindings/go
lib=$(cd "$here/../../target/release" && pwd)
src=$(go mod download -json "github.com/ethereum/c-kzg-4844/v2@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
cp -r "$src/." "$tmp/"
chmod -R u+w "$tmp"
rm "$tmp/bindings/go/main.go"
cp "$here/ckzg4844/ckzg4844.go" "$here/ckzg4844/link_release.go" "$tmp/bindings/go/"
mkdir -p "$tmp/bindings/include"
cp "$here"/include/*.h "$tmp/bindings/include/"
cd "$tmp"
CGO_LDFLAGS="-L$lib" go test -count=1 ./bindings/go "${@:2}"
