/*
 * ctt_bls.h — Ethereum BLS signatures in libctt: the ciphersuite
 * BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_ (draft-irtf-cfrg-bls-signature-05) as the
 * consensus specifications use it, EIP-2333 key derivation and batch verification.
 *
 * Encodings: secret keys 32 bytes big-endian (nonzero, below the group order r); public keys 48
 * bytes and signatures 96 bytes, compressed (ZCash format). Messages are a pointer and a length
 * (NULL allowed for length 0). Lists are arrays with a count.
 *
 * Return codes: CTT_BLS_OK on success. Verification functions return CTT_BLS_OK for well-formed
 * input and write the answer to *ok (a signature that does not verify is CTT_BLS_OK with
 * *ok == false); malformed input is an error code, with *ok = false. Other outputs are written
 * only on success.
 *
 * Secret keys: every function taking or making one is constant time in it (checked under
 * valgrind by libctt's harness); libctt wipes its own copies of key bytes before returning. The
 * caller's buffers are the caller's to wipe.
 *
 * Memory and threads: inputs and outputs are the caller's, borrowed for the call (decoded keys,
 * ctt_bls_public_key below, are plain caller-owned structs too); nothing is kept between calls and any function may run on any number of threads at once.
 */
#ifndef CTT_BLS_H
#define CTT_BLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CTT_BLS_SECRET_KEY_BYTES 32
#define CTT_BLS_PUBLIC_KEY_BYTES 48
#define CTT_BLS_SIGNATURE_BYTES 96

typedef enum {
    CTT_BLS_OK = 0,
    CTT_BLS_BADARGS = 1,              /* NULL or unaligned pointer, count whose size overflows */
    CTT_BLS_INVALID_SECRET_KEY = 2,   /* 0, or not below r */
    CTT_BLS_IKM_TOO_SHORT = 3,        /* key material shorter than 32 bytes */
    CTT_BLS_INVALID_PUBLIC_KEY = 4,   /* flags, non-canonical, off the curve, outside the subgroup */
    CTT_BLS_IDENTITY_PUBLIC_KEY = 5,  /* KeyValidate rejects the identity */
    CTT_BLS_INVALID_SIGNATURE = 6,    /* flags, non-canonical, off the curve, outside the subgroup */
    CTT_BLS_EMPTY_INPUT = 7,          /* an empty list where at least one element is needed */
    CTT_BLS_ERROR = 8,                /* internal error (a bug, caught before it crosses the ABI) */
    CTT_BLS_THREADS = 9,               /* threads for a parallel function could not be started */
} CTT_BLS_RET;

/* Keys ------------------------------------------------------------------------------------- */

/** KeyGen (draft §2.3): a secret key from `ikm` (at least 32 secret bytes) and `key_info`. */
CTT_BLS_RET ctt_bls_keygen(
    uint8_t sk_out[32], const uint8_t *ikm, size_t ikm_len, const uint8_t *key_info,
    size_t key_info_len
);

/** EIP-2333 derive_master_SK(seed), `seed` at least 32 bytes. */
CTT_BLS_RET ctt_bls_derive_master_sk(uint8_t sk_out[32], const uint8_t *seed, size_t seed_len);

/** EIP-2333 derive_child_SK(parent_SK, index). */
CTT_BLS_RET ctt_bls_derive_child_sk(
    uint8_t sk_out[32], const uint8_t parent_sk[32], uint32_t index
);

/** CTT_BLS_OK if `sk` is a valid secret key, else CTT_BLS_INVALID_SECRET_KEY. */
CTT_BLS_RET ctt_bls_secret_key_validate(const uint8_t sk[32]);

/** SkToPk. */
CTT_BLS_RET ctt_bls_sk_to_pk(uint8_t pk_out[48], const uint8_t sk[32]);

/** KeyValidate: CTT_BLS_OK, CTT_BLS_INVALID_PUBLIC_KEY or CTT_BLS_IDENTITY_PUBLIC_KEY. */
CTT_BLS_RET ctt_bls_public_key_validate(const uint8_t pk[48]);

/** CTT_BLS_OK if `sig` decodes into the subgroup (the identity does), else
 *  CTT_BLS_INVALID_SIGNATURE. */
CTT_BLS_RET ctt_bls_signature_validate(const uint8_t sig[96]);

/* Signing ---------------------------------------------------------------------------------- */

/** Sign. */
CTT_BLS_RET ctt_bls_sign(
    uint8_t sig_out[96], const uint8_t sk[32], const uint8_t *msg, size_t msg_len
);

/** PopProve: the proof of possession of `sk`. */
CTT_BLS_RET ctt_bls_pop_prove(uint8_t proof_out[96], const uint8_t sk[32]);

/** Aggregate: the sum of `n` >= 1 signatures (each validated). */
CTT_BLS_RET ctt_bls_aggregate_signatures(uint8_t sig_out[96], const uint8_t (*sigs)[96], size_t n);

/** eth_aggregate_pubkeys: the sum of `n` >= 1 KeyValidate'd public keys. */
CTT_BLS_RET ctt_bls_aggregate_public_keys(
    uint8_t pk_out[48], const uint8_t (*pks)[48], size_t n
);

/* Verification ----------------------------------------------------------------------------- */

/** Verify. */
CTT_BLS_RET ctt_bls_verify(
    bool *ok, const uint8_t pk[48], const uint8_t *msg, size_t msg_len, const uint8_t sig[96]
);

/** PopVerify. */
CTT_BLS_RET ctt_bls_pop_verify(bool *ok, const uint8_t pk[48], const uint8_t proof[96]);

