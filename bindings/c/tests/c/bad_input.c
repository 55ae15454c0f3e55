/*
 * Bad input through the C ABI: NULL for every pointer argument, unaligned pointers, lengths
 * around the right one, counts near UINT64_MAX, tampered proofs and cells, settings that were
 * never loaded or were freed, out-of-range secret keys, every input length 0..2N of each
 * precompile. Each call must return the documented code; none may crash (this program runs
 * under valgrind and AddressSanitizer in CI).
 *
 * usage: bad_input TRUSTED_SETUP_TXT
 */
#include "common.h"

#include "ctt.h"

#define BAD C_KZG_BADARGS
#define N_CELLS CELLS_PER_EXT_BLOB

static KZGSettings good;
static Blob *blob, *bad_blob;
static KZGCommitment commitment;
static KZGProof proof;
static Bytes32 z, y, big; /* big: a field element >= r */
static Cell *cells;
static KZGProof *cell_proofs;

/* ---------------------------------------------------------------------------------------------
 * KZG
 * ------------------------------------------------------------------------------------------- */

static void fixtures(void) {
    CHECK(ctt_kzg_load_mainnet(&good, 0) == C_KZG_OK, "load");
    blob = xmalloc(sizeof(Blob));
    bad_blob = xmalloc(sizeof(Blob));
    for (size_t i = 0; i < BYTES_PER_BLOB; i++) blob->bytes[i] = (uint8_t)(i * 7 + 3);
    for (size_t i = 0; i < FIELD_ELEMENTS_PER_BLOB; i++) blob->bytes[32 * i] = 0; /* < r */
    memcpy(bad_blob, blob, sizeof(Blob));
    memset(big.bytes, 0xff, 32);
    memset(bad_blob->bytes + 32 * 77, 0xff, 32); /* one element >= r */
    memset(z.bytes, 0, 32);
    z.bytes[31] = 5;
    CHECK(blob_to_kzg_commitment(&commitment, blob, &good) == C_KZG_OK, "commit");
    CHECK(compute_kzg_proof(&proof, &y, blob, &z, &good) == C_KZG_OK, "proof");
    cells = xmalloc(N_CELLS * sizeof(Cell));
    cell_proofs = xmalloc(N_CELLS * sizeof(KZGProof));
    CHECK(compute_cells_and_kzg_proofs(cells, cell_proofs, blob, &good) == C_KZG_OK, "cells");
}

