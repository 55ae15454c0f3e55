/*
 * zkvm_accelerators.h — libctt's implementation of the zkVM cryptographic accelerator interface
 * standardised by the eth-act group (eth-act/zkvm-standards,
 * standards/c-interface-accelerators/zkvm_accelerators.h): the standard's names, types and
 * signatures, so that a guest program written against the standard compiles against this header
 * and links against libctt. Written for libctt; the declarations follow the standard.
 *
 * Every function returns ZKVM_EOK (0) or ZKVM_EFAIL (-1). Where the standard leaves a choice,
 * libctt takes these:
 *   - Pointers: the standard says a NULL pointer SHOULD panic; libctt never unwinds across the
 *     C ABI, so a NULL or misaligned pointer (the structs are 8-byte aligned) is ZKVM_EFAIL. An
 *     array whose count is 0 may be NULL.
 *   - Checks: each function applies its EVM precompile's checks, which its EIP demands:
 *     coordinates below the field modulus, points on their curve; in the prime-order subgroup
 *     for BN254 G2 points (EIP-197), the BLS12-381 MSM and pairing inputs (EIP-2537; the
 *     additions check the curve only, as EIP-2537's), the KZG commitment and proof (EIP-4844).
 *     Input that fails them is ZKVM_EFAIL. The point at infinity is all zero bytes.
 *   - Encodings: BN254 G1 x || y, G2 x.c1 || x.c0 || y.c1 || y.c0 (EIP-197's order); BLS12-381
 *     field elements 48 bytes big-endian, G1 x || y, G2 x.c0 || x.c1 || y.c0 || y.c1 and Fp2
 *     c0 || c1 (EIP-2537's order without its 16-byte padding); scalars 32 bytes big-endian of
 *     any value; ECDSA signatures r || s and public keys x || y (uncompressed, no 0x04 prefix).
 *   - Verification functions (secp256k1_verify, secp256r1_verify, kzg_point_eval, the pairings)
 *     return ZKVM_EOK with *verified for well-formed input (false: the signature, proof or
 *     pairing equation does not hold, including ECDSA r or s outside [1, n-1]); a public key not
 *     on its curve, or a point or field element that fails the checks above, is ZKVM_EFAIL.
 *   - zkvm_secp256k1_ecrecover: recid 0 or 1; r, s in [1, n-1] with high s accepted (as the EVM's
 *     ecrecover); ZKVM_EFAIL when no key can be recovered. zkvm_secp256k1_verify is plain ECDSA
 *     (high s accepted).
 *   - zkvm_bn254_pairing with num_pairs == 0 verifies (EIP-197); the BLS12-381 MSMs and pairing
 *     with num_pairs == 0 are ZKVM_EFAIL (EIP-2537).
 *   - zkvm_modexp: no length bound (no gas here); mod_len == 0 writes nothing; a modulus of
 *     value 0 gives zeros (as the EVM's MODEXP).
 *   - zkvm_blake2f: f must be 0 or 1; h is updated only on success.
 *   - zkvm_kzg_point_eval runs on the Ethereum mainnet trusted setup embedded in libctt.
 * No function keeps state between calls (the embedded setup is decoded once); all are
 * thread-safe. Memory: every function except the MSMs, the pairings and zkvm_modexp runs on the
 * stack alone; those allocate their decoded inputs (see the README's table).
 */
#ifndef ZKVM_ACCELERATORS_H
#define ZKVM_ACCELERATORS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    ZKVM_EOK = 0,
    ZKVM_EFAIL = -1
} zkvm_status;

#ifdef __cplusplus
#define ZKVM_ALIGN8 alignas(8)
#else
#define ZKVM_ALIGN8 _Alignas(8)
#endif

