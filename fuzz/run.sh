#!/usr/bin/env bash
# Runs the cargo-fuzz targets on the nightly toolchain.
#
#   bash fuzz/run.sh TARGET SECONDS [libFuzzer flags...]   one target for SECONDS seconds
#   bash fuzz/run.sh --smoke SECONDS                        every target for SECONDS seconds each
#                                                           (from the seeds alone)
#   bash fuzz/run.sh --build                                builds every target, runs none
#   bash fuzz/run.sh --list                                 the targets
#
# Builds the targets with cargo-fuzz's instrumentation by calling the nightly cargo directly (the
# same RUSTFLAGS, --target and profile as `cargo fuzz build -O`), so neither CI nor a user needs
# cargo-fuzz installed; `cargo +nightly fuzz run TARGET` reuses the same build. Each target runs on
# its working corpus fuzz/corpus/TARGET (not committed) plus the committed seeds fuzz/seeds/TARGET,
# with its dictionary fuzz/dicts/TARGET.dict if there is one, and a -max_len that fits its layout.
# Environment: FUZZ_TOOLCHAIN (default nightly); FUZZ_SANITIZER (default none: the targets are
# differential, and AddressSanitizer makes the KZG and PeerDAS targets 5-10x slower; set it to
# address for a memory-error pass, built into its own target directory); FUZZ_TARGET_DIR
# (cargo's --target-dir); CARGO_BUILD_JOBS as usual. A failure (a crash, a differential mismatch,
# a timeout) stops the run with a non-zero status; libFuzzer writes the input to
# fuzz/artifacts/TARGET/.
set -euo pipefail
cd "$(dirname "$0")"
self="$PWD/$(basename "$0")"

toolchain=${FUZZ_TOOLCHAIN:-nightly}
sanitizer=${FUZZ_SANITIZER:-none}
triple=$(rustc "+$toolchain" -vV | sed -n 's/^host: //p')
target_dir=${FUZZ_TARGET_DIR:-target}
[[ $sanitizer == none ]] || target_dir="$target_dir-$sanitizer"

# -max_len per target: room for the target's input layout, no more (longer inputs only slow the
# search down).
declare -A MAX_LEN=(
    [decode_verify]=512
    [verify_vs_blst]=256
    [batch_verify_vs_blst]=512
    [kzg_vs_ckzg]=512
    [peerdas_vs_ckzg]=256
    [precompiles_vs_revm]=2048
    [decoders_vs_blst]=320
    [hashes_vs_refs]=640
    [modexp_vs_num_bigint]=800
    [ecdsa_vs_k256]=200
    [msm_vs_blst]=2048
    [hash_to_curve_vs_blst]=1024
    [pairing_vs_blst]=128
    [interop_vs_blst]=512
    [setup_vs_ckzg]=256
)
TARGETS=(decode_verify verify_vs_blst batch_verify_vs_blst kzg_vs_ckzg peerdas_vs_ckzg
    precompiles_vs_revm decoders_vs_blst hashes_vs_refs modexp_vs_num_bigint ecdsa_vs_k256
    msm_vs_blst hash_to_curve_vs_blst pairing_vs_blst interop_vs_blst setup_vs_ckzg)

usage() {
    sed -n '4,8s/^# \{0,1\}//p' "$self" >&2
    exit 2
}

