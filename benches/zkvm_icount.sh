#!/usr/bin/env bash
# Instructions per call of every zkVM accelerator function, ctt against the crates guests use today
# (src/bin/zkvm_icount.rs says what each contender does), counted by valgrind's callgrind on this
# machine (x86-64) as a proxy for a RISC-V guest: only the function `measured` is counted, after a
# warm-up call. Prints a markdown table, with the stack depth and peak heap of ctt's call
# (`zkvm_icount memory`, natively).
#
#   benches/zkvm_icount.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ${1:-} != --no-build ]]; then
    cargo build --quiet --release -p ctt-benches --bin zkvm_icount
fi
bin=target/release/zkvm_icount
out=$(mktemp)
trap 'rm -f "$out"' EXIT
count() {
    valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect='*measured*' \
        "$bin" run "$1" "$2" >/dev/null 2>&1
    sed -n 's/^summary: *//p; s/^totals: *//p' "$out" | head -n 1 | awk '{print $1}'
}
echo "| function | ctt | peer | peer's count | ctt/peer | ctt stack (bytes) | ctt heap (bytes) |"
echo "|---|---:|---|---:|---:|---:|---:|"
"$bin" list | awk '{print $1}' | uniq | while read -r f; do
    ours=$(count "$f" ctt)
    read -r stack heap < <("$bin" memory "$f" ctt)
    peers=$("$bin" list | awk -v f="$f" '$1 == f && $2 != "ctt" {print $2}')
    if [[ -z $peers ]]; then
        printf '| %s | %s | - | - | - | %s | %s |\n' "$f" "$ours" "$stack" "$heap"
    fi
    for p in $peers; do
        theirs=$(count "$f" "$p")
        ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", a / b }')
        printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$f" "$ours" "$p" "$theirs" "$ratio" "$stack" "$heap"
    done
done