/* Every function, each argument in turn NULL, on `s`: all C_KZG_BADARGS. */
static void kzg_nulls(const KZGSettings *s, const char *what) {
    KZGCommitment c;
    KZGProof p;
    Bytes32 yy;
    bool ok = true;
    Cell *cs = xmalloc(N_CELLS * sizeof(Cell));
    KZGProof *ps = xmalloc(N_CELLS * sizeof(KZGProof));
    uint64_t idx[N_CELLS];
    for (uint64_t i = 0; i < N_CELLS; i++) idx[i] = i;
    Bytes48 cm[2] = {commitment, commitment};
    uint64_t cidx[2] = {0, 0}, cellidx[2] = {3, 4};

#define NULLS1(call) CHECK((call) == BAD, "%s: %s", what, #call)
    NULLS1(blob_to_kzg_commitment(NULL, blob, s));
    NULLS1(blob_to_kzg_commitment(&c, NULL, s));
    NULLS1(blob_to_kzg_commitment(&c, blob, NULL));
    NULLS1(compute_kzg_proof(NULL, &yy, blob, &z, s));
    NULLS1(compute_kzg_proof(&p, NULL, blob, &z, s));
    NULLS1(compute_kzg_proof(&p, &yy, NULL, &z, s));
    NULLS1(compute_kzg_proof(&p, &yy, blob, NULL, s));
    NULLS1(compute_kzg_proof(&p, &yy, blob, &z, NULL));
    NULLS1(compute_blob_kzg_proof(NULL, blob, &commitment, s));
    NULLS1(compute_blob_kzg_proof(&p, NULL, &commitment, s));
    NULLS1(compute_blob_kzg_proof(&p, blob, NULL, s));
    NULLS1(compute_blob_kzg_proof(&p, blob, &commitment, NULL));
    NULLS1(verify_kzg_proof(NULL, &commitment, &z, &y, &proof, s));
#define OKFALSE(call)                                                                       \
    do {                                                                                    \
        ok = true;                                                                          \
        CHECK((call) == BAD && !ok, "%s: %s", what, #call);                                 \
    } while (0)
    OKFALSE(verify_kzg_proof(&ok, NULL, &z, &y, &proof, s));
    OKFALSE(verify_kzg_proof(&ok, &commitment, NULL, &y, &proof, s));
    OKFALSE(verify_kzg_proof(&ok, &commitment, &z, NULL, &proof, s));
    OKFALSE(verify_kzg_proof(&ok, &commitment, &z, &y, NULL, s));
    OKFALSE(verify_kzg_proof(&ok, &commitment, &z, &y, &proof, NULL));
    NULLS1(verify_blob_kzg_proof(NULL, blob, &commitment, &proof, s));
    OKFALSE(verify_blob_kzg_proof(&ok, NULL, &commitment, &proof, s));
    OKFALSE(verify_blob_kzg_proof(&ok, blob, NULL, &proof, s));
    OKFALSE(verify_blob_kzg_proof(&ok, blob, &commitment, NULL, s));
    OKFALSE(verify_blob_kzg_proof(&ok, blob, &commitment, &proof, NULL));
    NULLS1(verify_blob_kzg_proof_batch(NULL, blob, &commitment, &proof, 1, s));
    OKFALSE(verify_blob_kzg_proof_batch(&ok, NULL, &commitment, &proof, 1, s));
    OKFALSE(verify_blob_kzg_proof_batch(&ok, blob, NULL, &proof, 1, s));
    OKFALSE(verify_blob_kzg_proof_batch(&ok, blob, &commitment, NULL, 1, s));
    OKFALSE(verify_blob_kzg_proof_batch(&ok, blob, &commitment, &proof, 1, NULL));
    NULLS1(compute_cells_and_kzg_proofs(NULL, NULL, blob, s));
    NULLS1(compute_cells_and_kzg_proofs(cs, ps, NULL, s));
    NULLS1(compute_cells_and_kzg_proofs(cs, ps, blob, NULL));
    NULLS1(recover_cells_and_kzg_proofs(NULL, ps, idx, cells, N_CELLS, s));
    NULLS1(recover_cells_and_kzg_proofs(cs, ps, NULL, cells, N_CELLS, s));
    NULLS1(recover_cells_and_kzg_proofs(cs, ps, idx, NULL, N_CELLS, s));
    NULLS1(recover_cells_and_kzg_proofs(cs, ps, idx, cells, N_CELLS, NULL));
    NULLS1(verify_cell_kzg_proof_batch(NULL, cm, cellidx, cells, cell_proofs, 2, s));
    OKFALSE(verify_cell_kzg_proof_batch(&ok, NULL, cellidx, cells, cell_proofs, 2, s));
    OKFALSE(verify_cell_kzg_proof_batch(&ok, cm, NULL, cells, cell_proofs, 2, s));
    OKFALSE(verify_cell_kzg_proof_batch(&ok, cm, cellidx, NULL, cell_proofs, 2, s));
    OKFALSE(verify_cell_kzg_proof_batch(&ok, cm, cellidx, cells, NULL, 2, s));
    OKFALSE(verify_cell_kzg_proof_batch(&ok, cm, cellidx, cells, cell_proofs, 2, NULL));
    /* The parallel twins. */
    OKFALSE(ctt_verify_blob_kzg_proof_batch_parallel(&ok, NULL, &commitment, &proof, 1, s, 2));
    NULLS1(ctt_blobs_to_kzg_commitments_parallel(NULL, blob, 1, s, 2));
    NULLS1(ctt_blobs_to_kzg_commitments_parallel(&c, NULL, 1, s, 2));
    NULLS1(ctt_compute_blob_kzg_proofs_parallel(&p, blob, NULL, 1, s, 2));
    NULLS1(ctt_compute_cells_and_kzg_proofs_parallel(NULL, NULL, blob, s, 2));
    NULLS1(ctt_recover_cells_and_kzg_proofs_parallel(cs, ps, idx, NULL, N_CELLS, s, 2));
    OKFALSE(ctt_verify_cell_kzg_proof_batch_parallel(&ok, cm, cellidx, NULL, cell_proofs, 2, s, 2));
    /* The helpers. */
    g1_t g;
    fr_t r;
    NULLS1(bytes_to_kzg_commitment(NULL, &commitment));
    NULLS1(bytes_to_kzg_commitment(&g, NULL));
    NULLS1(compute_verify_cell_kzg_proof_batch_challenge(NULL, cm, 1, cidx, cellidx, cells, cell_proofs, 2));
    NULLS1(compute_verify_cell_kzg_proof_batch_challenge(&r, NULL, 1, cidx, cellidx, cells, cell_proofs, 2));
    NULLS1(compute_verify_cell_kzg_proof_batch_challenge(&r, cm, 1, NULL, cellidx, cells, cell_proofs, 2));
    NULLS1(compute_verify_cell_kzg_proof_batch_challenge(&r, cm, 1, cidx, NULL, cells, cell_proofs, 2));
    NULLS1(compute_verify_cell_kzg_proof_batch_challenge(&r, cm, 1, cidx, cellidx, NULL, cell_proofs, 2));
    NULLS1(compute_verify_cell_kzg_proof_batch_challenge(&r, cm, 1, cidx, cellidx, cells, NULL, 2));
    /* The void helpers ignore NULL. */
    compute_challenge(NULL, blob, &g);
    compute_challenge(&r, NULL, &g);
    compute_challenge(&r, blob, NULL);
    bytes_from_bls_field(NULL, &r);
    bytes_from_bls_field(&yy, NULL);
#undef NULLS1
#undef OKFALSE
    free(cs);
    free(ps);
}

/* Settings that are NULL, zero, freed or unaligned: every function refuses them. */
static void kzg_refused(const KZGSettings *s, const char *name) {
    KZGCommitment c;
    bool ok = true;
    CHECK(blob_to_kzg_commitment(&c, blob, s) == BAD, "%s", name);
    CHECK(verify_kzg_proof(&ok, &commitment, &z, &y, &proof, s) == BAD && !ok, "%s", name);
    CHECK(compute_cells_and_kzg_proofs(cells, NULL, blob, s) == BAD, "%s", name);
    kzg_nulls(s, name);
}

static void kzg_bad_settings(void) {
    static KZGSettings zeroed;
    free_trusted_setup(&zeroed);
    free_trusted_setup(NULL);
    static uint8_t raw[sizeof(KZGSettings) + 8];
    memcpy(raw + 1, &good, sizeof good);
    kzg_refused(&zeroed, "zeroed settings");
    kzg_refused((const KZGSettings *)(raw + 1), "unaligned settings");
    /* Garbage that is not settings: a nonzero handle whose check word does not match. */
    KZGSettings garbage;
    memset(&garbage, 0x5a, sizeof garbage);
    KZGCommitment c;
    CHECK(blob_to_kzg_commitment(&c, blob, &garbage) == BAD, "garbage settings");
    free_trusted_setup(&garbage); /* ignored */
}

/* The loaded settings once freed (after their last use: loading costs a second, minutes under
 * valgrind), freed again, and used. */
static void kzg_freed_settings(void) {
    free_trusted_setup(&good);
    free_trusted_setup(&good); /* a second free does nothing */
    kzg_refused(&good, "freed settings");
}

static void kzg_values(void) {
    KZGCommitment c;
    KZGProof p;
    Bytes32 yy;
    bool ok = true;
    /* A field element >= r anywhere. */
    CHECK(blob_to_kzg_commitment(&c, bad_blob, &good) == BAD, "blob >= r");
    CHECK(compute_kzg_proof(&p, &yy, blob, &big, &good) == BAD, "z >= r");
    CHECK(verify_kzg_proof(&ok, &commitment, &z, &big, &proof, &good) == BAD && !ok, "y >= r");
    CHECK(compute_cells_and_kzg_proofs(cells + 1, NULL, bad_blob, &good) == BAD, "cells of blob >= r");
    /* Tampered proof: not a point, or a point that does not verify; never a crash. */
    for (int bit = 0; bit < 8 * 48; bit += 7) {
        KZGProof t = proof;
        t.bytes[bit / 8] ^= (uint8_t)(1 << (bit % 8));
        ok = true;
        C_KZG_RET ret = verify_kzg_proof(&ok, &commitment, &z, &y, &t, &good);
        CHECK((ret == BAD || ret == C_KZG_OK) && !ok, "tampered proof bit %d: %d %d", bit, ret, ok);
    }
    ok = false;
    CHECK(verify_kzg_proof(&ok, &commitment, &z, &y, &proof, &good) == C_KZG_OK && ok, "untampered");
    /* Tampered cell: well-formed, does not verify. */
    Cell *t = xmalloc(sizeof(Cell));
    memcpy(t, &cells[9], sizeof(Cell));
    t->bytes[100] ^= 1;
    uint64_t index = 9;
    ok = true;
    CHECK(verify_cell_kzg_proof_batch(&ok, &commitment, &index, t, &cell_proofs[9], 1, &good) == C_KZG_OK && !ok,
          "tampered cell");
    index = N_CELLS;
    CHECK(verify_cell_kzg_proof_batch(&ok, &commitment, &index, t, &cell_proofs[9], 1, &good) == BAD,
          "cell index out of range");
    free(t);
    /* Empty batches are valid, with NULL arrays. */
    ok = false;
    CHECK(verify_blob_kzg_proof_batch(&ok, NULL, NULL, NULL, 0, &good) == C_KZG_OK && ok, "empty blob batch");
    ok = false;
    CHECK(verify_cell_kzg_proof_batch(&ok, NULL, NULL, NULL, NULL, 0, &good) == C_KZG_OK && ok, "empty cell batch");
    CHECK(ctt_blobs_to_kzg_commitments_parallel(NULL, NULL, 0, &good, 2) == C_KZG_OK, "empty commitments");
}

static void kzg_counts(void) {
    bool ok = true;
    uint64_t idx[N_CELLS];
    for (uint64_t i = 0; i < N_CELLS; i++) idx[i] = i;
    Cell *cs = xmalloc(N_CELLS * sizeof(Cell));
    /* Counts whose byte size overflows (for the array's item size): refused before anything is
     * read. */
    const uint64_t blob_counts[] = {UINT64_MAX, UINT64_MAX / 2, UINT64_MAX / BYTES_PER_BLOB + 1,
                                    ((uint64_t)1 << 63) / BYTES_PER_BLOB + 1};
    const uint64_t cell_counts[] = {UINT64_MAX, UINT64_MAX / 2, ((uint64_t)1 << 63) / BYTES_PER_CELL + 1};
    const uint64_t point_counts[] = {UINT64_MAX, ((uint64_t)1 << 63) / 48 + 1};
    for (size_t i = 0; i < 4; i++) {
        uint64_t n = blob_counts[i];
        ok = true;
        CHECK(verify_blob_kzg_proof_batch(&ok, blob, &commitment, &proof, n, &good) == BAD && !ok, "n %llu",
              (unsigned long long)n);
        CHECK(ctt_verify_blob_kzg_proof_batch_parallel(&ok, blob, &commitment, &proof, n, &good, 2) == BAD,
              "parallel n %llu", (unsigned long long)n);
        CHECK(ctt_blobs_to_kzg_commitments_parallel(&commitment, blob, n, &good, 2) == BAD, "commitments %llu",
              (unsigned long long)n);
        CHECK(ctt_compute_blob_kzg_proofs_parallel(&proof, blob, &commitment, n, &good, 2) == BAD, "proofs %llu",
              (unsigned long long)n);
    }
    for (size_t i = 0; i < 3; i++) {
        uint64_t n = cell_counts[i];
        fr_t r;
        CHECK(verify_cell_kzg_proof_batch(&ok, &commitment, idx, cells, cell_proofs, n, &good) == BAD, "cells %llu",
              (unsigned long long)n);
        CHECK(compute_verify_cell_kzg_proof_batch_challenge(&r, &commitment, 1, idx, idx, cells, cell_proofs, n) == BAD,
              "challenge cells %llu", (unsigned long long)n);
    }
    for (size_t i = 0; i < 2; i++) {
        fr_t r;
        CHECK(compute_verify_cell_kzg_proof_batch_challenge(&r, &commitment, point_counts[i], idx, idx, cells,
                                                            cell_proofs, 1) == BAD,
              "challenge commitments %llu", (unsigned long long)point_counts[i]);
    }
    /* Recovery counts: checked against CELLS_PER_EXT_BLOB before anything is read. */
    const uint64_t counts[] = {0, 1, CELLS_PER_BLOB - 1, N_CELLS + 1, 2 * N_CELLS, UINT64_MAX};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        CHECK(recover_cells_and_kzg_proofs(cs, NULL, idx, cells, counts[i], &good) == BAD, "recover %llu",
              (unsigned long long)counts[i]);
    CHECK(recover_cells_and_kzg_proofs(cs, NULL, idx, cells, CELLS_PER_BLOB, &good) == C_KZG_OK, "recover half");
    /* Indices repeated or out of order. */
    uint64_t swapped[N_CELLS];
    memcpy(swapped, idx, sizeof idx);
    swapped[3] = 4;
    swapped[4] = 3;
    CHECK(recover_cells_and_kzg_proofs(cs, NULL, swapped, cells, N_CELLS, &good) == BAD, "unordered");
    swapped[4] = 4;
    CHECK(recover_cells_and_kzg_proofs(cs, NULL, swapped, cells, N_CELLS, &good) == BAD, "repeated");
    /* Unaligned index array. */
    uint64_t *raw = xmalloc((N_CELLS + 1) * sizeof(uint64_t));
    uint64_t *unaligned = (uint64_t *)((uint8_t *)raw + 4);
    CHECK(recover_cells_and_kzg_proofs(cs, NULL, unaligned, cells, N_CELLS, &good) == BAD, "unaligned indices");
    CHECK(verify_cell_kzg_proof_batch(&ok, &commitment, unaligned, cells, cell_proofs, 1, &good) == BAD, "unaligned");
    free(raw);
    free(cs);
}

/* c-kzg's text format into the byte arrays load_trusted_setup takes. */
static bool read_setup(const char *path, uint8_t *g1m, uint8_t *g1l, uint8_t *g2m) {
    FILE *f = open_or_die(path);
    unsigned long n1, n2;
    bool ok = fscanf(f, "%lu %lu", &n1, &n2) == 2 && n1 == 4096 && n2 == 65;
    for (size_t i = 0; ok && i < 4096 * 48; i++) ok = fscanf(f, "%2hhx", &g1l[i]) == 1;
    for (size_t i = 0; ok && i < 65 * 96; i++) ok = fscanf(f, "%2hhx", &g2m[i]) == 1;
    for (size_t i = 0; ok && i < 4096 * 48; i++) ok = fscanf(f, "%2hhx", &g1m[i]) == 1;
    fclose(f);
    return ok;
}

static void kzg_loading(const char *setup_path) {
    const size_t G1 = 4096 * 48, G2 = 65 * 96;
    uint8_t *g1m = xmalloc(2 * G1 + 1), *g1l = xmalloc(2 * G1 + 1), *g2m = xmalloc(2 * G2 + 1);
    CHECK(read_setup(setup_path, g1m, g1l, g2m), "reading %s", setup_path);
    KZGSettings s;
    memset(&s, 0, sizeof s);
    /* Lengths around the right one, for each array. */
    const size_t g1_lengths[] = {0, 1, G1 - 1, G1 + 1, 2 * G1};
    const size_t g2_lengths[] = {0, 1, G2 - 1, G2 + 1, 2 * G2};
    for (int i = 0; i < 5; i++) {
        CHECK(load_trusted_setup(&s, g1m, g1_lengths[i], g1l, G1, g2m, G2, 0) == BAD, "g1m len");
        CHECK(load_trusted_setup(&s, g1m, G1, g1l, g1_lengths[i], g2m, G2, 0) == BAD, "g1l len");
        CHECK(load_trusted_setup(&s, g1m, G1, g1l, G1, g2m, g2_lengths[i], 0) == BAD, "g2m len");
    }
    CHECK(load_trusted_setup(NULL, g1m, G1, g1l, G1, g2m, G2, 0) == BAD, "NULL out");
    CHECK(load_trusted_setup(&s, NULL, G1, g1l, G1, g2m, G2, 0) == BAD, "NULL g1m");
    CHECK(load_trusted_setup(&s, g1m, G1, NULL, G1, g2m, G2, 0) == BAD, "NULL g1l");
    CHECK(load_trusted_setup(&s, g1m, G1, g1l, G1, NULL, G2, 0) == BAD, "NULL g2m");
    CHECK(load_trusted_setup(&s, g1m, G1, g1l, G1, g2m, G2, 16) == BAD, "precompute 16");
    CHECK(load_trusted_setup(&s, g1m, UINT64_MAX, g1l, G1, g2m, G2, 0) == BAD, "length UINT64_MAX");
    /* Two full loads (every point decoded and checked, the tables built): skipped by the quick
     * runs under valgrind, where each takes minutes; the plain run always has them. */
    const char *quick = getenv("CTT_C_TEST_QUICK");
    bool full = quick == NULL || strcmp(quick, "1") != 0;
    /* Monomial points where the Lagrange points belong. */
    if (full) CHECK(load_trusted_setup(&s, g1m, G1, g1m, G1, g2m, G2, 0) == BAD, "not Lagrange");
    /* A point that is not on the curve. */
    g1l[5] ^= 0x10;
    CHECK(load_trusted_setup(&s, g1m, G1, g1l, G1, g2m, G2, 0) == BAD, "tampered point");
    g1l[5] ^= 0x10;
    /* The real thing, and it agrees with the embedded setup. */
    KZGCommitment c;
    if (full) {
        CHECK(load_trusted_setup(&s, g1m, G1, g1l, G1, g2m, G2, 0) == C_KZG_OK, "load bytes");
        CHECK(blob_to_kzg_commitment(&c, blob, &s) == C_KZG_OK && memcmp(&c, &commitment, 48) == 0,
              "same commitment");
        free_trusted_setup(&s);
    }
    CHECK(blob_to_kzg_commitment(&c, blob, &s) == BAD, "freed");

    /* Files: NULL, empty, truncated. */
    CHECK(load_trusted_setup_file(&s, NULL, 0) == BAD, "NULL file");
    FILE *f = tmpfile();
    CHECK(load_trusted_setup_file(&s, f, 0) == BAD, "empty file");
    fputs("4096\n65\nabcd\n", f);
    rewind(f);
    CHECK(load_trusted_setup_file(&s, f, 0) == BAD, "truncated file");
    fclose(f);
    f = open_or_die(setup_path);
    CHECK(load_trusted_setup_file(NULL, f, 0) == BAD, "NULL out");
    CHECK(load_trusted_setup_file(&s, f, 99) == BAD, "precompute 99");
    fclose(f);
    CHECK(ctt_kzg_load_mainnet(NULL, 0) == BAD, "mainnet NULL");
    CHECK(ctt_kzg_load_mainnet(&s, 16) == BAD, "mainnet precompute 16");
    free(g1m);
    free(g1l);
    free(g2m);
}

/* ---------------------------------------------------------------------------------------------
 * BLS
 * ------------------------------------------------------------------------------------------- */

static const char *EIP2333[][4] = {
    {"c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04",
     "0d7359d57963ab8fbbde1852dcf553fedbc31f464d80ee7d40ae683122b45070", "0",
     "2d18bd6c14e6d15bf8b5085c9b74f3daae3b03cc2014770a599d8c1539e50f8e"},
    {"3141592653589793238462643383279502884197169399375105820974944592",
     "41c9e07822b092a93fd6797396338c3ada4170cc81829fdfce6b5d34bd5e7ec7", "3141592653",
     "384843fad5f3d777ea39de3e47a8f999ae91f89e42bffa993d91d9782d152a0f"},
};

static void bls(void) {
    uint8_t ikm[64], sk[32], sk2[32], pk[48], pk2[48], sig[96], sig2[96], r[32];
    for (int i = 0; i < 64; i++) ikm[i] = (uint8_t)(i * 13 + 1);
    memset(r, 0x42, 32);
    bool ok;
    /* Key material of every length 0..2N (N = 32). */
    for (size_t len = 0; len <= 64; len++) {
        CTT_BLS_RET want = len < 32 ? CTT_BLS_IKM_TOO_SHORT : CTT_BLS_OK;
        CHECK(ctt_bls_keygen(sk, ikm, len, NULL, 0) == want, "keygen len %zu", len);
        CHECK(ctt_bls_derive_master_sk(sk, ikm, len) == want, "master len %zu", len);
    }
    CHECK(ctt_bls_keygen(sk, ikm, 32, (const uint8_t *)"info", 4) == CTT_BLS_OK, "keygen info");
    CHECK(ctt_bls_keygen(sk2, ikm, 32, NULL, 0) == CTT_BLS_OK && memcmp(sk, sk2, 32) != 0, "key_info separates");
    CHECK(ctt_bls_keygen(NULL, ikm, 32, NULL, 0) == CTT_BLS_BADARGS, "keygen NULL out");
    CHECK(ctt_bls_keygen(sk, NULL, 32, NULL, 0) == CTT_BLS_BADARGS, "keygen NULL ikm");
    CHECK(ctt_bls_keygen(sk, ikm, 32, NULL, 1) == CTT_BLS_BADARGS, "keygen NULL info");
    CHECK(ctt_bls_keygen(sk, ikm, SIZE_MAX, NULL, 0) == CTT_BLS_BADARGS, "keygen SIZE_MAX");
    /* EIP-2333's test cases. */
    for (int i = 0; i < 2; i++) {
        size_t seed_len;
        uint8_t *seed = hex_any(EIP2333[i][0], &seed_len);
        uint8_t master[32], child[32];
        hex_exact(EIP2333[i][1], master, 32);
        hex_exact(EIP2333[i][3], child, 32);
        CHECK(ctt_bls_derive_master_sk(sk, seed, seed_len) == CTT_BLS_OK && memcmp(sk, master, 32) == 0, "eip2333 %d", i);
        uint32_t index = (uint32_t)strtoul(EIP2333[i][2], NULL, 10);
        CHECK(ctt_bls_derive_child_sk(sk2, sk, index) == CTT_BLS_OK && memcmp(sk2, child, 32) == 0, "child %d", i);
        free(seed);
    }
    CHECK(ctt_bls_derive_child_sk(NULL, sk, 0) == CTT_BLS_BADARGS, "child NULL");
    CHECK(ctt_bls_derive_child_sk(sk2, NULL, 0) == CTT_BLS_BADARGS, "child NULL parent");

    /* Secret keys out of range: 0, r, all ones. */
    uint8_t bad_sks[3][32];
    memset(bad_sks[0], 0, 32);
    hex_exact("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", bad_sks[1], 32);
    memset(bad_sks[2], 0xff, 32);
    for (int i = 0; i < 3; i++) {
        CHECK(ctt_bls_secret_key_validate(bad_sks[i]) == CTT_BLS_INVALID_SECRET_KEY, "bad sk %d", i);
        CHECK(ctt_bls_sk_to_pk(pk, bad_sks[i]) == CTT_BLS_INVALID_SECRET_KEY, "sk_to_pk bad %d", i);
        CHECK(ctt_bls_sign(sig, bad_sks[i], ikm, 5) == CTT_BLS_INVALID_SECRET_KEY, "sign bad %d", i);
        CHECK(ctt_bls_pop_prove(sig, bad_sks[i]) == CTT_BLS_INVALID_SECRET_KEY, "pop bad %d", i);
        CHECK(ctt_bls_derive_child_sk(sk2, bad_sks[i], 1) == CTT_BLS_INVALID_SECRET_KEY, "child bad %d", i);
    }

    /* A round trip, then NULLs everywhere. */
    CHECK(ctt_bls_secret_key_validate(sk) == CTT_BLS_OK, "valid sk");
    CHECK(ctt_bls_sk_to_pk(pk, sk) == CTT_BLS_OK, "sk_to_pk");
    CHECK(ctt_bls_public_key_validate(pk) == CTT_BLS_OK, "pk valid");
    CHECK(ctt_bls_sign(sig, sk, ikm, 10) == CTT_BLS_OK, "sign");
    CHECK(ctt_bls_signature_validate(sig) == CTT_BLS_OK, "sig valid");
    CHECK(ctt_bls_verify(&ok, pk, ikm, 10, sig) == CTT_BLS_OK && ok, "verify");
    CHECK(ctt_bls_verify(&ok, pk, ikm, 9, sig) == CTT_BLS_OK && !ok, "verify other message");
    CHECK(ctt_bls_sign(sig2, sk, NULL, 0) == CTT_BLS_OK, "sign empty");
    CHECK(ctt_bls_verify(&ok, pk, NULL, 0, sig2) == CTT_BLS_OK && ok, "verify empty");
    CHECK(ctt_bls_pop_prove(sig2, sk) == CTT_BLS_OK, "pop");
    CHECK(ctt_bls_pop_verify(&ok, pk, sig2) == CTT_BLS_OK && ok, "pop verify");
    CHECK(ctt_bls_pop_verify(&ok, pk, sig) == CTT_BLS_OK && !ok, "pop verify wrong");
    CHECK(ctt_bls_sk_to_pk(NULL, sk) == CTT_BLS_BADARGS && ctt_bls_sk_to_pk(pk2, NULL) == CTT_BLS_BADARGS, "NULL");
    CHECK(ctt_bls_sign(NULL, sk, ikm, 1) == CTT_BLS_BADARGS, "sign NULL out");
    CHECK(ctt_bls_sign(sig2, NULL, ikm, 1) == CTT_BLS_BADARGS, "sign NULL sk");
    CHECK(ctt_bls_sign(sig2, sk, NULL, 1) == CTT_BLS_BADARGS, "sign NULL msg");
    CHECK(ctt_bls_sign(sig2, sk, ikm, SIZE_MAX) == CTT_BLS_BADARGS, "sign SIZE_MAX");
    CHECK(ctt_bls_pop_prove(NULL, sk) == CTT_BLS_BADARGS && ctt_bls_pop_prove(sig2, NULL) == CTT_BLS_BADARGS, "pop NULL");
    CHECK(ctt_bls_secret_key_validate(NULL) == CTT_BLS_BADARGS, "validate NULL");
    CHECK(ctt_bls_public_key_validate(NULL) == CTT_BLS_BADARGS, "pk validate NULL");
    CHECK(ctt_bls_signature_validate(NULL) == CTT_BLS_BADARGS, "sig validate NULL");
    CHECK(ctt_bls_verify(NULL, pk, ikm, 10, sig) == CTT_BLS_BADARGS, "verify NULL ok");
    ok = true;
    CHECK(ctt_bls_verify(&ok, NULL, ikm, 10, sig) == CTT_BLS_BADARGS && !ok, "verify NULL pk");
    ok = true;
    CHECK(ctt_bls_verify(&ok, pk, NULL, 10, sig) == CTT_BLS_BADARGS && !ok, "verify NULL msg");
    ok = true;
    CHECK(ctt_bls_verify(&ok, pk, ikm, 10, NULL) == CTT_BLS_BADARGS && !ok, "verify NULL sig");
    CHECK(ctt_bls_pop_verify(&ok, NULL, sig) == CTT_BLS_BADARGS, "pop verify NULL");

    /* Keys and signatures that do not decode. */
    uint8_t identity_pk[48] = {0xc0}, bad_pk[48], bad_sig[96];
    memcpy(bad_pk, pk, 48);
    bad_pk[47] ^= 1;
    memcpy(bad_sig, sig, 96);
    bad_sig[95] ^= 1;
    CHECK(ctt_bls_public_key_validate(identity_pk) == CTT_BLS_IDENTITY_PUBLIC_KEY, "identity pk");
    CTT_BLS_RET ret = ctt_bls_public_key_validate(bad_pk);
    CHECK(ret == CTT_BLS_INVALID_PUBLIC_KEY || ret == CTT_BLS_OK, "tampered pk %d", ret);
    ret = ctt_bls_verify(&ok, identity_pk, ikm, 10, sig);
    CHECK(ret == CTT_BLS_IDENTITY_PUBLIC_KEY && !ok, "verify identity pk");
    ret = ctt_bls_verify(&ok, pk, ikm, 10, bad_sig);
    CHECK((ret == CTT_BLS_INVALID_SIGNATURE || ret == CTT_BLS_OK) && !ok, "tampered sig %d", ret);

    /* Lists: empty, NULL, huge counts. */
    uint8_t pks[2][48], sigs[2][96];
    memcpy(pks[0], pk, 48);
    CHECK(ctt_bls_keygen(sk2, ikm + 1, 32, NULL, 0) == CTT_BLS_OK && ctt_bls_sk_to_pk(pks[1], sk2) == CTT_BLS_OK, "pk 2");
    memcpy(sigs[0], sig, 96);
    CHECK(ctt_bls_sign(sigs[1], sk2, ikm, 10) == CTT_BLS_OK, "sig 2");
    const uint8_t *msgs[2] = {ikm, ikm};
    size_t lens[2] = {10, 10};
    CHECK(ctt_bls_aggregate_signatures(sig2, (const uint8_t(*)[96])sigs, 2) == CTT_BLS_OK, "aggregate");
    CHECK(ctt_bls_fast_aggregate_verify(&ok, (const uint8_t(*)[48])pks, 2, ikm, 10, sig2) == CTT_BLS_OK && ok, "fav");
    CHECK(ctt_bls_aggregate_verify(&ok, (const uint8_t(*)[48])pks, msgs, lens, 2, sig2) == CTT_BLS_OK && ok, "av");
    CHECK(ctt_bls_batch_verify(&ok, (const uint8_t(*)[48])pks, msgs, lens, (const uint8_t(*)[96])sigs, 2, r) == CTT_BLS_OK && ok,
          "batch");
    CHECK(ctt_bls_aggregate_public_keys(pk2, (const uint8_t(*)[48])pks, 2) == CTT_BLS_OK, "aggregate pks");
    CHECK(ctt_bls_verify(&ok, pk2, ikm, 10, sig2) == CTT_BLS_OK && ok, "aggregate pk verifies");
    CHECK(ctt_bls_aggregate_signatures(sig2, NULL, 0) == CTT_BLS_EMPTY_INPUT, "aggregate empty");
    CHECK(ctt_bls_aggregate_public_keys(pk2, NULL, 0) == CTT_BLS_EMPTY_INPUT, "aggregate pks empty");
    CHECK(ctt_bls_fast_aggregate_verify(&ok, NULL, 0, ikm, 10, sig) == CTT_BLS_EMPTY_INPUT && !ok, "fav empty");
    CHECK(ctt_bls_aggregate_verify(&ok, NULL, NULL, NULL, 0, sig) == CTT_BLS_EMPTY_INPUT && !ok, "av empty");
    CHECK(ctt_bls_batch_verify(&ok, NULL, NULL, NULL, NULL, 0, r) == CTT_BLS_EMPTY_INPUT && !ok, "batch empty");
    uint8_t identity_sig[96] = {0xc0};
    CHECK(ctt_bls_eth_fast_aggregate_verify(&ok, NULL, 0, ikm, 10, identity_sig) == CTT_BLS_OK && ok, "eth fav empty");
    CHECK(ctt_bls_aggregate_signatures(sig2, NULL, 1) == CTT_BLS_BADARGS, "aggregate NULL");
    CHECK(ctt_bls_aggregate_verify(&ok, (const uint8_t(*)[48])pks, NULL, lens, 2, sig2) == CTT_BLS_BADARGS, "av NULL msgs");
    CHECK(ctt_bls_aggregate_verify(&ok, (const uint8_t(*)[48])pks, msgs, NULL, 2, sig2) == CTT_BLS_BADARGS, "av NULL lens");
    const uint8_t *null_msgs[2] = {ikm, NULL};
    CHECK(ctt_bls_aggregate_verify(&ok, (const uint8_t(*)[48])pks, null_msgs, lens, 2, sig2) == CTT_BLS_BADARGS,
          "av NULL message");
    CHECK(ctt_bls_batch_verify(&ok, (const uint8_t(*)[48])pks, msgs, lens, (const uint8_t(*)[96])sigs, 2, NULL) == CTT_BLS_BADARGS,
          "batch NULL randomness");
    CHECK(ctt_bls_batch_verify(&ok, (const uint8_t(*)[48])pks, msgs, lens, NULL, 2, r) == CTT_BLS_BADARGS, "batch NULL sigs");
    const size_t huge[] = {SIZE_MAX, SIZE_MAX / 48 + 1, SIZE_MAX / 2};
    for (int i = 0; i < 3; i++) {
        CHECK(ctt_bls_aggregate_signatures(sig2, (const uint8_t(*)[96])sigs, huge[i]) == CTT_BLS_BADARGS, "agg %d", i);
        CHECK(ctt_bls_aggregate_public_keys(pk2, (const uint8_t(*)[48])pks, huge[i]) == CTT_BLS_BADARGS, "aggpk %d", i);
        CHECK(ctt_bls_fast_aggregate_verify(&ok, (const uint8_t(*)[48])pks, huge[i], ikm, 10, sig2) == CTT_BLS_BADARGS,
              "fav %d", i);
        CHECK(ctt_bls_batch_verify(&ok, (const uint8_t(*)[48])pks, msgs, lens, (const uint8_t(*)[96])sigs, huge[i], r) ==
                  CTT_BLS_BADARGS, "batch %d", i);
    }
    /* A signature of a list member replaced: well-formed, does not verify. */
    memcpy(sigs[1], sigs[0], 96);
    CHECK(ctt_bls_batch_verify(&ok, (const uint8_t(*)[48])pks, msgs, lens, (const uint8_t(*)[96])sigs, 2, r) == CTT_BLS_OK && !ok,
          "batch with a wrong signature");
    CHECK(ctt_bls_batch_verify_parallel(&ok, (const uint8_t(*)[48])pks, msgs, lens, (const uint8_t(*)[96])sigs, 2, r, 3) ==
              CTT_BLS_OK && !ok, "parallel batch with a wrong signature");

    /* Decoded keys: decode refuses what validate refuses; structs it did not fill are BADARGS. */
    ctt_bls_public_key dpk[2], zero, tampered;
    memset(&zero, 0, sizeof zero);
    CHECK(sizeof(ctt_bls_public_key) == 104 && _Alignof(ctt_bls_public_key) == _Alignof(uint64_t), "decoded key layout");
    CHECK(ctt_bls_public_key_decode(&dpk[0], pks[0]) == CTT_BLS_OK, "decode");
    CHECK(ctt_bls_public_key_decode(&dpk[1], pks[1]) == CTT_BLS_OK, "decode 2");
    CHECK(ctt_bls_public_key_to_bytes(pk2, &dpk[1]) == CTT_BLS_OK && memcmp(pk2, pks[1], 48) == 0, "to_bytes");
    CHECK(ctt_bls_public_key_decode(&tampered, identity_pk) == CTT_BLS_IDENTITY_PUBLIC_KEY, "decode identity");
    ret = ctt_bls_public_key_decode(&tampered, bad_pk);
    CHECK(ret == CTT_BLS_INVALID_PUBLIC_KEY || ret == CTT_BLS_OK, "decode tampered %d", ret);
    CHECK(ctt_bls_public_key_decode(NULL, pk) == CTT_BLS_BADARGS && ctt_bls_public_key_decode(&tampered, NULL) == CTT_BLS_BADARGS,
          "decode NULL");
    CHECK(ctt_bls_public_key_to_bytes(pk2, &zero) == CTT_BLS_BADARGS && ctt_bls_public_key_to_bytes(pk2, NULL) == CTT_BLS_BADARGS,
          "to_bytes zeroed / NULL");
    CHECK(ctt_bls_verify_decoded(&ok, &dpk[0], ikm, 10, sig) == CTT_BLS_OK && ok, "verify decoded");
    CHECK(ctt_bls_verify_decoded(&ok, &dpk[1], ikm, 10, sig) == CTT_BLS_OK && !ok, "verify decoded, other key");
    ok = true;
    CHECK(ctt_bls_verify_decoded(&ok, &zero, ikm, 10, sig) == CTT_BLS_BADARGS && !ok, "verify zeroed key");
    for (size_t byte = 0; byte < sizeof tampered; byte += 13) {
        memcpy(&tampered, &dpk[0], sizeof tampered);
        ((uint8_t *)&tampered)[byte] ^= 0x20;
        ok = true;
        CHECK(ctt_bls_verify_decoded(&ok, &tampered, ikm, 10, sig) == CTT_BLS_BADARGS && !ok, "tampered struct byte %zu", byte);
    }
    CHECK(ctt_bls_verify_decoded(&ok, NULL, ikm, 10, sig) == CTT_BLS_BADARGS, "verify decoded NULL");
    CHECK(ctt_bls_sign(sigs[1], sk2, ikm, 10) == CTT_BLS_OK, "sig 2 again");
    CHECK(ctt_bls_aggregate_signatures(sig2, (const uint8_t(*)[96])sigs, 2) == CTT_BLS_OK, "aggregate again");
    CHECK(ctt_bls_fast_aggregate_verify_decoded(&ok, dpk, 2, ikm, 10, sig2) == CTT_BLS_OK && ok, "fav decoded");
    CHECK(ctt_bls_eth_fast_aggregate_verify_decoded(&ok, dpk, 2, ikm, 10, sig2) == CTT_BLS_OK && ok, "eth fav decoded");
    CHECK(ctt_bls_eth_fast_aggregate_verify_decoded(&ok, NULL, 0, ikm, 10, identity_sig) == CTT_BLS_OK && ok,
          "eth fav decoded empty");
    CHECK(ctt_bls_fast_aggregate_verify_decoded(&ok, NULL, 0, ikm, 10, sig2) == CTT_BLS_EMPTY_INPUT && !ok, "fav decoded empty");
    CHECK(ctt_bls_aggregate_verify_decoded(&ok, dpk, msgs, lens, 2, sig2) == CTT_BLS_OK && ok, "av decoded");
    CHECK(ctt_bls_batch_verify_decoded(&ok, dpk, msgs, lens, (const uint8_t(*)[96])sigs, 2, r) == CTT_BLS_OK && ok,
          "batch decoded");
    CHECK(ctt_bls_batch_verify_decoded_parallel(&ok, dpk, msgs, lens, (const uint8_t(*)[96])sigs, 2, r, 2) == CTT_BLS_OK && ok,
          "parallel batch decoded");
    ctt_bls_public_key mixed[2];
    memcpy(&mixed[0], &dpk[0], sizeof mixed[0]);
    memset(&mixed[1], 0, sizeof mixed[1]);
    CHECK(ctt_bls_fast_aggregate_verify_decoded(&ok, mixed, 2, ikm, 10, sig2) == CTT_BLS_BADARGS && !ok, "fav zeroed member");
    CHECK(ctt_bls_batch_verify_decoded(&ok, mixed, msgs, lens, (const uint8_t(*)[96])sigs, 2, r) == CTT_BLS_BADARGS && !ok,
          "batch zeroed member");
    for (int i = 0; i < 3; i++)
        CHECK(ctt_bls_fast_aggregate_verify_decoded(&ok, dpk, huge[i], ikm, 10, sig2) == CTT_BLS_BADARGS, "fav decoded %d", i);
}

/* ---------------------------------------------------------------------------------------------
 * EVM
 * ------------------------------------------------------------------------------------------- */

static void evm(void) {
    uint8_t out[1024], in[2048];
    size_t out_len;
    uint64_t gas;
    uint32_t x = 12345;
    for (size_t i = 0; i < sizeof in; i++) {
        x = x * 1103515245 + 12345;
        in[i] = (uint8_t)(x >> 16);
    }
    CHECK(ctt_evm_precompile(out, sizeof out, NULL, &gas, 2, in, 3, 1000, CTT_FORK_OSAKA) == CTT_EVM_BADARGS, "NULL out_len");
    CHECK(ctt_evm_precompile(out, sizeof out, &out_len, NULL, 2, in, 3, 1000, CTT_FORK_OSAKA) == CTT_EVM_BADARGS, "NULL gas");
    CHECK(ctt_evm_precompile(out, sizeof out, &out_len, &gas, 2, NULL, 3, 1000, CTT_FORK_OSAKA) == CTT_EVM_BADARGS, "NULL input");
    CHECK(ctt_evm_precompile(NULL, 32, &out_len, &gas, 2, in, 3, 1000, CTT_FORK_OSAKA) == CTT_EVM_BADARGS, "NULL out");
    CHECK(ctt_evm_precompile(out, sizeof out, &out_len, &gas, 2, in, 3, 1000, 7) == CTT_EVM_BADARGS, "fork 7");
    CHECK(ctt_evm_precompile(out, sizeof out, &out_len, &gas, 2, in, 3, 1000, UINT32_MAX) == CTT_EVM_BADARGS, "fork max");
    CHECK(ctt_evm_precompile(out, sizeof out, &out_len, &gas, 2, in, SIZE_MAX, 1000, CTT_FORK_OSAKA) == CTT_EVM_BADARGS,
          "input SIZE_MAX");
    CHECK(ctt_evm_precompile(NULL, 0, &out_len, &gas, 2, NULL, 0, 1000, CTT_FORK_OSAKA) == CTT_EVM_OUTPUT_TOO_SMALL &&
              out_len == 32 && gas == 60, "sha256 of nothing into no buffer");
    CHECK(ctt_evm_precompile(out, sizeof out, &out_len, &gas, 0x12, in, 0, 1000, CTT_FORK_OSAKA) == CTT_EVM_NOT_ACTIVE &&
              gas == 1000, "no precompile at 0x12");
    CHECK(ctt_evm_precompile(out, sizeof out, &out_len, &gas, 0x0b, in, 256, 1000, CTT_FORK_CANCUN) == CTT_EVM_NOT_ACTIVE,
          "BLS before Prague");
    CHECK(ctt_evm_precompile_gas(NULL, 2, in, 3, CTT_FORK_OSAKA) == CTT_EVM_BADARGS, "gas NULL");
    CHECK(ctt_evm_precompile_gas(&gas, 2, NULL, 3, CTT_FORK_OSAKA) == CTT_EVM_BADARGS, "gas NULL input");
    CHECK(ctt_evm_precompile_gas(&gas, 2, in, 3, 9) == CTT_EVM_BADARGS, "gas fork 9");
    CHECK(strlen(ctt_evm_error_string(9999)) > 0 && strlen(ctt_evm_error_string(CTT_EVM_OUT_OF_GAS)) > 0, "strings");

    /* Every input length 0..2N of every precompile (N its natural input size), zeros and
     * pseudo-random bytes: a result or a failure of the call, never an ABI error. */
    static const struct {
        uint64_t address;
        size_t n;
    } P[] = {{0x01, 128}, {0x02, 64},  {0x03, 64},  {0x04, 64},  {0x05, 99},  {0x06, 128},
             {0x07, 96},  {0x08, 192}, {0x09, 213}, {0x0a, 192}, {0x0b, 256}, {0x0c, 160},
             {0x0d, 512}, {0x0e, 288}, {0x0f, 384}, {0x10, 64},  {0x11, 128}, {0x100, 160}};
    static uint8_t zeros[2048];
    for (size_t k = 0; k < sizeof P / sizeof P[0]; k++) {
        for (size_t len = 0; len <= 2 * P[k].n; len++) {
            for (int pattern = 0; pattern < 2; pattern++) {
                const uint8_t *input = pattern ? in : zeros;
                /* A million gas bounds the work (BLAKE2 F's rounds come from the input). */
                const uint64_t limit = 1000000;
                CTT_EVM_RET ret =
                    ctt_evm_precompile(out, sizeof out, &out_len, &gas, P[k].address, input, len, limit, CTT_FORK_OSAKA);
                bool fine = ret == CTT_EVM_OK ? gas <= limit && out_len <= sizeof out
                                              : ret >= CTT_EVM_OUT_OF_GAS && out_len == 0 && gas == limit;
                CHECK(fine, "0x%llx len %zu pattern %d: %d", (unsigned long long)P[k].address, len, pattern, ret);
            }
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s TRUSTED_SETUP_TXT\n", argv[0]);
        return 2;
    }
    fixtures();
    kzg_nulls(&good, "loaded settings");
    kzg_bad_settings();
    kzg_values();
    kzg_counts();
    kzg_loading(argv[1]);
    kzg_freed_settings();
    bls();
    evm();
    free(blob);
    free(bad_blob);
    free(cells);
    free(cell_proofs);
    return finish("bad_input");
}