typedef struct { ZKVM_ALIGN8 uint8_t data[16]; } zkvm_bytes_16;
typedef struct { ZKVM_ALIGN8 uint8_t data[32]; } zkvm_bytes_32;
typedef struct { ZKVM_ALIGN8 uint8_t data[48]; } zkvm_bytes_48;
typedef struct { ZKVM_ALIGN8 uint8_t data[64]; } zkvm_bytes_64;
typedef struct { ZKVM_ALIGN8 uint8_t data[96]; } zkvm_bytes_96;
typedef struct { ZKVM_ALIGN8 uint8_t data[128]; } zkvm_bytes_128;
typedef struct { ZKVM_ALIGN8 uint8_t data[192]; } zkvm_bytes_192;

typedef zkvm_bytes_32 zkvm_keccak256_hash;
typedef zkvm_bytes_32 zkvm_sha256_hash;
typedef zkvm_bytes_32 zkvm_ripemd160_hash; /* 12 zero bytes, then the 20-byte digest */

typedef zkvm_bytes_32 zkvm_secp256k1_hash;
typedef zkvm_bytes_64 zkvm_secp256k1_signature;
typedef zkvm_bytes_64 zkvm_secp256k1_pubkey;

typedef zkvm_bytes_32 zkvm_secp256r1_hash;
typedef zkvm_bytes_64 zkvm_secp256r1_signature;
typedef zkvm_bytes_64 zkvm_secp256r1_pubkey;

typedef zkvm_bytes_64 zkvm_bn254_g1_point;
typedef zkvm_bytes_128 zkvm_bn254_g2_point;
typedef zkvm_bytes_32 zkvm_bn254_scalar;

typedef struct {
    zkvm_bn254_g1_point g1;
    zkvm_bn254_g2_point g2;
} zkvm_bn254_pairing_pair;

typedef zkvm_bytes_96 zkvm_bls12_381_g1_point;
typedef zkvm_bytes_192 zkvm_bls12_381_g2_point;
typedef zkvm_bytes_32 zkvm_bls12_381_scalar;
typedef zkvm_bytes_48 zkvm_bls12_381_fp;
typedef zkvm_bytes_96 zkvm_bls12_381_fp2;

typedef struct {
    zkvm_bls12_381_g1_point point;
    zkvm_bls12_381_scalar scalar;
} zkvm_bls12_381_g1_msm_pair;

typedef struct {
    zkvm_bls12_381_g2_point point;
    zkvm_bls12_381_scalar scalar;
} zkvm_bls12_381_g2_msm_pair;

typedef struct {
    zkvm_bls12_381_g1_point g1;
    zkvm_bls12_381_g2_point g2;
} zkvm_bls12_381_pairing_pair;

typedef zkvm_bytes_64 zkvm_blake2f_state;
typedef zkvm_bytes_128 zkvm_blake2f_message;
typedef zkvm_bytes_16 zkvm_blake2f_offset;

typedef zkvm_bytes_48 zkvm_kzg_commitment;
typedef zkvm_bytes_48 zkvm_kzg_proof;
typedef zkvm_bytes_32 zkvm_kzg_field_element;

/* Keccak-256 of data[0..len). */
zkvm_status zkvm_keccak256(const uint8_t *data, size_t len, zkvm_keccak256_hash *output);

/* secp256k1 ECDSA verification of a 32-byte hash; *verified on ZKVM_EOK. */
zkvm_status zkvm_secp256k1_verify(const zkvm_secp256k1_hash *msg,
                                  const zkvm_secp256k1_signature *sig,
                                  const zkvm_secp256k1_pubkey *pubkey,
                                  bool *verified);

/* 0x01: the public key x || y that signed `msg` (its Keccak-256's last 20 bytes are the
 * address). */
zkvm_status zkvm_secp256k1_ecrecover(const zkvm_secp256k1_hash *msg,
                                     const zkvm_secp256k1_signature *sig,
                                     uint8_t recid,
                                     zkvm_secp256k1_pubkey *output);

/* 0x02: SHA-256. */
zkvm_status zkvm_sha256(const uint8_t *data, size_t len, zkvm_sha256_hash *output);

/* 0x03: RIPEMD-160, left-padded to 32 bytes. */
zkvm_status zkvm_ripemd160(const uint8_t *data, size_t len, zkvm_ripemd160_hash *output);

