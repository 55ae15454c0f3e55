/*
 * Every function declared in the headers, by address: a missing or renamed symbol fails the
 * link. And c-kzg's type sizes, which bindings rely on.
 */
#include "ctt.h"
#include "ctt_groth16.h"
#include "zkvm_accelerators.h"

#include <assert.h>
#include <stdio.h>

static_assert(sizeof(Bytes32) == 32, "Bytes32");
static_assert(sizeof(Bytes48) == 48, "Bytes48");
static_assert(sizeof(Blob) == 131072, "Blob");
static_assert(sizeof(Cell) == 2048, "Cell");
static_assert(sizeof(KZGCommitment) == 48 && sizeof(KZGProof) == 48, "commitment and proof");
static_assert(sizeof(fr_t) == 32 && _Alignof(fr_t) == _Alignof(uint64_t), "fr_t as blst_fr");
static_assert(sizeof(g1_t) == 144 && _Alignof(g1_t) == _Alignof(uint64_t), "g1_t as blst_p1");
/* c-kzg 2.1's KZGSettings: eight pointers and two size_t. */
static_assert(sizeof(KZGSettings) == 8 * sizeof(void *) + 2 * sizeof(size_t), "KZGSettings");
static_assert(CELLS_PER_EXT_BLOB == 128 && CELLS_PER_BLOB == 64, "cells");
/* The zkVM standard's structs: multiples of 8 bytes, 8-byte aligned. */
static_assert(sizeof(zkvm_bls12_381_g1_msm_pair) == 128 && sizeof(zkvm_bls12_381_g2_msm_pair) == 224,
              "msm pairs");
static_assert(sizeof(zkvm_bls12_381_pairing_pair) == 288 && sizeof(zkvm_bn254_pairing_pair) == 192,
              "pairing pairs");
static_assert(_Alignof(zkvm_bytes_16) == 8 && _Alignof(zkvm_bls12_381_pairing_pair) == 8, "alignment");

#define F(name) (void (*)(void))(name)

int main(void) {
    void (*functions[])(void) = {
        /* ckzg.h */
        F(load_trusted_setup), F(load_trusted_setup_file), F(free_trusted_setup),
        F(blob_to_kzg_commitment), F(compute_kzg_proof), F(compute_blob_kzg_proof),
        F(verify_kzg_proof), F(verify_blob_kzg_proof), F(verify_blob_kzg_proof_batch),
        F(compute_cells_and_kzg_proofs), F(recover_cells_and_kzg_proofs),
        F(verify_cell_kzg_proof_batch), F(bytes_to_kzg_commitment), F(bytes_from_bls_field),
        F(compute_challenge), F(compute_verify_cell_kzg_proof_batch_challenge),
        /* ctt_kzg.h */
        F(ctt_kzg_load_mainnet), F(ctt_verify_blob_kzg_proof_batch_parallel),
        F(ctt_blobs_to_kzg_commitments_parallel), F(ctt_compute_blob_kzg_proofs_parallel),
        F(ctt_compute_cells_and_kzg_proofs_parallel), F(ctt_recover_cells_and_kzg_proofs_parallel),
        F(ctt_verify_cell_kzg_proof_batch_parallel),
        /* ctt_bls.h */
        F(ctt_bls_keygen), F(ctt_bls_derive_master_sk), F(ctt_bls_derive_child_sk),
        F(ctt_bls_secret_key_validate), F(ctt_bls_sk_to_pk), F(ctt_bls_public_key_validate),
        F(ctt_bls_signature_validate), F(ctt_bls_sign), F(ctt_bls_pop_prove),
        F(ctt_bls_aggregate_signatures), F(ctt_bls_aggregate_public_keys), F(ctt_bls_verify),
        F(ctt_bls_pop_verify), F(ctt_bls_fast_aggregate_verify),
        F(ctt_bls_eth_fast_aggregate_verify), F(ctt_bls_aggregate_verify),
        F(ctt_bls_batch_verify), F(ctt_bls_batch_verify_parallel),
        /* ctt_evm.h */
        F(ctt_evm_precompile), F(ctt_evm_precompile_gas), F(ctt_evm_error_string),
        /* ctt_groth16.h */
        F(ctt_groth16_verify_snarkjs), F(ctt_groth16_verify_arkworks), F(ctt_mimc_sponge),
        F(ctt_mimc7_multi),
        /* ctt.h */
        F(ctt_version),
        /* zkvm_accelerators.h */
        F(zkvm_keccak256), F(zkvm_secp256k1_verify), F(zkvm_secp256k1_ecrecover), F(zkvm_sha256),
        F(zkvm_ripemd160), F(zkvm_modexp), F(zkvm_bn254_g1_add), F(zkvm_bn254_g1_mul),
        F(zkvm_bn254_pairing), F(zkvm_blake2f), F(zkvm_kzg_point_eval), F(zkvm_bls12_g1_add),
        F(zkvm_bls12_g1_msm), F(zkvm_bls12_g2_add), F(zkvm_bls12_g2_msm), F(zkvm_bls12_pairing),
        F(zkvm_bls12_map_fp_to_g1), F(zkvm_bls12_map_fp2_to_g2), F(zkvm_secp256r1_verify),
    };
    size_t n = sizeof functions / sizeof functions[0];
    for (size_t i = 0; i < n; i++)
        if (functions[i] == NULL) return 1;
    printf("libctt %s: %zu functions linked\n", ctt_version(), n);
    printf("header_check: %zu passed, 0 failed\n", n);
    return 0;
}
