/*
 * ckzg.h — libctt's c-kzg-4844 2.1 interface (EIP-4844 blobs, EIP-7594 cells).
 *
 * Source- and link-compatible with c-kzg-4844 2.1: the same type names and sizes, function names
 * and signatures, and return codes, so that a program or language binding written for c-kzg
 * builds against this header and links against libctt (-lctt) instead of c-kzg and blst. Written
 * for libctt; the declarations follow c-kzg's public interface.
 *
 * Return codes (every function that can fail returns a C_KZG_RET):
 *   C_KZG_OK       success;
 *   C_KZG_BADARGS  invalid input, as c-kzg rejects it: a field element >= r (in a blob, cell, z
 *                  or y), a commitment or proof that is not a valid compressed G1 point of the
 *                  prime-order subgroup, a cell index >= CELLS_PER_EXT_BLOB, fewer than
 *                  CELLS_PER_BLOB or more than CELLS_PER_EXT_BLOB cells to recover from, recovery
 *                  indices not strictly ascending, an invalid trusted setup, precompute > 15.
 *                  Also what c-kzg leaves undefined: a NULL pointer (except an array whose count
 *                  is 0), an unaligned pointer, a count whose byte size overflows, settings that
 *                  were never loaded (all zero) or were freed;
 *   C_KZG_ERROR    internal error (never expected: a bug, caught before it crosses the ABI);
 *   C_KZG_MALLOC   memory or threads could not be had.
 * Outputs are written only on success, except `*ok`, which verification functions set to false
 * on any error once `ok` itself is valid. A well-formed proof that does not verify is C_KZG_OK
 * with *ok == false.
 *
 * Memory: every input and output is the caller's, borrowed for the call only. The settings
 * object is caller-allocated (declare a KZGSettings, or malloc(sizeof(KZGSettings))); loading
 * fills it with a reference to memory libctt owns until free_trusted_setup.
 *
 * Threads: every function but load and free may be called from any number of threads at once
 * on the same settings. Loading and freeing must not run concurrently with other calls on the
 * same settings. The functions here are single-threaded; ctt_kzg.h adds multi-threaded twins.
 */
#ifndef CTT_CKZG_H
#define CTT_CKZG_H

#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Sizes
 * ------------------------------------------------------------------------------------------- */

#define BYTES_PER_COMMITMENT 48
#define BYTES_PER_PROOF 48
#define BYTES_PER_FIELD_ELEMENT 32
#define BITS_PER_FIELD_ELEMENT 255
#define FIELD_ELEMENTS_PER_BLOB 4096
#define BYTES_PER_BLOB (FIELD_ELEMENTS_PER_BLOB * BYTES_PER_FIELD_ELEMENT)
#define LOG_EXPANSION_FACTOR 1
#define FIELD_ELEMENTS_PER_EXT_BLOB (FIELD_ELEMENTS_PER_BLOB << LOG_EXPANSION_FACTOR)
#define FIELD_ELEMENTS_PER_CELL 64
#define BYTES_PER_CELL (FIELD_ELEMENTS_PER_CELL * BYTES_PER_FIELD_ELEMENT)
#define CELLS_PER_BLOB (FIELD_ELEMENTS_PER_BLOB / FIELD_ELEMENTS_PER_CELL)
#define CELLS_PER_EXT_BLOB (FIELD_ELEMENTS_PER_EXT_BLOB / FIELD_ELEMENTS_PER_CELL)

/* ---------------------------------------------------------------------------------------------
 * Types
 * ------------------------------------------------------------------------------------------- */

/** The return type of every function that can fail (see the top of this file). */
typedef enum {
    C_KZG_OK = 0,
    C_KZG_BADARGS,
    C_KZG_ERROR,
    C_KZG_MALLOC,
} C_KZG_RET;

/** 32 bytes: a big-endian field element (must be < r where a field element is expected). */
typedef struct {
    uint8_t bytes[32];
} Bytes32;

/** 48 bytes: a compressed G1 point, not yet validated. */
typedef struct {
    uint8_t bytes[48];
} Bytes48;

