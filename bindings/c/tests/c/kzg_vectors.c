/*
 * Every EIP-4844 and EIP-7594 vector of tests/vectors/cryptography-specs through ckzg.h (and the
 * multi-threaded twins of ctt_kzg.h), written as a c-kzg user would.
 *
 * usage: kzg_vectors VECTORS SETUP PRECOMPUTE
 *   VECTORS     the line file tests/c_abi.rs writes (see common.h)
 *   SETUP       a trusted setup in c-kzg's text format, or "mainnet" for the embedded one
 *   PRECOMPUTE  c-kzg's precompute argument
 */
#include "common.h"

#include "ctt_kzg.h"

static KZGSettings settings;
static const uint32_t THREADS = 2;

static bool is_null(const char *field) { return strcmp(field, "null") == 0; }

/* A call that the vector says fails must fail with C_KZG_BADARGS. */
static void expect_error(C_KZG_RET ret, const char *name) {
    CHECK(ret == C_KZG_BADARGS, "%s: got %d, want C_KZG_BADARGS", name, ret);
}

/* Compares `len` bytes of output with the expected field (one hex item). */
static void expect_bytes(C_KZG_RET ret, const void *got, size_t len, char *want, const char *name) {
    if (is_null(want)) {
        expect_error(ret, name);
        return;
    }
    uint8_t *w = xmalloc(len);
    bool parsed = hex_exact(want, w, len);
    CHECK(ret == C_KZG_OK && parsed && memcmp(got, w, len) == 0, "%s: output", name);
    free(w);
}

/* Compares an array of `count` items of `size` bytes with the expected list field. */
static void expect_list(const void *got, size_t size, size_t count, char *want, const char *name) {
    uint8_t *w;
    size_t n;
    bool parsed = hex_list(want, size, &w, &n);
    CHECK(parsed && n == count && memcmp(got, w, size * count) == 0, "%s: list output", name);
    if (parsed) free(w);
}

static void expect_bool(C_KZG_RET ret, bool ok, const char *want, const char *name) {
    if (is_null(want)) {
        expect_error(ret, name);
        CHECK(!ok, "%s: *ok must be false on an error", name);
    } else {
        bool w = strcmp(want, "true") == 0;
        CHECK(ret == C_KZG_OK && ok == w, "%s: got ret %d ok %d, want %s", name, ret, ok, want);
    }
}

/* Inputs that do not have their type's size cannot be passed: the vector must expect failure. */
static void wrong_size(const char *want, const char *name) {
    CHECK(is_null(want), "%s: an input of the wrong size, but the vector expects success", name);
}

static Blob *blob_arg(char *field) {
    Blob *b = xmalloc(sizeof(Blob));
    if (!hex_exact(field, b->bytes, BYTES_PER_BLOB)) {
        free(b);
        return NULL;
    }
    return b;
}

static void blob_to_commitment(char **f, const char *name) {
    Blob *blob = blob_arg(f[2]);
    if (blob == NULL) return wrong_size(f[3], name);
    KZGCommitment c;
    expect_bytes(blob_to_kzg_commitment(&c, blob, &settings), &c, sizeof c, f[3], name);
    if (!is_null(f[3])) {
        KZGCommitment c2;
        C_KZG_RET ret = ctt_blobs_to_kzg_commitments_parallel(&c2, blob, 1, &settings, THREADS);
        CHECK(ret == C_KZG_OK && memcmp(&c, &c2, sizeof c) == 0, "%s: parallel twin", name);
    }
    free(blob);
}

static void kzg_proof(char **f, const char *name) {
    Blob *blob = blob_arg(f[2]);
    Bytes32 z;
    if (blob == NULL || !hex_exact(f[3], z.bytes, 32)) {
        free(blob);
        return wrong_size(f[4], name);
    }
    KZGProof proof;
    Bytes32 y;
    C_KZG_RET ret = compute_kzg_proof(&proof, &y, blob, &z, &settings);
    if (is_null(f[4])) {
        expect_error(ret, name);
    } else {
        char **parts;
        size_t n = split(f[4], ',', &parts);
        CHECK(n == 2, "%s: output has two items", name);
        expect_bytes(ret, &proof, sizeof proof, parts[0], name);
        expect_bytes(ret, &y, sizeof y, parts[1], name);
        free(parts);
    }
    free(blob);
}