/** FastAggregateVerify: `n` >= 1 signers of one message. */
CTT_BLS_RET ctt_bls_fast_aggregate_verify(
    bool *ok, const uint8_t (*pks)[48], size_t n, const uint8_t *msg, size_t msg_len,
    const uint8_t sig[96]
);

/** eth_fast_aggregate_verify (altair): as FastAggregateVerify, except that n == 0 with the
 *  identity signature is valid. */
CTT_BLS_RET ctt_bls_eth_fast_aggregate_verify(
    bool *ok, const uint8_t (*pks)[48], size_t n, const uint8_t *msg, size_t msg_len,
    const uint8_t sig[96]
);

/** AggregateVerify: `n` >= 1 (public key, message) pairs, message i at msgs[i] with length
 *  msg_lens[i], and one aggregate signature. */
CTT_BLS_RET ctt_bls_aggregate_verify(
    bool *ok, const uint8_t (*pks)[48], const uint8_t *const *msgs, const size_t *msg_lens,
    size_t n, const uint8_t sig[96]
);

/**
 * Batch verification of `n` >= 1 independent (public key, message, signature) sets with one
 * multi-pairing, each set blinded by a 64-bit scalar derived from `randomness`: 32 bytes that
 * whoever produced the signatures cannot predict (fresh from the operating system's generator).
 * *ok is true only if every set verifies (up to a 2^-64 chance of a false accept).
 */
CTT_BLS_RET ctt_bls_batch_verify(
    bool *ok, const uint8_t (*pks)[48], const uint8_t *const *msgs, const size_t *msg_lens,
    const uint8_t (*sigs)[96], size_t n, const uint8_t randomness[32]
);

/** ctt_bls_batch_verify on `num_threads` threads (0: libctt's shared pool, one per core). */
CTT_BLS_RET ctt_bls_batch_verify_parallel(
    bool *ok, const uint8_t (*pks)[48], const uint8_t *const *msgs, const size_t *msg_lens,
    const uint8_t (*sigs)[96], size_t n, const uint8_t randomness[32], uint32_t num_threads
);

/* Decoded public keys -------------------------------------------------------------------------
 *
 * Decoding a public key (a square root to decompress it, then the subgroup check) costs about
 * as much as 15 % of a signature verification, and it is most of FastAggregateVerify's work per
 * signer. A client that sees the same keys again (a validator registry, a sync committee)
 * decodes each once into a ctt_bls_public_key and passes those to the _decoded functions,
 * which skip both steps. The struct is the caller's memory (an array of them is an array:
 * no allocation, no free); it holds the key's uncompressed encoding and a check word, so one
 * that ctt_bls_public_key_decode did not fill (zeroed, uninitialised, overwritten) is refused
 * with CTT_BLS_BADARGS. Only the bytes written by ctt_bls_public_key_decode of the same libctt
 * version may be passed: the subgroup check is not repeated. Copy it freely (memcpy).
 */

/** An opaque, decoded and KeyValidate'd public key: 104 bytes, aligned as uint64_t. */
typedef struct {
    uint64_t opaque[13];
} ctt_bls_public_key;

/** Decodes and validates (KeyValidate, as ctt_bls_public_key_validate) a compressed key. */
CTT_BLS_RET ctt_bls_public_key_decode(ctt_bls_public_key *out, const uint8_t pk[48]);

/** The compressed encoding of a decoded key. */
CTT_BLS_RET ctt_bls_public_key_to_bytes(uint8_t pk_out[48], const ctt_bls_public_key *pk);

/** ctt_bls_verify with a decoded key. */
CTT_BLS_RET ctt_bls_verify_decoded(
    bool *ok, const ctt_bls_public_key *pk, const uint8_t *msg, size_t msg_len,
    const uint8_t sig[96]
);

/** ctt_bls_fast_aggregate_verify with `n` decoded keys. */
CTT_BLS_RET ctt_bls_fast_aggregate_verify_decoded(
    bool *ok, const ctt_bls_public_key *pks, size_t n, const uint8_t *msg, size_t msg_len,
    const uint8_t sig[96]
);

/** ctt_bls_eth_fast_aggregate_verify with `n` decoded keys. */
CTT_BLS_RET ctt_bls_eth_fast_aggregate_verify_decoded(
    bool *ok, const ctt_bls_public_key *pks, size_t n, const uint8_t *msg, size_t msg_len,
    const uint8_t sig[96]
);

/** ctt_bls_aggregate_verify with `n` decoded keys. */
CTT_BLS_RET ctt_bls_aggregate_verify_decoded(
    bool *ok, const ctt_bls_public_key *pks, const uint8_t *const *msgs, const size_t *msg_lens,
    size_t n, const uint8_t sig[96]
);

/** ctt_bls_batch_verify with `n` decoded keys. */
CTT_BLS_RET ctt_bls_batch_verify_decoded(
    bool *ok, const ctt_bls_public_key *pks, const uint8_t *const *msgs, const size_t *msg_lens,
    const uint8_t (*sigs)[96], size_t n, const uint8_t randomness[32]
);

/** ctt_bls_batch_verify_decoded on `num_threads` threads (0: libctt's shared pool). */
CTT_BLS_RET ctt_bls_batch_verify_decoded_parallel(
    bool *ok, const ctt_bls_public_key *pks, const uint8_t *const *msgs, const size_t *msg_lens,
    const uint8_t (*sigs)[96], size_t n, const uint8_t randomness[32], uint32_t num_threads
);

#ifdef __cplusplus
}
#endif

#endif /* CTT_BLS_H */
