#!/usr/bin/env bash
# Builds libctt and installs it under a prefix: PREFIX/lib/libctt.{a,so}, the headers in
# PREFIX/include/ctt/ and PREFIX/lib/pkgconfig/ctt.pc.
#
#   bindings/c/install.sh [--profile release|dev] [--no-build] PREFIX
#
# Then: cc prog.c $(PKG_CONFIG_PATH=PREFIX/lib/pkgconfig pkg-config --cflags --libs ctt)
# (add --static to pkg-config to link libctt.a and its system libraries).
set -euo pipefail
profile=release
build=1
while [[ $# -gt 1 ]]; do
    case $1 in
        --profile) profile=$2; shift 2 ;;
        --no-build) build=0; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
[[ $# -eq 1 ]] || { echo "usage: $0 [--profile release|dev] [--no-build] PREFIX" >&2; exit 2; }
prefix=$(realpath -m "$1")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target_dir=${CARGO_TARGET_DIR:-$root/target}
out_dir=$target_dir/$([[ $profile == dev ]] && echo debug || echo "$profile")

if [[ $build == 1 ]]; then
    cargo build --manifest-path "$root/Cargo.toml" -p ctt-ffi --profile "$profile"
fi
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/Cargo.toml" | head -n 1)
install -d "$prefix/lib/pkgconfig" "$prefix/include/ctt"
install -m 644 "$out_dir/libctt.a" "$prefix/lib/"
install -m 755 "$out_dir/libctt.so" "$prefix/lib/"
install -m 644 "$here"/include/*.h "$prefix/include/ctt/"
sed -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|$version|" "$here/ctt.pc.in" > "$prefix/lib/pkgconfig/ctt.pc"
echo "installed libctt $version in $prefix"