static void blob_proof(char **f, const char *name) {
    Blob *blob = blob_arg(f[2]);
    Bytes48 c;
    if (blob == NULL || !hex_exact(f[3], c.bytes, 48)) {
        free(blob);
        return wrong_size(f[4], name);
    }
    KZGProof proof;
    expect_bytes(compute_blob_kzg_proof(&proof, blob, &c, &settings), &proof, sizeof proof, f[4], name);
    if (!is_null(f[4])) {
        KZGProof p2;
        C_KZG_RET ret = ctt_compute_blob_kzg_proofs_parallel(&p2, blob, &c, 1, &settings, THREADS);
        CHECK(ret == C_KZG_OK && memcmp(&proof, &p2, sizeof p2) == 0, "%s: parallel twin", name);
    }
    free(blob);
}

static void verify_proof(char **f, const char *name) {
    Bytes48 c, p;
    Bytes32 z, y;
    if (!hex_exact(f[2], c.bytes, 48) || !hex_exact(f[3], z.bytes, 32) ||
        !hex_exact(f[4], y.bytes, 32) || !hex_exact(f[5], p.bytes, 48))
        return wrong_size(f[6], name);
    bool ok = true;
    C_KZG_RET ret = verify_kzg_proof(&ok, &c, &z, &y, &p, &settings);
    expect_bool(ret, ok, f[6], name);
}

static void verify_blob_proof(char **f, const char *name) {
    Blob *blob = blob_arg(f[2]);
    Bytes48 c, p;
    if (blob == NULL || !hex_exact(f[3], c.bytes, 48) || !hex_exact(f[4], p.bytes, 48)) {
        free(blob);
        return wrong_size(f[5], name);
    }
    bool ok = true;
    C_KZG_RET ret = verify_blob_kzg_proof(&ok, blob, &c, &p, &settings);
    expect_bool(ret, ok, f[5], name);
    free(blob);
}

static void verify_blob_batch(char **f, const char *name) {
    uint8_t *blobs, *cs, *ps;
    size_t nb, nc, np;
    bool b_ok = hex_list(f[2], BYTES_PER_BLOB, &blobs, &nb);
    bool c_ok = hex_list(f[3], 48, &cs, &nc);
    bool p_ok = hex_list(f[4], 48, &ps, &np);
    if (!b_ok || !c_ok || !p_ok || nb != nc || nb != np) {
        /* Lists of different lengths cannot be passed either (one count). */
        wrong_size(f[5], name);
    } else {
        bool ok = false;
        C_KZG_RET ret = verify_blob_kzg_proof_batch(
            &ok, (Blob *)blobs, (Bytes48 *)cs, (Bytes48 *)ps, nb, &settings
        );
        expect_bool(ret, ok, f[5], name);
        bool ok2 = !ok;
        C_KZG_RET ret2 = ctt_verify_blob_kzg_proof_batch_parallel(
            &ok2, (Blob *)blobs, (Bytes48 *)cs, (Bytes48 *)ps, nb, &settings, THREADS
        );
        CHECK(ret2 == ret && ok2 == ok, "%s: parallel twin", name);
    }
    if (b_ok) free(blobs);
    if (c_ok) free(cs);
    if (p_ok) free(ps);
}

static void challenge(char **f, const char *name) {
    Blob *blob = blob_arg(f[2]);
    Bytes48 c;
    if (blob == NULL || !hex_exact(f[3], c.bytes, 48)) {
        free(blob);
        return wrong_size(f[4], name);
    }
    g1_t point;
    C_KZG_RET ret = bytes_to_kzg_commitment(&point, &c);
    if (ret == C_KZG_OK) {
        fr_t r;
        compute_challenge(&r, blob, &point);
        Bytes32 out;
        bytes_from_bls_field(&out, &r);
        expect_bytes(ret, &out, sizeof out, f[4], name);
    } else {
        expect_error(ret, name);
    }
    free(blob);
}

static void cells(char **f, const char *name) {
    Blob *blob = blob_arg(f[2]);
    if (blob == NULL) return wrong_size(f[3], name);
    Cell *cs = xmalloc(CELLS_PER_EXT_BLOB * sizeof(Cell));
    C_KZG_RET ret = compute_cells_and_kzg_proofs(cs, NULL, blob, &settings);
    if (is_null(f[3]))
        expect_error(ret, name);
    else {
        CHECK(ret == C_KZG_OK, "%s: ret %d", name, ret);
        expect_list(cs, sizeof(Cell), CELLS_PER_EXT_BLOB, f[3], name);
    }
    free(cs);
    free(blob);
}

