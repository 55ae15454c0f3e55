/*
 * The BLS vectors of tests/vectors (ethereum/bls12-381-tests and the consensus specs' altair
 * extensions) through ctt_bls.h. usage: bls_vectors VECTORS
 *
 * Mapping of the vectors' outputs: `true` must be CTT_BLS_OK with *ok true; `false` is an error
 * code (an input that does not decode, an identity key, an empty list) or *ok false; `null` is
 * an error code.
 */
#include "common.h"

#include "ctt_bls.h"

static bool is_null(const char *field) { return strcmp(field, "null") == 0; }

static void expect_bool(CTT_BLS_RET ret, bool ok, const char *want, const char *name) {
    bool got = ret == CTT_BLS_OK && ok;
    CHECK(ret == CTT_BLS_OK || !ok, "%s: *ok must be false on an error", name);
    CHECK(ret != CTT_BLS_ERROR && ret != CTT_BLS_BADARGS, "%s: ret %d", name, ret);
    CHECK(got == (strcmp(want, "true") == 0), "%s: got ret %d ok %d, want %s", name, ret, ok, want);
}

static void expect_bytes(CTT_BLS_RET ret, const uint8_t *got, size_t len, const char *want,
                         const char *name) {
    if (is_null(want)) {
        CHECK(ret != CTT_BLS_OK && ret != CTT_BLS_ERROR, "%s: want an error, got %d", name, ret);
        return;
    }
    uint8_t w[96];
    CHECK(ret == CTT_BLS_OK && hex_exact(want, w, len) && memcmp(got, w, len) == 0,
          "%s: ret %d, output differs", name, ret);
}

/* The messages of a list field as pointers and lengths (freed by free_messages). */
struct messages {
    uint8_t **ptrs;
    size_t *lens;
    size_t n;
};

static struct messages messages(char *field) {
    struct messages m = {NULL, NULL, 0};
    char **parts = NULL;
    if (strcmp(field, "-") != 0) m.n = split(field, ',', &parts);
    m.ptrs = xmalloc(m.n * sizeof(uint8_t *));
    m.lens = xmalloc(m.n * sizeof(size_t));
    for (size_t i = 0; i < m.n; i++) m.ptrs[i] = hex_any(parts[i], &m.lens[i]);
    free(parts);
    return m;
}

static void free_messages(struct messages m) {
    for (size_t i = 0; i < m.n; i++) free(m.ptrs[i]);
    free(m.ptrs);
    free(m.lens);
}

/* A field of `size`-byte items; false (wrong size: not passable) means the vector must fail. */
#define LIST(field, size, items, count) hex_list(field, size, (uint8_t **)&(items), &(count))

static void op_sign(char **f, const char *name) {
    uint8_t sk[32], sig[96];
    size_t len;
    uint8_t *msg = hex_any(f[3], &len);
    if (!hex_exact(f[2], sk, 32)) {
        CHECK(is_null(f[4]), "%s: key of the wrong size", name);
    } else {
        CTT_BLS_RET ret = ctt_bls_sign(sig, sk, msg, len);
        expect_bytes(ret, sig, 96, f[4], name);
        if (is_null(f[4])) CHECK(ret == CTT_BLS_INVALID_SECRET_KEY, "%s: ret %d", name, ret);
        if (ret == CTT_BLS_OK) {
            /* The signature verifies under the key's public key. */
            uint8_t pk[48];
            bool ok = false;
            CHECK(ctt_bls_sk_to_pk(pk, sk) == CTT_BLS_OK, "%s: sk_to_pk", name);
            CHECK(ctt_bls_verify(&ok, pk, msg, len, sig) == CTT_BLS_OK && ok, "%s: verify", name);
        }
    }
    free(msg);
}


/* Decodes `n` keys for the _decoded twins: CTT_BLS_OK, or the first key's error. Each decoded
 * key re-encodes to its bytes. */
static CTT_BLS_RET decode_keys(const uint8_t (*pks)[48], size_t n, ctt_bls_public_key **out, const char *name) {
    *out = calloc(n ? n : 1, sizeof **out);
    for (size_t i = 0; i < n; i++) {
        CTT_BLS_RET r = ctt_bls_public_key_decode(&(*out)[i], pks[i]);
        CHECK(r == ctt_bls_public_key_validate(pks[i]), "%s: decode and validate agree", name);
        if (r != CTT_BLS_OK) return r;
        uint8_t back[48];
        CHECK(ctt_bls_public_key_to_bytes(back, &(*out)[i]) == CTT_BLS_OK && memcmp(back, pks[i], 48) == 0,
              "%s: decoded key %zu re-encodes", name, i);
    }
    return CTT_BLS_OK;
}

/* A _decoded twin gives the bytes form's answer; keys that do not decode make the bytes form fail. */
static void check_twin(CTT_BLS_RET decoded, CTT_BLS_RET ret, bool ok, CTT_BLS_RET ret2, bool ok2, const char *name) {
    if (decoded != CTT_BLS_OK)
        CHECK(ret != CTT_BLS_OK && !ok, "%s: a key does not decode, yet the bytes form succeeded", name);
    else
        CHECK(ret2 == ret && ok2 == ok, "%s: decoded twin %d/%d against %d/%d", name, ret2, ok2, ret, ok);
}

