/*
 * ctt_evm.h — the EVM's precompiled contracts in libctt, for EVMs written in C or C++: every
 * precompile 0x01-0x11 and 0x100 with exact gas and failures per fork, as go-ethereum and revm
 * (the same inputs fail, the same outputs and gas).
 *
 * Memory and threads: inputs and outputs are the caller's, borrowed for the call; nothing is
 * kept between calls and any function may run on any number of threads at once.
 */
#ifndef CTT_EVM_H
#define CTT_EVM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Forks that changed the set of precompiles or their prices; use the newest at or before the
 * block's fork (London -> CTT_FORK_BERLIN, Shanghai -> CTT_FORK_BERLIN, ...). */
#define CTT_FORK_HOMESTEAD 0 /* ecrecover, SHA-256, RIPEMD-160, identity */
#define CTT_FORK_BYZANTIUM 1 /* MODEXP, BN254 add, mul, pairing */
#define CTT_FORK_ISTANBUL 2  /* BLAKE2 F, BN254 repriced */
#define CTT_FORK_BERLIN 3    /* MODEXP repriced (EIP-2565) */
#define CTT_FORK_CANCUN 4    /* KZG point evaluation */
#define CTT_FORK_PRAGUE 5    /* BLS12-381 (EIP-2537) */
#define CTT_FORK_OSAKA 6     /* P256VERIFY, MODEXP repriced and bounded */

typedef enum {
    CTT_EVM_OK = 0,
    CTT_EVM_BADARGS = 1,          /* NULL or unaligned pointer, unknown fork */
    CTT_EVM_OUTPUT_TOO_SMALL = 2, /* *out_len holds the size needed, nothing written */
    CTT_EVM_ERROR = 3,            /* internal error (a bug, caught before it crosses the ABI) */
    /* Failures of the call itself (in the EVM they consume all the gas given): */
    CTT_EVM_OUT_OF_GAS = 16,
    CTT_EVM_NOT_ACTIVE = 17,                  /* no precompile at this address on this fork */
    CTT_EVM_INVALID_INPUT_LENGTH = 18,
    CTT_EVM_INVALID_PADDING = 19,             /* EIP-2537 top 16 bytes of a field element */
    CTT_EVM_NON_CANONICAL_FIELD_ELEMENT = 20, /* not below the modulus */
    CTT_EVM_POINT_NOT_ON_CURVE = 21,
    CTT_EVM_POINT_NOT_IN_SUBGROUP = 22,
    CTT_EVM_INVALID_FINAL_FLAG = 23,          /* BLAKE2 F */
    CTT_EVM_MODEXP_INPUT_TOO_LARGE = 24,      /* EIP-7823 */
    CTT_EVM_KZG_VERSIONED_HASH_MISMATCH = 25,
    CTT_EVM_KZG_VERIFICATION_FAILED = 26,
} CTT_EVM_RET;

/**
 * Runs the precompile at `address` (0x01 ... 0x11, 0x100) on `fork` (a CTT_FORK_* value).
 * CTT_EVM_OK: the output is out[0 .. *out_len) and *gas_used its price.
 * CTT_EVM_OUTPUT_TOO_SMALL: *out_len is the size needed and *gas_used the price; call again with
 *   a larger buffer (the largest outputs are MODEXP's, the modulus length; every other output
 *   fits in 256 bytes).
 * A failure of the call (codes >= 16): *out_len = 0 and *gas_used = gas_limit.
 * `out` may be NULL when out_capacity is 0, `input` when input_len is 0.
 */
CTT_EVM_RET ctt_evm_precompile(
    uint8_t *out,
    size_t out_capacity,
    size_t *out_len,
    uint64_t *gas_used,
    uint64_t address,
    const uint8_t *input,
    size_t input_len,
    uint64_t gas_limit,
    uint32_t fork
);

/**
 * The gas the precompile charges for `input`, without running it; a failure code when the call
 * fails before it is priced (no precompile there, or an input length that has no price). A
 * priced call may still fail on its content.
 */
CTT_EVM_RET ctt_evm_precompile_gas(
    uint64_t *gas, uint64_t address, const uint8_t *input, size_t input_len, uint32_t fork
);

/** A static English description of a CTT_EVM_RET (never NULL). */
const char *ctt_evm_error_string(uint32_t code);

#ifdef __cplusplus
}
#endif

#endif /* CTT_EVM_H */