/* Checks a "cells/proofs" output field against arrays of CELLS_PER_EXT_BLOB each. */
static void expect_cells_and_proofs(
    C_KZG_RET ret, const Cell *cs, const KZGProof *ps, char *want, const char *name
) {
    if (is_null(want)) return expect_error(ret, name);
    CHECK(ret == C_KZG_OK, "%s: ret %d", name, ret);
    char **parts;
    size_t n = split(want, '/', &parts);
    CHECK(n == 2, "%s: output is cells and proofs", name);
    if (n == 2) {
        if (cs) expect_list(cs, sizeof(Cell), CELLS_PER_EXT_BLOB, parts[0], name);
        if (ps) expect_list(ps, sizeof(KZGProof), CELLS_PER_EXT_BLOB, parts[1], name);
    }
    free(parts);
}

static void cells_and_proofs(char **f, const char *name) {
    Blob *blob = blob_arg(f[2]);
    if (blob == NULL) return wrong_size(f[3], name);
    Cell *cs = xmalloc(CELLS_PER_EXT_BLOB * sizeof(Cell));
    KZGProof *ps = xmalloc(CELLS_PER_EXT_BLOB * sizeof(KZGProof));
    C_KZG_RET ret = compute_cells_and_kzg_proofs(cs, ps, blob, &settings);
    char *want = strdup(f[3]);
    expect_cells_and_proofs(ret, cs, ps, want, name);
    /* Proofs alone, and the parallel twin. */
    strcpy(want, f[3]);
    expect_cells_and_proofs(compute_cells_and_kzg_proofs(NULL, ps, blob, &settings), NULL, ps, want, name);
    strcpy(want, f[3]);
    ret = ctt_compute_cells_and_kzg_proofs_parallel(cs, ps, blob, &settings, THREADS);
    expect_cells_and_proofs(ret, cs, ps, want, name);
    free(want);
    free(ps);
    free(cs);
    free(blob);
}

static void recover(char **f, const char *name) {
    size_t ni, nc;
    uint64_t *indices = u64_list(f[2], &ni);
    uint8_t *in;
    if (!hex_list(f[3], sizeof(Cell), &in, &nc)) {
        wrong_size(f[4], name);
        free(indices);
        return;
    }
    if (ni != nc) {
        /* One count for both arrays: lists of different lengths cannot be passed. */
        wrong_size(f[4], name);
        free(in);
        free(indices);
        return;
    }
    Cell *cs = xmalloc(CELLS_PER_EXT_BLOB * sizeof(Cell));
    KZGProof *ps = xmalloc(CELLS_PER_EXT_BLOB * sizeof(KZGProof));
    char *want = strdup(f[4]);
    C_KZG_RET ret = recover_cells_and_kzg_proofs(cs, ps, indices, (Cell *)in, nc, &settings);
    expect_cells_and_proofs(ret, cs, ps, want, name);
    strcpy(want, f[4]);
    ret = ctt_recover_cells_and_kzg_proofs_parallel(cs, NULL, indices, (Cell *)in, nc, &settings, THREADS);
    expect_cells_and_proofs(ret, cs, NULL, want, name);
    /* In place: the input array is the output array, as c-kzg allows. */
    if (nc > 0 && !is_null(f[4])) {
        Cell *inout = xmalloc(CELLS_PER_EXT_BLOB * sizeof(Cell));
        memcpy(inout, in, nc * sizeof(Cell));
        strcpy(want, f[4]);
        ret = recover_cells_and_kzg_proofs(inout, NULL, indices, inout, nc, &settings);
        expect_cells_and_proofs(ret, inout, NULL, want, name);
        free(inout);
    }
    free(want);
    free(ps);
    free(cs);
    free(in);
    free(indices);
}