/** A blob: FIELD_ELEMENTS_PER_BLOB big-endian field elements. */
typedef struct {
    uint8_t bytes[BYTES_PER_BLOB];
} Blob;

/** A cell: FIELD_ELEMENTS_PER_CELL big-endian field elements. */
typedef struct {
    uint8_t bytes[BYTES_PER_CELL];
} Cell;

typedef Bytes48 KZGCommitment;
typedef Bytes48 KZGProof;

/** Opaque field element (c-kzg's size and alignment), for compute_challenge's helpers. */
typedef struct {
    uint64_t ctt_opaque[4];
} fr_t;

/** Opaque G1 point (c-kzg's size and alignment), for compute_challenge's helpers. */
typedef struct {
    uint64_t ctt_opaque[18];
} g1_t;

/**
 * The trusted setup and everything derived from it. Caller-allocated, with c-kzg's size and
 * alignment; its contents are libctt's. Zero it (or leave it as load failed) before loading:
 * settings that are all zero are refused with C_KZG_BADARGS, as are freed settings.
 */
typedef struct {
    void *ctt_handle;
    uintptr_t ctt_check;
    uintptr_t ctt_reserved[8];
} KZGSettings;

/* ---------------------------------------------------------------------------------------------
 * The trusted setup
 * ------------------------------------------------------------------------------------------- */

/**
 * Loads a trusted setup given as concatenated compressed points: FIELD_ELEMENTS_PER_BLOB G1
 * points in monomial form (48 bytes each), FIELD_ELEMENTS_PER_BLOB G1 points in Lagrange form,
 * 65 G2 points in monomial form (96 bytes each). Every point is validated (canonical, on the
 * curve, in the subgroup) and the Lagrange section must not be monomial.
 *
 * `precompute` (0-15, as c-kzg; > 15 is C_KZG_BADARGS) sizes the fixed-base tables of the cell
 * proofs (FK20): 0 none (about 2 MiB in all), 8 and above libctt's fastest tables (about 23
 * MiB), 1-7 smaller tables in between. The tables of blob commitments and proofs (9 MiB) are
 * always built. All of it is built here, so that no later call pays for it (about a second).
 */
C_KZG_RET load_trusted_setup(
    KZGSettings *out,
    const uint8_t *g1_monomial_bytes,
    uint64_t num_g1_monomial_bytes,
    const uint8_t *g1_lagrange_bytes,
    uint64_t num_g1_lagrange_bytes,
    const uint8_t *g2_monomial_bytes,
    uint64_t num_g2_monomial_bytes,
    uint64_t precompute
);

/**
 * Loads a trusted setup in c-kzg's text format (the counts 4096 and 65, then the Lagrange G1,
 * monomial G2 and monomial G1 points in hex) from the rest of an open stream, which is read to
 * its end and not closed. Validation and `precompute` as load_trusted_setup.
 */
C_KZG_RET load_trusted_setup_file(KZGSettings *out, FILE *in, uint64_t precompute);

/**
 * Releases what loading made and zeroes `*s`, after which the settings are refused. NULL, and
 * settings that are zero or already freed, are ignored.
 */
void free_trusted_setup(KZGSettings *s);

/* ---------------------------------------------------------------------------------------------
 * EIP-4844
 * ------------------------------------------------------------------------------------------- */

/** The commitment to a blob. */
C_KZG_RET blob_to_kzg_commitment(KZGCommitment *out, const Blob *blob, const KZGSettings *s);

/** The proof that the blob's polynomial takes the value *y_out at *z_bytes. */
C_KZG_RET compute_kzg_proof(
    KZGProof *proof_out,
    Bytes32 *y_out,
    const Blob *blob,
    const Bytes32 *z_bytes,
    const KZGSettings *s
);

/**
 * The proof of a blob at its Fiat-Shamir challenge, for verify_blob_kzg_proof. The commitment
 * is validated, not checked against the blob (as the specification).
 */
C_KZG_RET compute_blob_kzg_proof(
    KZGProof *out, const Blob *blob, const Bytes48 *commitment_bytes, const KZGSettings *s
);