/* 0x05: base^exp mod modulus into output[0..mod_len). */
zkvm_status zkvm_modexp(const uint8_t *base, size_t base_len,
                        const uint8_t *exp, size_t exp_len,
                        const uint8_t *modulus, size_t mod_len,
                        uint8_t *output);

/* 0x06: BN254 G1 addition. */
zkvm_status zkvm_bn254_g1_add(const zkvm_bn254_g1_point *p1,
                              const zkvm_bn254_g1_point *p2,
                              zkvm_bn254_g1_point *result);

/* 0x07: BN254 G1 scalar multiplication. */
zkvm_status zkvm_bn254_g1_mul(const zkvm_bn254_g1_point *point,
                              const zkvm_bn254_scalar *scalar,
                              zkvm_bn254_g1_point *result);

/* 0x08: BN254 pairing check. */
zkvm_status zkvm_bn254_pairing(const zkvm_bn254_pairing_pair *pairs,
                               size_t num_pairs,
                               bool *verified);

/* 0x09: BLAKE2b compression F on h in place (h, m, t little-endian words; f 0 or 1). */
zkvm_status zkvm_blake2f(uint32_t rounds,
                         zkvm_blake2f_state *h,
                         const zkvm_blake2f_message *m,
                         const zkvm_blake2f_offset *t,
                         uint8_t f);

/* 0x0a: KZG point evaluation: whether `proof` opens `commitment` to `y` at `z`. */
zkvm_status zkvm_kzg_point_eval(const zkvm_kzg_commitment *commitment,
                                const zkvm_kzg_field_element *z,
                                const zkvm_kzg_field_element *y,
                                const zkvm_kzg_proof *proof,
                                bool *verified);

/* 0x0b: BLS12-381 G1 addition. */
zkvm_status zkvm_bls12_g1_add(const zkvm_bls12_381_g1_point *p1,
                              const zkvm_bls12_381_g1_point *p2,
                              zkvm_bls12_381_g1_point *result);

/* 0x0c: BLS12-381 G1 multi-scalar multiplication. */
zkvm_status zkvm_bls12_g1_msm(const zkvm_bls12_381_g1_msm_pair *pairs,
                              size_t num_pairs,
                              zkvm_bls12_381_g1_point *result);

/* 0x0d: BLS12-381 G2 addition. */
zkvm_status zkvm_bls12_g2_add(const zkvm_bls12_381_g2_point *p1,
                              const zkvm_bls12_381_g2_point *p2,
                              zkvm_bls12_381_g2_point *result);

/* 0x0e: BLS12-381 G2 multi-scalar multiplication. */
zkvm_status zkvm_bls12_g2_msm(const zkvm_bls12_381_g2_msm_pair *pairs,
                              size_t num_pairs,
                              zkvm_bls12_381_g2_point *result);

/* 0x0f: BLS12-381 pairing check. */
zkvm_status zkvm_bls12_pairing(const zkvm_bls12_381_pairing_pair *pairs,
                               size_t num_pairs,
                               bool *verified);

/* 0x10: BLS12-381 map of an Fp element to G1. */
zkvm_status zkvm_bls12_map_fp_to_g1(const zkvm_bls12_381_fp *field_element,
                                    zkvm_bls12_381_g1_point *result);

/* 0x11: BLS12-381 map of an Fp2 element to G2. */
zkvm_status zkvm_bls12_map_fp2_to_g2(const zkvm_bls12_381_fp2 *field_element,
                                     zkvm_bls12_381_g2_point *result);

/* 0x100: P-256 ECDSA verification. */
zkvm_status zkvm_secp256r1_verify(const zkvm_secp256r1_hash *msg,
                                  const zkvm_secp256r1_signature *sig,
                                  const zkvm_secp256r1_pubkey *pubkey,
                                  bool *verified);

#ifdef __cplusplus
}
#endif

#endif /* ZKVM_ACCELERATORS_H */