static void verify_cells(char **f, const char *name) {
    size_t nc, ni, nx, np;
    uint8_t *cs, *xs, *ps;
    uint64_t *indices = u64_list(f[3], &ni);
    bool c_ok = hex_list(f[2], 48, &cs, &nc);
    bool x_ok = hex_list(f[4], sizeof(Cell), &xs, &nx);
    bool p_ok = hex_list(f[5], 48, &ps, &np);
    if (!c_ok || !x_ok || !p_ok || nc != ni || nc != nx || nc != np) {
        wrong_size(f[6], name);
    } else {
        bool ok = false;
        C_KZG_RET ret = verify_cell_kzg_proof_batch(
            &ok, (Bytes48 *)cs, indices, (Cell *)xs, (Bytes48 *)ps, nc, &settings
        );
        expect_bool(ret, ok, f[6], name);
        bool ok2 = !ok;
        C_KZG_RET ret2 = ctt_verify_cell_kzg_proof_batch_parallel(
            &ok2, (Bytes48 *)cs, indices, (Cell *)xs, (Bytes48 *)ps, nc, &settings, THREADS
        );
        CHECK(ret2 == ret && ok2 == ok, "%s: parallel twin", name);
    }
    free(indices);
    if (c_ok) free(cs);
    if (x_ok) free(xs);
    if (p_ok) free(ps);
}

static void cell_challenge(char **f, const char *name) {
    size_t nc, nci, ni, nx, np;
    uint8_t *cs, *xs, *ps;
    uint64_t *cis = u64_list(f[3], &nci);
    uint64_t *indices = u64_list(f[4], &ni);
    bool c_ok = hex_list(f[2], 48, &cs, &nc);
    bool x_ok = hex_list(f[5], sizeof(Cell), &xs, &nx);
    bool p_ok = hex_list(f[6], 48, &ps, &np);
    if (!c_ok || !x_ok || !p_ok || nci != nx || ni != nx || np != nx) {
        wrong_size(f[7], name);
    } else {
        fr_t r;
        C_KZG_RET ret = compute_verify_cell_kzg_proof_batch_challenge(
            &r, (Bytes48 *)cs, nc, cis, indices, (Cell *)xs, (Bytes48 *)ps, nx
        );
        Bytes32 out;
        bytes_from_bls_field(&out, &r);
        expect_bytes(ret, &out, sizeof out, f[7], name);
    }
    free(cis);
    free(indices);
    if (c_ok) free(cs);
    if (x_ok) free(xs);
    if (p_ok) free(ps);
}

struct op {
    const char *name;
    size_t fields; /* including the operation, the case name and the output */
    void (*run)(char **f, const char *name);
};

static const struct op OPS[] = {
    {"blob_to_kzg_commitment", 4, blob_to_commitment},
    {"compute_kzg_proof", 5, kzg_proof},
    {"compute_blob_kzg_proof", 5, blob_proof},
    {"verify_kzg_proof", 7, verify_proof},
    {"verify_blob_kzg_proof", 6, verify_blob_proof},
    {"verify_blob_kzg_proof_batch", 6, verify_blob_batch},
    {"compute_challenge", 5, challenge},
    {"compute_cells", 4, cells},
    {"compute_cells_and_kzg_proofs", 4, cells_and_proofs},
    {"recover_cells_and_kzg_proofs", 5, recover},
    {"verify_cell_kzg_proof_batch", 7, verify_cells},
    {"compute_verify_cell_kzg_proof_batch_challenge", 8, cell_challenge},
};

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s VECTORS SETUP PRECOMPUTE\n", argv[0]);
        return 2;
    }
    uint64_t precompute = strtoull(argv[3], NULL, 10);
    C_KZG_RET ret;
    if (strcmp(argv[2], "mainnet") == 0) {
        ret = ctt_kzg_load_mainnet(&settings, precompute);
    } else {
        FILE *setup = open_or_die(argv[2]);
        ret = load_trusted_setup_file(&settings, setup, precompute);
        fclose(setup);
    }
    if (ret != C_KZG_OK) {
        fprintf(stderr, "loading the trusted setup failed: %d\n", ret);
        return 1;
    }

    FILE *vectors = open_or_die(argv[1]);
    char *line = NULL;
    size_t cap = 0, cases = 0;
    while (next_line(vectors, &line, &cap)) {
        char **f;
        size_t n = split(line, ' ', &f);
        const struct op *op = NULL;
        for (size_t i = 0; i < sizeof OPS / sizeof OPS[0]; i++)
            if (strcmp(f[0], OPS[i].name) == 0) op = &OPS[i];
        if (op == NULL || n != op->fields) {
            fprintf(stderr, "malformed vector line for %s (%zu fields)\n", f[0], n);
            return 2;
        }
        op->run(f, f[1]);
        cases++;
        free(f);
    }
    free(line);
    fclose(vectors);
    free_trusted_setup(&settings);
    printf("%zu vectors\n", cases);
    return finish("kzg_vectors");
}
