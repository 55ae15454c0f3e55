#!/usr/bin/env bash
# ctgrind: checks ctt's constant-time code paths under valgrind memcheck.
#
# Builds tools/ctgrind (profile `ctgrind` = release + line tables; on x86-64 with feature `adx`,
# which pins ctt-bigint's MULX/ADCX/ADOX backend because valgrind's CPUID hides ADX), then runs
# each case in its own valgrind process:
#   - real cases must exit 0 with "ERROR SUMMARY: 0 errors": no branch or memory index depends
#     on the data marked secret;
#   - planted cases (deliberate leaks) must be caught: exit 42 with errors reported inside
#     cases::planted. A planted case that is NOT caught fails the run: the harness is broken.
# The secret-derived bits the library branches on by design (KeyGen's retry test, whether a
# secret key decodes) are accepted by tools/ctgrind/declassified.supp, one named function each;
# the `ok` line counts them ("declassified").
# Cases run without --track-origins (half the time); a failing case is run again with it, so
# that its log says where the undefined value came from.
# Prints one `ok`/`FAIL` line per case and ends with `ctgrind: N passed, M failed`; exits non-zero
# on any failure. Logs of failing cases are kept and their path printed.
#
# Usage: tools/ctgrind/run.sh [case...]   (default: every case; `ctt-ctgrind list` names them)
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root" || exit 1

summary() {
    echo "ctgrind: took $((SECONDS - start))s"
    echo "ctgrind: $1 passed, $2 failed"
}
start=$SECONDS

if ! command -v valgrind >/dev/null 2>&1; then
    echo "ctgrind: valgrind not found (apt-get install valgrind)"
    summary 0 1
    exit 1
fi

features=()
case "$(uname -m)" in
x86_64 | amd64) features=(--features adx) ;;
esac

echo "ctgrind: cargo build -p ctt-ctgrind --profile ctgrind ${features[*]}"
if ! cargo build --quiet -p ctt-ctgrind --profile ctgrind "${features[@]}"; then
    echo "FAIL  build"
    summary 0 1
    exit 1
fi
bin="${CARGO_TARGET_DIR:-$root/target}/ctgrind/ctt-ctgrind"

# name kind description, one case a line.
if ! list=$("$bin" list); then
    echo "FAIL  $bin list"
    summary 0 1
    exit 1
fi
if [ $# -gt 0 ]; then
    wanted=" $* "
    list=$(while read -r name kind _; do
        case "$wanted" in *" $name "*) echo "$name $kind" ;; esac
    done <<<"$list")
    if [ "$(wc -l <<<"$list")" -ne $# ] || [ -z "$list" ]; then
        echo "ctgrind: unknown case among: $* (see: $bin list)"
        summary 0 1
        exit 1
    fi
fi

supp="$root/tools/ctgrind/declassified.supp"
logdir=$(mktemp -d "${TMPDIR:-/tmp}/ctgrind.XXXXXX")
passed=0
failed=0
# Runs case $name under memcheck into $log / $out; $1: --track-origins (no/yes).
run_valgrind() {
    valgrind --tool=memcheck --error-exitcode=42 --track-origins="$1" --num-callers=30 \
        --suppressions="$supp" --log-file="$log" "$bin" "$name" >"$out" 2>&1
}
while read -r name kind _; do
    log="$logdir/$name.valgrind.log"
    out="$logdir/$name.out"
    run_valgrind no
    rc=$?
    errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$log" | tail -n 1)
    declassified=$(sed -n 's/.*ERROR SUMMARY: .*(suppressed: \([0-9]*\) from.*/\1/p' "$log" | tail -n 1)
    result_ok=no
    grep -q "^$name: result ok" "$out" && result_ok=yes
    why=""
    if [ "$kind" = real ]; then
        if [ "$result_ok" != yes ]; then
            why="case failed: $(tail -n 1 "$out")"
        elif [ "$rc" -ne 0 ] || [ "$errors" != 0 ]; then
            why="valgrind reported ${errors:-?} error(s) (exit $rc): secret-dependent branch or index"
        fi
        detail="0 errors"
        [ "${declassified:-0}" != 0 ] && detail="0 errors, $declassified declassified"
    else
        if [ "$result_ok" != yes ]; then
            why="planted case did not complete: $(tail -n 1 "$out")"
        elif [ "$rc" -ne 42 ] || [ -z "$errors" ] || [ "$errors" = 0 ]; then
            why="planted leak NOT detected (exit $rc, ${errors:-?} errors): the harness is broken"
        elif ! grep -q "cases::planted::leaky_" "$log"; then
            why="errors reported, but not in the planted code"
        fi
        detail="caught: $errors error(s)"
    fi
    if [ -z "$why" ]; then
        printf 'ok    %-28s %-8s %s\n' "$name" "$kind" "$detail"
        passed=$((passed + 1))
        rm -f "$log" "$out"
    else
        # Again with origin tracking, for the log (a real case only: a planted one's log is
        # already explicit).
        [ "$kind" = real ] && run_valgrind yes
        printf 'FAIL  %-28s %-8s %s\n' "$name" "$kind" "$why"
        grep -E '^==[0-9]+== (   at|    by|[A-Z])' "$log" | head -n 40 | sed 's/^/      /'
        echo "      log: $log"
        failed=$((failed + 1))
    fi
done <<<"$list"
[ "$failed" -eq 0 ] && rmdir "$logdir" 2>/dev/null

summary "$passed" "$failed"
[ "$failed" -eq 0 ]