static void op_verify(char **f, const char *name) {
    uint8_t pk[48], sig[96];
    size_t len;
    uint8_t *msg = hex_any(f[3], &len);
    if (!hex_exact(f[2], pk, 48) || !hex_exact(f[4], sig, 96)) {
        CHECK(strcmp(f[5], "false") == 0, "%s: input of the wrong size", name);
    } else {
        bool ok = true, ok2 = true;
        CTT_BLS_RET ret = ctt_bls_verify(&ok, pk, msg, len, sig);
        expect_bool(ret, ok, f[5], name);
        ctt_bls_public_key *d;
        CTT_BLS_RET dec = decode_keys((const uint8_t(*)[48])pk, 1, &d, name);
        CTT_BLS_RET ret2 = dec == CTT_BLS_OK ? ctt_bls_verify_decoded(&ok2, d, msg, len, sig) : dec;
        check_twin(dec, ret, ok, ret2, ok2, name);
        free(d);
    }
    free(msg);
}

static void op_aggregate(char **f, const char *name) {
    uint8_t(*sigs)[96] = NULL, out[96];
    size_t n;
    if (!LIST(f[2], 96, sigs, n)) {
        CHECK(is_null(f[3]), "%s: input of the wrong size", name);
        return;
    }
    expect_bytes(ctt_bls_aggregate_signatures(out, (const uint8_t(*)[96])sigs, n), out, 96, f[3], name);
    free(sigs);
}

static void op_aggregate_pubkeys(char **f, const char *name) {
    uint8_t(*pks)[48] = NULL, out[48];
    size_t n;
    if (!LIST(f[2], 48, pks, n)) {
        CHECK(is_null(f[3]), "%s: input of the wrong size", name);
        return;
    }
    expect_bytes(ctt_bls_aggregate_public_keys(out, (const uint8_t(*)[48])pks, n), out, 48, f[3], name);
    free(pks);
}

static void fast_aggregate(char **f, const char *name, bool eth) {
    uint8_t(*pks)[48] = NULL, sig[96];
    size_t n, len;
    uint8_t *msg = hex_any(f[3], &len);
    if (!LIST(f[2], 48, pks, n) || !hex_exact(f[4], sig, 96)) {
        CHECK(strcmp(f[5], "false") == 0, "%s: input of the wrong size", name);
    } else {
        bool ok = true;
        CTT_BLS_RET ret = eth ? ctt_bls_eth_fast_aggregate_verify(&ok, (const uint8_t(*)[48])pks, n, msg, len, sig)
                              : ctt_bls_fast_aggregate_verify(&ok, (const uint8_t(*)[48])pks, n, msg, len, sig);
        expect_bool(ret, ok, f[5], name);
        ctt_bls_public_key *d;
        bool ok2 = true;
        CTT_BLS_RET dec = decode_keys((const uint8_t(*)[48])pks, n, &d, name), ret2 = dec;
        if (dec == CTT_BLS_OK)
            ret2 = eth ? ctt_bls_eth_fast_aggregate_verify_decoded(&ok2, n ? d : NULL, n, msg, len, sig)
                       : ctt_bls_fast_aggregate_verify_decoded(&ok2, n ? d : NULL, n, msg, len, sig);
        check_twin(dec, ret, ok, ret2, ok2, name);
        free(d);
    }
    free(pks);
    free(msg);
}

static void op_fast_aggregate_verify(char **f, const char *name) { fast_aggregate(f, name, false); }
static void op_eth_fast_aggregate_verify(char **f, const char *name) { fast_aggregate(f, name, true); }

static void op_aggregate_verify(char **f, const char *name) {
    uint8_t(*pks)[48] = NULL, sig[96];
    size_t n;
    struct messages m = messages(f[3]);
    if (!LIST(f[2], 48, pks, n) || !hex_exact(f[4], sig, 96) || n != m.n) {
        CHECK(strcmp(f[5], "false") == 0, "%s: input of the wrong size", name);
    } else {
        bool ok = true;
        CTT_BLS_RET ret = ctt_bls_aggregate_verify(
            &ok, (const uint8_t(*)[48])pks, (const uint8_t *const *)m.ptrs, m.lens, n, sig
        );
        expect_bool(ret, ok, f[5], name);
        ctt_bls_public_key *d;
        bool ok2 = true;
        CTT_BLS_RET dec = decode_keys((const uint8_t(*)[48])pks, n, &d, name), ret2 = dec;
        if (dec == CTT_BLS_OK)
            ret2 = ctt_bls_aggregate_verify_decoded(&ok2, n ? d : NULL, (const uint8_t *const *)m.ptrs, m.lens, n, sig);
        check_twin(dec, ret, ok, ret2, ok2, name);
        free(d);
    }
    free(pks);
    free_messages(m);
}

