#!/usr/bin/env bash
# Runs the cargo-fuzz targets on the nightly toolchain.
#
#   bash fuzz/run.sh TARGET SECONDS [libFuzzer flags...]   one target for SECONDS seconds
#   bash fuzz/run.sh --smoke SECONDS                        every target for SECONDS seconds each
#                                                           (from the seeds alone)
#   bash fuzz/run.sh --list                                 the targets
#
# Installs cargo-fuzz from the crate registry if it is missing. Each target runs on its working
# corpus fuzz/corpus/TARGET (not committed) plus the committed seeds fuzz/seeds/TARGET, with its
# dictionary fuzz/dicts/TARGET.dict if there is one, and a -max_len that fits its input layout.
# Environment: FUZZ_TOOLCHAIN (default nightly); FUZZ_SANITIZER (default none: the targets are
# differential, and AddressSanitizer makes the KZG and PeerDAS targets 5-10x slower; set it to
# address for a memory-error pass, which builds into the same target directory); FUZZ_TARGET_DIR
# (cargo's --target-dir); CARGO_BUILD_JOBS as usual. A failure (a crash, a differential mismatch, a timeout) stops the
# run with a non-zero status; libFuzzer writes the input to fuzz/artifacts/TARGET/.
set -euo pipefail
cd "$(dirname "$0")"

toolchain=${FUZZ_TOOLCHAIN:-nightly}
sanitizer=${FUZZ_SANITIZER:-none}
target_dir=(${FUZZ_TARGET_DIR:+--target-dir "$FUZZ_TARGET_DIR"})

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
)
TARGETS=(decode_verify verify_vs_blst batch_verify_vs_blst kzg_vs_ckzg peerdas_vs_ckzg
    precompiles_vs_revm decoders_vs_blst hashes_vs_refs modexp_vs_num_bigint ecdsa_vs_k256)

usage() {
    sed -n '4,7s/^# \{0,1\}//p' "$0" >&2
    exit 2
}

ensure_cargo_fuzz() {
    if ! cargo fuzz --version >/dev/null 2>&1; then
        echo "run.sh: installing cargo-fuzz" >&2
        cargo install --locked cargo-fuzz
    fi
}

build() {
    cargo "+$toolchain" fuzz build -O --sanitizer "$sanitizer" "${target_dir[@]}" "$@"
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
    cargo "+$toolchain" fuzz run -O --sanitizer "$sanitizer" "${target_dir[@]}" \
        "$target" "$corpus_dir" "seeds/$target" -- \
        -max_total_time="$seconds" -max_len="$len" -timeout=60 -rss_limit_mb=6144 \
        -print_final_stats=1 -artifact_prefix="artifacts/$target/" "${dict[@]}" "$@" \
        >"$log" 2>&1 || status=$?
    local execs corpus
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    corpus=$(grep -o 'corp: [0-9]*/[0-9a-zA-Z]*' "$log" | tail -1 | cut -d' ' -f2)
    if [[ $status -ne 0 ]]; then
        tail -n 60 "$log" >&2
        echo "run.sh: $target FAILED (status $status; log $log, input in fuzz/artifacts/$target/)" >&2
        return "$status"
    fi
    printf '%-22s %4ss  %10s execs  corpus %s\n' "$target" "$seconds" "${execs:-?}" "${corpus:-?}"
    rm -f "$log"
}

[[ $# -ge 1 ]] || usage
case $1 in
    --list)
        printf '%s\n' "${TARGETS[@]}"
        ;;
    --smoke)
        [[ $# -eq 2 ]] || usage
        ensure_cargo_fuzz
        build
        # A fresh working corpus per target: the smoke pass starts from the seeds only, whatever
        # fuzz/corpus/ holds.
        scratch=$(mktemp -d "${TMPDIR:-/tmp}/fuzz_smoke_XXXX")
        trap 'rm -rf "$scratch"' EXIT
        for t in "${TARGETS[@]}"; do
            run "$t" "$2" "$scratch/$t"
        done
        ;;
    -*)
        usage
        ;;
    *)
        [[ $# -ge 2 ]] || usage
        ensure_cargo_fuzz
        target=$1 seconds=$2
        shift 2
        build "$target"
        run "$target" "$seconds" "corpus/$target" "$@"
        ;;
esac
