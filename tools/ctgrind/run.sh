#!/usr/bin/env bash
# ctgrind: checks ctt's constant-time code paths under valgrind memcheck.
#
# Builds tools/ctgrind twice (profile `ctgrind` = release + line tables; on x86-64 with feature
# `adx`, which pins ctt-bigint's MULX/ADCX/ADOX backend because valgrind's CPUID hides ADX): the
# shipped code, and the `planted` build, whose library carries planted leaks (ctt-bls's
# `ctgrind-planted`) and which runs the `planted-library` cases only. Then runs each case in its
# own valgrind process:
#   - real cases must exit 0 with "ERROR SUMMARY: 0 errors": no branch or memory index depends
#     on the data marked secret;
#   - planted cases (deliberate leaks, in the harness or in the library) must be caught: exit 42
#     with an error whose innermost frame is the function the case names. A planted case that is
#     NOT caught fails the run: the harness is broken.
# The secret-derived bits the library branches on by design (KeyGen's retry test, whether a
# secret key decodes) are accepted by tools/ctgrind/declassified.supp, one tiny release function
# each. Every case declares how many such jumps it runs (`ctt-ctgrind list`, third column);
# valgrind's count of suppressed errors must equal it exactly ("declassified" in the `ok` line).
# Cases run without --track-origins (half the time); a failing case is run again with it, so
# that its log says where the undefined value came from. Cases run in parallel (CTGRIND_JOBS).
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
x86_64 | amd64) features=(adx) ;;
esac

logdir=$(mktemp -d "${TMPDIR:-/tmp}/ctgrind.XXXXXX")
target="${CARGO_TARGET_DIR:-$root/target}/ctgrind"
# Builds the harness with features $@ and copies the binary to $logdir/$name. The shipped build
# comes last, so that target/ctgrind/ctt-ctgrind is the binary without planted leaks.
build() {
    local name=$1
    shift
    echo "ctgrind: cargo build -p ctt-ctgrind --profile ctgrind --features '$*'"
    cargo build --quiet -p ctt-ctgrind --profile ctgrind --features "$*" &&
        cp "$target/ctt-ctgrind" "$logdir/$name"
}
if ! build ctt-ctgrind-planted "${features[@]}" planted || ! build ctt-ctgrind "${features[@]}"; then
    echo "FAIL  build"
    rm -rf "$logdir"
    summary 0 1
    exit 1
fi
bin="$logdir/ctt-ctgrind"
planted_bin="$logdir/ctt-ctgrind-planted"

# name kind declassified site description, one case a line; the planted build adds its
# `planted-library` cases.
if ! list=$("$bin" list) || ! planted_list=$("$planted_bin" list); then
    echo "FAIL  ctt-ctgrind list"
    summary 0 1
    exit 1
fi
if ! library_list=$(grep '^[^ ]* planted-library ' <<<"$planted_list"); then
    echo "FAIL  the planted build lists no planted-library case: the harness's self-test is gone"
    summary 0 1
    exit 1