/** *ok: whether `proof_bytes` shows that the committed polynomial is `y` at `z`. */
C_KZG_RET verify_kzg_proof(
    bool *ok,
    const Bytes48 *commitment_bytes,
    const Bytes32 *z_bytes,
    const Bytes32 *y_bytes,
    const Bytes48 *proof_bytes,
    const KZGSettings *s
);

/** *ok: whether `proof_bytes` shows that `commitment_bytes` commits to `blob`. */
C_KZG_RET verify_blob_kzg_proof(
    bool *ok,
    const Blob *blob,
    const Bytes48 *commitment_bytes,
    const Bytes48 *proof_bytes,
    const KZGSettings *s
);

/**
 * *ok: whether all `n` (blob, commitment, proof) triples verify, by one random linear
 * combination. n == 0 gives *ok = true (the arrays may then be NULL).
 */
C_KZG_RET verify_blob_kzg_proof_batch(
    bool *ok,
    const Blob *blobs,
    const Bytes48 *commitments_bytes,
    const Bytes48 *proofs_bytes,
    uint64_t n,
    const KZGSettings *s
);

/* ---------------------------------------------------------------------------------------------
 * EIP-7594 (PeerDAS)
 * ------------------------------------------------------------------------------------------- */

/**
 * The CELLS_PER_EXT_BLOB cells of the blob's extension and their proofs, in cell order. Either
 * output may be NULL (not both): cells only skips the proofs' work.
 */
C_KZG_RET compute_cells_and_kzg_proofs(
    Cell *cells, KZGProof *proofs, const Blob *blob, const KZGSettings *s
);

/**
 * All CELLS_PER_EXT_BLOB cells and (if `recovered_proofs` is not NULL) their proofs, from
 * `num_cells` cells (at least CELLS_PER_BLOB) with strictly ascending indices. The output arrays
 * may be the input arrays.
 */
C_KZG_RET recover_cells_and_kzg_proofs(
    Cell *recovered_cells,
    KZGProof *recovered_proofs,
    const uint64_t *cell_indices,
    const Cell *cells,
    uint64_t num_cells,
    const KZGSettings *s
);

/**
 * *ok: whether every cell's proof shows that the cell holds the committed polynomial's values on
 * the cell's coset; one commitment, index, cell and proof per cell (commitments may repeat).
 * num_cells == 0 gives *ok = true.
 */
C_KZG_RET verify_cell_kzg_proof_batch(
    bool *ok,
    const Bytes48 *commitments_bytes,
    const uint64_t *cell_indices,
    const Cell *cells,
    const Bytes48 *proofs_bytes,
    uint64_t num_cells,
    const KZGSettings *s
);

/* ---------------------------------------------------------------------------------------------
 * Helpers that c-kzg exposes and its language bindings call (for their tests)
 * ------------------------------------------------------------------------------------------- */

/** Validates a commitment (a compressed G1 point of the subgroup) into a g1_t. */
C_KZG_RET bytes_to_kzg_commitment(g1_t *out, const Bytes48 *b);

/** The 32 big-endian bytes of a field element computed by this library. Ignores NULL. */
void bytes_from_bls_field(Bytes32 *out, const fr_t *in);

/**
 * The Fiat-Shamir challenge of a blob and its commitment (as bytes_to_kzg_commitment made it).
 * Ignores NULL.
 */
void compute_challenge(fr_t *eval_challenge_out, const Blob *blob, const g1_t *commitment);

/**
 * The Fiat-Shamir challenge of a cell batch: the `num_commitments` deduplicated commitments and,
 * per cell, its commitment index, cell index, cell and proof, as the batch verification hashes
 * them.
 */
C_KZG_RET compute_verify_cell_kzg_proof_batch_challenge(
    fr_t *challenge_out,
    const Bytes48 *commitments_bytes,
    uint64_t num_commitments,
    const uint64_t *commitment_indices,
    const uint64_t *cell_indices,
    const Cell *cells,
    const Bytes48 *proofs_bytes,
    uint64_t num_cells
);

#ifdef __cplusplus
}
#endif

#endif /* CTT_CKZG_H */
