/*
 * Every precompile vector of tests/vectors (go-ethereum's and EIP-2537's) through ctt_evm.h.
 * usage: evm_vectors VECTORS
 *
 * Lines: "ok NAME ADDRESS FORK GAS INPUT EXPECTED" (the output and the exact gas; one gas less is
 * out of gas; the gas query agrees; a buffer one byte short is refused with the size needed) and
 * "fail NAME ADDRESS FORK INPUT" (a failure of the call other than out of gas, consuming all the
 * gas given).
 */
#include "common.h"

#include "ctt_evm.h"

static void success(char **f, const char *name) {
    uint64_t address = strtoull(f[2], NULL, 0);
    uint32_t fork = (uint32_t)strtoul(f[3], NULL, 10);
    uint64_t gas = strtoull(f[4], NULL, 10);
    size_t in_len, want_len;
    uint8_t *in = hex_any(f[5], &in_len);
    uint8_t *want = hex_any(f[6], &want_len);
    uint8_t *out = xmalloc(want_len + 1);
    size_t out_len = 12345;
    uint64_t used = 0;

    CTT_EVM_RET ret = ctt_evm_precompile(out, want_len + 1, &out_len, &used, address, in, in_len, gas, fork);
    CHECK(ret == CTT_EVM_OK, "%s: %s", name, ctt_evm_error_string(ret));
    CHECK(out_len == want_len && memcmp(out, want, want_len) == 0, "%s: output", name);
    CHECK(used == gas, "%s: gas %llu, want %llu", name, (unsigned long long)used, (unsigned long long)gas);

    uint64_t priced = 0;
    CHECK(ctt_evm_precompile_gas(&priced, address, in, in_len, fork) == CTT_EVM_OK && priced == gas,
          "%s: gas query", name);
    if (gas > 0) {
        ret = ctt_evm_precompile(out, want_len + 1, &out_len, &used, address, in, in_len, gas - 1, fork);
        CHECK(ret == CTT_EVM_OUT_OF_GAS && used == gas - 1 && out_len == 0, "%s: one gas short: %d", name, ret);
    }
    if (want_len > 0) {
        ret = ctt_evm_precompile(out, want_len - 1, &out_len, &used, address, in, in_len, gas, fork);
        CHECK(ret == CTT_EVM_OUTPUT_TOO_SMALL && out_len == want_len && used == gas,
              "%s: short buffer: %d", name, ret);
    }
    free(out);
    free(want);
    free(in);
}

static void failure(char **f, const char *name) {
    uint64_t address = strtoull(f[2], NULL, 0);
    uint32_t fork = (uint32_t)strtoul(f[3], NULL, 10);
    size_t in_len;
    uint8_t *in = hex_any(f[4], &in_len);
    uint8_t out[256];
    size_t out_len = 1;
    uint64_t used = 0;
    CTT_EVM_RET ret = ctt_evm_precompile(out, sizeof out, &out_len, &used, address, in, in_len, UINT64_MAX, fork);
    CHECK(ret >= CTT_EVM_NOT_ACTIVE, "%s: want a failure of the call, got %d", name, ret);
    CHECK(used == UINT64_MAX && out_len == 0, "%s: a failure consumes all the gas", name);
    free(in);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTORS\n", argv[0]);
        return 2;
    }
    FILE *vectors = open_or_die(argv[1]);
    char *line = NULL;
    size_t cap = 0, cases = 0;
    while (next_line(vectors, &line, &cap)) {
        char **f;
        size_t n = split(line, ' ', &f);
        if (strcmp(f[0], "ok") == 0 && n == 7) {
            success(f, f[1]);
        } else if (strcmp(f[0], "fail") == 0 && n == 5) {
            failure(f, f[1]);
        } else {
            fprintf(stderr, "malformed vector line (%zu fields)\n", n);
            return 2;
        }
        cases++;
        free(f);
    }
    free(line);
    fclose(vectors);
    printf("%zu vectors\n", cases);
    return finish("evm_vectors");
}