fi
list+=$'\n'$library_list
if [ $# -gt 0 ]; then
    wanted=" $* "
    list=$(while read -r name rest; do
        case "$wanted" in *" $name "*) echo "$name $rest" ;; esac
    done <<<"$list")
    if [ "$(wc -l <<<"$list")" -ne $# ] || [ -z "$list" ]; then
        echo "ctgrind: unknown case among: $* (see: ctt-ctgrind list)"
        summary 0 1
        exit 1
    fi
fi

supp="$root/tools/ctgrind/declassified.supp"
# Cases run CTGRIND_JOBS at a time (default: the number of CPUs; each valgrind process is single-
# threaded); their lines are printed in the list's order once all have run.
jobs=${CTGRIND_JOBS:-$(nproc 2>/dev/null || echo 1)}
run_valgrind() {
    valgrind --tool=memcheck --error-exitcode=42 --track-origins="$1" --num-callers=30 -s \
        --suppressions="$supp" --log-file="$log" "$case_bin" "$name" >"$out" 2>&1
}
# One case: writes its report to $logdir/$name.report, first line `ok` or `FAIL`.
run_case() {
    local name=$1 kind=$2 expected=$3 site=$4
    local log="$logdir/$name.valgrind.log" out="$logdir/$name.out" report="$logdir/$name.report"
    local case_bin=$bin
    [ "$kind" = planted-library ] && case_bin=$planted_bin
    run_valgrind no
    local rc=$?
    local errors declassified result_ok=no why="" detail innermost
    errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$log" | tail -n 1)
    # Jumps accepted by declassified.supp (`-s` lists each used suppression with its count; those
    # of valgrind's default file do not count).
    declassified=$(awk '$2 == "used_suppression:" && /declassified\.supp:/ { n += $3 }
        END { print n + 0 }' "$log")
    grep -q "^$name: result ok" "$out" && result_ok=yes
    if [ "$kind" = real ]; then
        if [ "$result_ok" != yes ]; then
            why="case failed: $(tail -n 1 "$out")"
        elif [ "$rc" -ne 0 ] || [ "$errors" != 0 ]; then
            why="valgrind reported ${errors:-?} error(s) (exit $rc): secret-dependent branch or index"
        fi
        detail="0 errors"
    else
        # The functions valgrind names as the innermost frame of an error (`at` lines); the
        # case's site matches one with any path before it (valgrind names an inlined function
        # without its path).
        innermost=$(sed -n 's/^==[0-9]*==    at 0x[0-9A-F]*: \(.*\) (.*/\1/p' "$log")
        if [ "$result_ok" != yes ]; then
            why="planted case did not complete: $(tail -n 1 "$out")"
        elif [ "$rc" -ne 42 ] || [ -z "$errors" ] || [ "$errors" = 0 ]; then
            why="planted leak NOT detected (exit $rc, ${errors:-?} errors): the harness is broken"
        elif ! awk -v s="$site" 'BEGIN { n = length(s) + 2 }
            $0 == s || substr($0, length($0) - n + 1) == "::" s { found = 1 }
            END { exit !found }' <<<"$innermost"; then
            why="errors reported, but none in $site (the planted leak)"
        fi
        detail="caught: $errors error(s) in $site"
    fi
    if [ -z "$why" ] && [ "$declassified" != "$expected" ]; then
        why="$declassified declassified branch(es), the case expects $expected (declassified.supp \
accepted a branch it should not, or the released bit is no longer branched on where it names)"
    fi
    if [ -z "$why" ]; then
        printf 'ok    %-28s %-15s %s, %s declassified\n' "$name" "$kind" "$detail" "$declassified" >"$report"
        rm -f "$log" "$out"
    else
        # Again with origin tracking, for the log (a real case only: a planted one's log is
        # already explicit).
        [ "$kind" = real ] && run_valgrind yes
        {
            printf 'FAIL  %-28s %-15s %s\n' "$name" "$kind" "$why"
            grep -E '^==[0-9]+== (   at|    by|[A-Z])|^--[0-9]+-- used_suppression' "$log" | head -n 40 |
                sed 's/^/      /'
            echo "      log: $log"
        } >"$report"
    fi
}
names=()
while read -r name kind expected site _; do
    names+=("$name")
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
        wait -n
    done
    run_case "$name" "$kind" "$expected" "$site" &
done <<<"$list"
wait
passed=0
failed=0
for name in "${names[@]}"; do
    report="$logdir/$name.report"
    if [ -f "$report" ] && head -n 1 "$report" | grep -q '^ok '; then
        passed=$((passed + 1))
    else
        [ -f "$report" ] || echo "FAIL  $name: no report"
        failed=$((failed + 1))
    fi
    [ -f "$report" ] && cat "$report"
    rm -f "$report"
done
rm -f "$bin" "$planted_bin"
[ "$failed" -eq 0 ] && rmdir "$logdir" 2>/dev/null

summary "$passed" "$failed"
[ "$failed" -eq 0 ]
