/*
 * ctt_groth16.h — Groth16 verification (Groth, EUROCRYPT 2016) on BN254 and BLS12-381, and
 * circomlib's MiMC hashes over BN254's scalar field, in libctt.
 *
 * Keys, proofs and public inputs come as the provers write them: snarkjs' JSON texts
 * (verification_key.json, proof.json, public.json; not NUL-terminated, a pointer and a length
 * each) or arkworks' canonical serialisation (ark-groth16's VerifyingKey and Proof, the inputs as
 * arkworks' Vec<Fr>), compressed or not. Every decoder checks canonical coordinates and scalars,
 * the curve, the subgroup (G1 and G2) and the number of inputs against the key.
 *
 * Return codes: CTT_GROTH16_OK on success. Verification returns CTT_GROTH16_OK for well-formed
 * input and writes the answer to *ok (a proof that does not verify is CTT_GROTH16_OK with
 * *ok == false); malformed input is an error code, with *ok = false. MiMC outputs are written
 * only on success.
 *
 * MiMC: elements are 32-byte big-endian integers below BN254's r; the hashes are constant time
 * in their values (preimages may be secret). Verification works on public data.
 *
 * Memory and threads: inputs and outputs are the caller's, borrowed for the call; nothing is
 * kept between calls and any function may run on any number of threads at once.
 */
#ifndef CTT_GROTH16_H
#define CTT_GROTH16_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    CTT_GROTH16_OK = 0,
    CTT_GROTH16_BADARGS = 1,             /* NULL or unaligned pointer, size overflow, unknown curve */
    CTT_GROTH16_INVALID_KEY = 2,         /* the verifying key does not decode */
    CTT_GROTH16_INVALID_PROOF = 3,       /* the proof does not decode */
    CTT_GROTH16_INVALID_INPUTS = 4,      /* public inputs (or MiMC elements) malformed or not below r */
    CTT_GROTH16_WRONG_INPUT_COUNT = 5,   /* not as many public inputs as the key expects */
    CTT_GROTH16_ERROR = 6,               /* internal error (a bug, caught before it crosses the ABI) */
} CTT_GROTH16_RET;

/* The `curve` arguments. */
#define CTT_GROTH16_BN254 0u     /* snarkjs' "bn128", ark-bn254 */
#define CTT_GROTH16_BLS12_381 1u /* snarkjs' "bls12381", ark-bls12-381 */

/** snarkjs' groth16.verify on the texts of verification_key.json, proof.json and public.json. */
CTT_GROTH16_RET ctt_groth16_verify_snarkjs(
    bool *ok, uint32_t curve, const uint8_t *vk_json, size_t vk_json_len, const uint8_t *proof_json,
    size_t proof_json_len, const uint8_t *public_json, size_t public_json_len
);

/** ark-groth16's verify on arkworks' serialisation of the key, the proof and the inputs. */
CTT_GROTH16_RET ctt_groth16_verify_arkworks(
    bool *ok, uint32_t curve, bool compressed, const uint8_t *vk, size_t vk_len,
    const uint8_t *proof, size_t proof_len, const uint8_t *public_inputs, size_t public_inputs_len
);

/** circomlib's MiMCSponge(n_inputs, 220, n_outputs) with `key` (circomlibjs' multiHash);
 *  n_outputs >= 1. */
CTT_GROTH16_RET ctt_mimc_sponge(
    uint8_t (*outputs)[32], size_t n_outputs, const uint8_t (*inputs)[32], size_t n_inputs,
    const uint8_t key[32]
);

/** circomlib's MultiMiMC7(n_inputs, 91) with `key` (circomlibjs' mimc7.multiHash). */
CTT_GROTH16_RET ctt_mimc7_multi(
    uint8_t output[32], const uint8_t (*inputs)[32], size_t n_inputs, const uint8_t key[32]
);

#ifdef __cplusplus
}
#endif

#endif /* CTT_GROTH16_H */