# cargo-fuzz's instrumentation (cargo-fuzz 0.13, `build -O`): libFuzzer's coverage counters,
# comparison tracing and stack depth, `cfg(fuzzing)`, one codegen unit so that ThinLTO still
# inlines, no branch folding (keeps distinct edges distinct). --target keeps these flags off the
# build scripts and proc macros.
build() {
    local flags="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4"
    flags+=" -Cllvm-args=-sanitizer-coverage-inline-8bit-counters"
    flags+=" -Cllvm-args=-sanitizer-coverage-pc-table -Cllvm-args=-sanitizer-coverage-trace-compares"
    flags+=" --cfg fuzzing -Cllvm-args=-simplifycfg-branch-fold-threshold=0 -Ccodegen-units=1"
    [[ $triple == *-linux-* ]] && flags+=" -Cllvm-args=-sanitizer-coverage-stack-depth"
    [[ $sanitizer == none ]] || flags+=" -Zsanitizer=$sanitizer"
    local bins=()
    for t in "$@"; do bins+=(--bin "$t"); done
    [[ $# -gt 0 ]] || bins=(--bins)
    RUSTFLAGS="$flags ${RUSTFLAGS:-}" cargo "+$toolchain" build --quiet --manifest-path Cargo.toml \
        --target "$triple" --target-dir "$target_dir" --release \
        --config 'profile.release.debug="line-tables-only"' "${bins[@]}"
}

# run TARGET SECONDS CORPUS [flags...]: prints a one-line summary (executions, corpus) at the end.
run() {
    local target=$1 seconds=$2 corpus_dir=$3
    shift 3
    local len=${MAX_LEN[$target]:?unknown target $target}
    mkdir -p "$corpus_dir" "seeds/$target" "artifacts/$target"
    local dict=()
    [[ -f dicts/$target.dict ]] && dict=(-dict="dicts/$target.dict")
    local log
    log=$(mktemp "${TMPDIR:-/tmp}/fuzz_run_${target}_XXXX.log")
    local status=0
    "$target_dir/$triple/release/$target" "$corpus_dir" "seeds/$target" \
        -max_total_time="$seconds" -max_len="$len" -timeout=60 -rss_limit_mb=6144 \
        -print_final_stats=1 -artifact_prefix="artifacts/$target/" "${dict[@]}" "$@" \
        >"$log" 2>&1 || status=$?
    local execs corpus cov
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    corpus=$(grep -o 'corp: [0-9]*/[0-9a-zA-Z]*' "$log" | tail -1 | cut -d' ' -f2)
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1)
    if [[ $status -ne 0 ]]; then
        tail -n 60 "$log" >&2
        echo "run.sh: $target FAILED (status $status; log $log, input in fuzz/artifacts/$target/)" >&2
        return "$status"
    fi
    printf '%-22s %4ss  %10s execs  corpus %s  %s\n' "$target" "$seconds" "${execs:-?}" "${corpus:-?}" "${cov:-}"
    rm -f "$log"
}

[[ $# -ge 1 ]] || usage
case $1 in
    --list)
        printf '%s\n' "${TARGETS[@]}"
        ;;
    --build)
        [[ $# -eq 1 ]] || usage
        build
        ;;
    --smoke)
        [[ $# -eq 2 ]] || usage
        build
        # A fresh working corpus per target: the smoke pass starts from the seeds only, whatever
        # fuzz/corpus/ holds.
        scratch=$(mktemp -d "${TMPDIR:-/tmp}/fuzz_smoke_XXXX")
        trap 'rm -rf "$scratch"' EXIT
        # Targets run side by side, one per CPU (libFuzzer runs one thread); each one's report
        # is printed in the list's order when all are done.
        jobs=$(nproc 2>/dev/null || echo 1)
        for t in "${TARGETS[@]}"; do
            while [[ $(jobs -rp | wc -l) -ge $jobs ]]; do wait -n || true; done
            (run "$t" "$2" "$scratch/$t" >"$scratch/$t.report" 2>&1; echo $? >"$scratch/$t.status") &
        done
        wait
        failed=0
        for t in "${TARGETS[@]}"; do
            cat "$scratch/$t.report"
            [[ $(cat "$scratch/$t.status" 2>/dev/null) == 0 ]] || failed=1
        done
        [[ $failed -eq 0 ]]
        ;;
    -*)
        usage
        ;;
    *)
        [[ $# -ge 2 ]] || usage
        target=$1 seconds=$2
        shift 2
        build "$target"
        run "$target" "$seconds" "corpus/$target" "$@"
        ;;
esac