static void op_batch_verify(char **f, const char *name) {
    uint8_t(*pks)[48] = NULL, (*sigs)[96] = NULL;
    size_t n, ns;
    struct messages m = messages(f[3]);
    bool pk_ok = LIST(f[2], 48, pks, n), sig_ok = LIST(f[4], 96, sigs, ns);
    if (!pk_ok || !sig_ok || n != m.n || n != ns) {
        CHECK(strcmp(f[5], "false") == 0, "%s: input of the wrong size", name);
    } else {
        /* The answer may not depend on the randomness, nor on the thread count. */
        for (int seed = 0; seed < 3; seed++) {
            uint8_t randomness[32];
            memset(randomness, seed * 0x7f, sizeof randomness);
            bool ok = true, ok2 = false;
            CTT_BLS_RET ret = ctt_bls_batch_verify(&ok, (const uint8_t(*)[48])pks,
                                                   (const uint8_t *const *)m.ptrs, m.lens,
                                                   (const uint8_t(*)[96])sigs, n, randomness);
            expect_bool(ret, ok, f[5], name);
            CTT_BLS_RET ret2 = ctt_bls_batch_verify_parallel(
                &ok2, (const uint8_t(*)[48])pks, (const uint8_t *const *)m.ptrs, m.lens,
                (const uint8_t(*)[96])sigs, n, randomness, 2
            );
            CHECK(ret2 == ret && ok2 == ok, "%s: parallel twin", name);
            ctt_bls_public_key *d;
            bool ok3 = true, ok4 = true;
            CTT_BLS_RET dec = decode_keys((const uint8_t(*)[48])pks, n, &d, name), ret3 = dec, ret4 = dec;
            if (dec == CTT_BLS_OK) {
                ret3 = ctt_bls_batch_verify_decoded(&ok3, n ? d : NULL, (const uint8_t *const *)m.ptrs, m.lens,
                                                    (const uint8_t(*)[96])sigs, n, randomness);
                ret4 = ctt_bls_batch_verify_decoded_parallel(&ok4, n ? d : NULL, (const uint8_t *const *)m.ptrs, m.lens,
                                                             (const uint8_t(*)[96])sigs, n, randomness, 2);
            }
            check_twin(dec, ret, ok, ret3, ok3, name);
            check_twin(dec, ret, ok, ret4, ok4, name);
            free(d);
        }
    }
    free(pks);
    free(sigs);
    free_messages(m);
}

static bool is_g1_identity_encoding(const uint8_t pk[48]) {
    if (pk[0] != 0xc0) return false;
    for (int i = 1; i < 48; i++)
        if (pk[i] != 0) return false;
    return true;
}

static void op_deserialization_g1(char **f, const char *name) {
    uint8_t pk[48];
    if (!hex_exact(f[2], pk, 48)) {
        CHECK(strcmp(f[3], "false") == 0, "%s: input of the wrong size", name);
        return;
    }
    CTT_BLS_RET ret = ctt_bls_public_key_validate(pk);
    if (strcmp(f[3], "true") == 0 && is_g1_identity_encoding(pk)) {
        /* The vector tests point decoding, where the identity is valid; KeyValidate then
         * rejects it as a public key. */
        CHECK(ret == CTT_BLS_IDENTITY_PUBLIC_KEY, "%s: ret %d", name, ret);
    } else if (strcmp(f[3], "true") == 0) {
        CHECK(ret == CTT_BLS_OK, "%s: ret %d", name, ret);
    } else {
        CHECK(ret == CTT_BLS_INVALID_PUBLIC_KEY || ret == CTT_BLS_IDENTITY_PUBLIC_KEY, "%s: ret %d", name, ret);
    }
}

static void op_deserialization_g2(char **f, const char *name) {
    uint8_t sig[96];
    if (!hex_exact(f[2], sig, 96)) {
        CHECK(strcmp(f[3], "false") == 0, "%s: input of the wrong size", name);
        return;
    }
    CTT_BLS_RET ret = ctt_bls_signature_validate(sig);
    CTT_BLS_RET want = strcmp(f[3], "true") == 0 ? CTT_BLS_OK : CTT_BLS_INVALID_SIGNATURE;
    CHECK(ret == want, "%s: ret %d", name, ret);
}

struct op {
    const char *name;
    size_t fields;
    void (*run)(char **f, const char *name);
};

static const struct op OPS[] = {
    {"sign", 5, op_sign},
    {"verify", 6, op_verify},
    {"aggregate", 4, op_aggregate},
    {"eth_aggregate_pubkeys", 4, op_aggregate_pubkeys},
    {"fast_aggregate_verify", 6, op_fast_aggregate_verify},
    {"eth_fast_aggregate_verify", 6, op_eth_fast_aggregate_verify},
    {"aggregate_verify", 6, op_aggregate_verify},
    {"batch_verify", 6, op_batch_verify},
    {"deserialization_G1", 4, op_deserialization_g1},
    {"deserialization_G2", 4, op_deserialization_g2},
};

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
    printf("%zu vectors\n", cases);
    return finish("bls_vectors");
}
