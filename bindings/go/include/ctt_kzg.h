/*
 * ctt_kzg.h — libctt's additions to the c-kzg-4844 interface (ckzg.h, included here): the
 * embedded mainnet trusted setup, and multi-threaded twins of the batch and cell functions.
 *
 * Return codes, memory and thread safety as in ckzg.h. The twins return the same results as
 * their serial functions; `num_threads` 0 runs them on libctt's shared pool (one thread per core,
 * made on first use and kept for the process), n > 0 on n threads started for the call and
 * joined before it returns (C_KZG_MALLOC if they cannot be started).
 */
#ifndef CTT_KZG_H
#define CTT_KZG_H

#include "ckzg.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Loads the Ethereum mainnet trusted setup embedded in libctt: no file, no parsing (a few
 * milliseconds, plus the tables). The points are shared by every settings object of the process
 * and were validated when libctt was built. `precompute` as load_trusted_setup; release with
 * free_trusted_setup.
 */
C_KZG_RET ctt_kzg_load_mainnet(KZGSettings *out, uint64_t precompute);

/** verify_blob_kzg_proof_batch on `num_threads` threads. */
C_KZG_RET ctt_verify_blob_kzg_proof_batch_parallel(
    bool *ok,
    const Blob *blobs,
    const Bytes48 *commitments_bytes,
    const Bytes48 *proofs_bytes,
    uint64_t n,
    const KZGSettings *s,
    uint32_t num_threads
);

/** The commitments of `n` blobs into `out[0..n)`, on `num_threads` threads (n == 0: nothing). */
C_KZG_RET ctt_blobs_to_kzg_commitments_parallel(
    KZGCommitment *out, const Blob *blobs, uint64_t n, const KZGSettings *s, uint32_t num_threads
);

/** compute_blob_kzg_proof of `n` (blob, commitment) pairs into `out[0..n)`, on `num_threads`. */
C_KZG_RET ctt_compute_blob_kzg_proofs_parallel(
    KZGProof *out,
    const Blob *blobs,
    const Bytes48 *commitments_bytes,
    uint64_t n,
    const KZGSettings *s,
    uint32_t num_threads
);

/** compute_cells_and_kzg_proofs on `num_threads` threads. */
C_KZG_RET ctt_compute_cells_and_kzg_proofs_parallel(
    Cell *cells, KZGProof *proofs, const Blob *blob, const KZGSettings *s, uint32_t num_threads
);

/** recover_cells_and_kzg_proofs on `num_threads` threads. */
C_KZG_RET ctt_recover_cells_and_kzg_proofs_parallel(
    Cell *recovered_cells,
    KZGProof *recovered_proofs,
    const uint64_t *cell_indices,
    const Cell *cells,
    uint64_t num_cells,
    const KZGSettings *s,
    uint32_t num_threads
);

/** verify_cell_kzg_proof_batch on `num_threads` threads. */
C_KZG_RET ctt_verify_cell_kzg_proof_batch_parallel(
    bool *ok,
    const Bytes48 *commitments_bytes,
    const uint64_t *cell_indices,
    const Cell *cells,
    const Bytes48 *proofs_bytes,
    uint64_t num_cells,
    const KZGSettings *s,
    uint32_t num_threads
);

#ifdef __cplusplus
}
#endif

#endif /* CTT_KZG_H */
