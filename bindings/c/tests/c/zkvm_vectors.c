/*
 * The precompile vectors in the zkVM standard's encodings (tests/zkvm.rs converts them) through
 * zkvm_accelerators.h, then a NULL pointer in every argument of every function.
 * usage: zkvm_vectors VECTORS
 *
 * A line is "FUNCTION NAME ARGS... WANT": the arguments as the function takes them (hex for
 * bytes, decimal for numbers, comma-separated hex for arrays of structs), WANT the output in hex,
 * true/false, fail, false_or_fail, or address:HEX (a public key whose Keccak-256 ends so).
 */
#include "common.h"

#include "zkvm_accelerators.h"

/* The answer of one call: bytes, a bool, or a failure. */
struct got {
    zkvm_status status;
    bool is_bool, verified;
    const uint8_t *bytes;
    size_t len;
};

static void expect(struct got g, const char *want, const char *name) {
    if (strcmp(want, "fail") == 0) {
        CHECK(g.status == ZKVM_EFAIL, "%s: want a failure", name);
    } else if (strcmp(want, "false_or_fail") == 0) {
        CHECK(g.status == ZKVM_EFAIL || (g.is_bool && !g.verified), "%s: want false or a failure", name);
    } else if (strcmp(want, "true") == 0 || strcmp(want, "false") == 0) {
        CHECK(g.status == ZKVM_EOK && g.is_bool && g.verified == (want[0] == 't'), "%s: status %d verified %d",
              name, g.status, g.verified);
    } else if (strncmp(want, "address:", 8) == 0) {
        uint8_t address[20];
        zkvm_keccak256_hash h;
        bool ok = g.status == ZKVM_EOK && hex_exact(want + 8, address, 20) &&
                  zkvm_keccak256(g.bytes, g.len, &h) == ZKVM_EOK && memcmp(h.data + 12, address, 20) == 0;
        CHECK(ok, "%s: recovered key's address", name);
    } else {
        size_t len;
        uint8_t *w = hex_any(want, &len);
        CHECK(g.status == ZKVM_EOK && len == g.len && memcmp(w, g.bytes, len) == 0, "%s: status %d, output", name,
              g.status);
        free(w);
    }
}

/* A fixed-size argument: exactly sizeof(*out) bytes of hex. */
#define ARG(field, out)                                                                            \
    do {                                                                                           \
        if (!hex_exact(field, (uint8_t *)(out), sizeof(*(out)))) {                                 \
            fprintf(stderr, "%s: argument size\n", name);                                          \
            exit(2);                                                                               \
        }                                                                                          \
    } while (0)

/* An array of structs: the comma-separated items, each exactly sizeof(T) bytes. */
#define LIST(field, T, items, count)                                                               \
    do {                                                                                           \
        if (!hex_list(field, sizeof(T), (uint8_t **)&(items), &(count))) {                         \
            fprintf(stderr, "%s: item size\n", name);                                              \
            exit(2);                                                                               \
        }                                                                                          \
    } while (0)

static void run_case(char **f, size_t n, const char *name) {
    const char *fn = f[0], *want = f[n - 1];
    struct got g = {ZKVM_EFAIL, false, false, NULL, 0};
    static union {
        zkvm_bytes_32 b32;
        zkvm_bytes_64 b64;
        zkvm_bytes_96 b96;
        zkvm_bytes_192 b192;
    } out;
    if (strcmp(fn, "keccak256") == 0 || strcmp(fn, "sha256") == 0 || strcmp(fn, "ripemd160") == 0) {
        size_t len;
        uint8_t *data = hex_any(f[2], &len);
        zkvm_status (*h)(const uint8_t *, size_t, zkvm_bytes_32 *) =
            fn[0] == 'k' ? zkvm_keccak256 : fn[0] == 's' ? zkvm_sha256 : zkvm_ripemd160;
        g.status = h(data, len, &out.b32);
        g.bytes = out.b32.data, g.len = 32;
        free(data);
    } else if (strcmp(fn, "secp256k1_verify") == 0 || strcmp(fn, "secp256r1_verify") == 0) {
        zkvm_bytes_32 msg;
        zkvm_bytes_64 sig, key;
        ARG(f[2], &msg);
        ARG(f[3], &sig);
        ARG(f[4], &key);
        g.is_bool = true;
        g.status = strcmp(fn, "secp256k1_verify") == 0 ? zkvm_secp256k1_verify(&msg, &sig, &key, &g.verified)
                                : zkvm_secp256r1_verify(&msg, &sig, &key, &g.verified);
    } else if (strcmp(fn, "secp256k1_ecrecover") == 0) {
        zkvm_bytes_32 msg;
        zkvm_bytes_64 sig;
        ARG(f[2], &msg);
        ARG(f[3], &sig);
        g.status = zkvm_secp256k1_ecrecover(&msg, &sig, (uint8_t)strtoul(f[4], NULL, 10), &out.b64);
        g.bytes = out.b64.data, g.len = 64;
    } else if (strcmp(fn, "modexp") == 0) {
        size_t bl, el, ml;
        uint8_t *b = hex_any(f[2], &bl), *e = hex_any(f[3], &el), *m = hex_any(f[4], &ml);
        static uint8_t result[4096];
        g.status = zkvm_modexp(b, bl, e, el, m, ml, result);
        g.bytes = result, g.len = ml;
        free(b), free(e), free(m);
    } else if (strcmp(fn, "bn254_g1_add") == 0 || strcmp(fn, "bn254_g1_mul") == 0) {
        zkvm_bn254_g1_point p;
        ARG(f[2], &p);
        if (strcmp(fn, "bn254_g1_add") == 0) {
            zkvm_bn254_g1_point q;
            ARG(f[3], &q);
            g.status = zkvm_bn254_g1_add(&p, &q, &out.b64);
        } else {
            zkvm_bn254_scalar k;
            ARG(f[3], &k);
            g.status = zkvm_bn254_g1_mul(&p, &k, &out.b64);
        }
        g.bytes = out.b64.data, g.len = 64;
    } else if (strcmp(fn, "bn254_pairing") == 0) {
        zkvm_bn254_pairing_pair *pairs;
        size_t count;
        LIST(f[2], zkvm_bn254_pairing_pair, pairs, count);
        g.is_bool = true;
        g.status = zkvm_bn254_pairing(pairs, count, &g.verified);
        free(pairs);
    } else if (strcmp(fn, "blake2f") == 0) {
        zkvm_blake2f_message m;
        zkvm_blake2f_offset t;
        ARG(f[3], &out.b64);
        ARG(f[4], &m);
        ARG(f[5], &t);
        g.status = zkvm_blake2f((uint32_t)strtoul(f[2], NULL, 10), &out.b64, &m, &t, (uint8_t)strtoul(f[6], NULL, 10));
        g.bytes = out.b64.data, g.len = 64;
    } else if (strcmp(fn, "kzg_point_eval") == 0) {
        zkvm_kzg_commitment c;
        zkvm_kzg_field_element z, y;
        zkvm_kzg_proof p;
        ARG(f[2], &c);
        ARG(f[3], &z);
        ARG(f[4], &y);
        ARG(f[5], &p);
        g.is_bool = true;
        g.status = zkvm_kzg_point_eval(&c, &z, &y, &p, &g.verified);
    } else if (strcmp(fn, "bls12_g1_add") == 0) {
        zkvm_bls12_381_g1_point p, q;
        ARG(f[2], &p);
        ARG(f[3], &q);
        g.status = zkvm_bls12_g1_add(&p, &q, &out.b96);
        g.bytes = out.b96.data, g.len = 96;
    } else if (strcmp(fn, "bls12_g2_add") == 0) {
        zkvm_bls12_381_g2_point p, q;
        ARG(f[2], &p);
        ARG(f[3], &q);
        g.status = zkvm_bls12_g2_add(&p, &q, &out.b192);
        g.bytes = out.b192.data, g.len = 192;
    } else if (strcmp(fn, "bls12_g1_msm") == 0) {
        zkvm_bls12_381_g1_msm_pair *pairs;
        size_t count;
        LIST(f[2], zkvm_bls12_381_g1_msm_pair, pairs, count);
        g.status = zkvm_bls12_g1_msm(pairs, count, &out.b96);
        g.bytes = out.b96.data, g.len = 96;
        free(pairs);
    } else if (strcmp(fn, "bls12_g2_msm") == 0) {
        zkvm_bls12_381_g2_msm_pair *pairs;
        size_t count;
        LIST(f[2], zkvm_bls12_381_g2_msm_pair, pairs, count);
        g.status = zkvm_bls12_g2_msm(pairs, count, &out.b192);
        g.bytes = out.b192.data, g.len = 192;
        free(pairs);
    } else if (strcmp(fn, "bls12_pairing") == 0) {
        zkvm_bls12_381_pairing_pair *pairs;
        size_t count;
        LIST(f[2], zkvm_bls12_381_pairing_pair, pairs, count);
        g.is_bool = true;
        g.status = zkvm_bls12_pairing(pairs, count, &g.verified);
        free(pairs);
    } else if (strcmp(fn, "bls12_map_fp_to_g1") == 0) {
        zkvm_bls12_381_fp u;
        ARG(f[2], &u);
        g.status = zkvm_bls12_map_fp_to_g1(&u, &out.b96);
        g.bytes = out.b96.data, g.len = 96;
    } else if (strcmp(fn, "bls12_map_fp2_to_g2") == 0) {
        zkvm_bls12_381_fp2 u;
        ARG(f[2], &u);
        g.status = zkvm_bls12_map_fp2_to_g2(&u, &out.b192);
        g.bytes = out.b192.data, g.len = 192;
    } else {
        fprintf(stderr, "unknown function %s\n", fn);
        exit(2);
    }
    expect(g, want, name);
}

/* NULL in each pointer argument, and the empty-array rules. */
static void nulls(void) {
    static zkvm_bytes_192 a, out;
    bool v;
    uint8_t buf[32] = {0};
    const zkvm_bytes_32 *h32 = (const zkvm_bytes_32 *)&a;
    const zkvm_bytes_64 *h64 = (const zkvm_bytes_64 *)&a;
#define EFAILS(call) CHECK((call) == ZKVM_EFAIL, "%s", #call)
    EFAILS(zkvm_keccak256(NULL, 1, (zkvm_bytes_32 *)&out));
    EFAILS(zkvm_keccak256(buf, 1, NULL));
    EFAILS(zkvm_sha256(NULL, 1, (zkvm_bytes_32 *)&out));
    EFAILS(zkvm_ripemd160(buf, 1, NULL));
    CHECK(zkvm_sha256(NULL, 0, (zkvm_bytes_32 *)&out) == ZKVM_EOK, "sha256 of nothing");
    EFAILS(zkvm_secp256k1_verify(NULL, h64, h64, &v));
    EFAILS(zkvm_secp256k1_verify(h32, NULL, h64, &v));
    EFAILS(zkvm_secp256k1_verify(h32, h64, NULL, &v));
    EFAILS(zkvm_secp256k1_verify(h32, h64, h64, NULL));
    EFAILS(zkvm_secp256k1_ecrecover(NULL, h64, 0, (zkvm_bytes_64 *)&out));
    EFAILS(zkvm_secp256k1_ecrecover(h32, NULL, 0, (zkvm_bytes_64 *)&out));
    EFAILS(zkvm_secp256k1_ecrecover(h32, h64, 0, NULL));
    EFAILS(zkvm_secp256r1_verify(NULL, h64, h64, &v));
    EFAILS(zkvm_secp256r1_verify(h32, h64, h64, NULL));
    EFAILS(zkvm_modexp(NULL, 1, buf, 1, buf, 1, buf));
    EFAILS(zkvm_modexp(buf, 1, NULL, 1, buf, 1, buf));
    EFAILS(zkvm_modexp(buf, 1, buf, 1, NULL, 1, buf));
    EFAILS(zkvm_modexp(buf, 1, buf, 1, buf, 1, NULL));
    CHECK(zkvm_modexp(NULL, 0, NULL, 0, NULL, 0, NULL) == ZKVM_EOK, "modexp of nothing");
    EFAILS(zkvm_bn254_g1_add(NULL, h64, (zkvm_bytes_64 *)&out));
    EFAILS(zkvm_bn254_g1_add(h64, NULL, (zkvm_bytes_64 *)&out));
    EFAILS(zkvm_bn254_g1_add(h64, h64, NULL));
    EFAILS(zkvm_bn254_g1_mul(NULL, h32, (zkvm_bytes_64 *)&out));
    EFAILS(zkvm_bn254_g1_mul(h64, NULL, (zkvm_bytes_64 *)&out));
    EFAILS(zkvm_bn254_pairing(NULL, 1, &v));
    EFAILS(zkvm_bn254_pairing(NULL, 0, NULL));
    CHECK(zkvm_bn254_pairing(NULL, 0, &v) == ZKVM_EOK && v, "empty BN254 pairing");
    EFAILS(zkvm_blake2f(12, NULL, (const zkvm_bytes_128 *)&a, (const zkvm_bytes_16 *)&a, 0));
    EFAILS(zkvm_blake2f(12, (zkvm_bytes_64 *)&out, NULL, (const zkvm_bytes_16 *)&a, 0));
    EFAILS(zkvm_blake2f(12, (zkvm_bytes_64 *)&out, (const zkvm_bytes_128 *)&a, NULL, 0));
    EFAILS(zkvm_blake2f(12, (zkvm_bytes_64 *)&out, (const zkvm_bytes_128 *)&a, (const zkvm_bytes_16 *)&a, 2));
    EFAILS(zkvm_kzg_point_eval(NULL, h32, h32, (const zkvm_bytes_48 *)&a, &v));
    EFAILS(zkvm_kzg_point_eval((const zkvm_bytes_48 *)&a, h32, h32, (const zkvm_bytes_48 *)&a, NULL));
    EFAILS(zkvm_bls12_g1_add(NULL, (const zkvm_bytes_96 *)&a, (zkvm_bytes_96 *)&out));
    EFAILS(zkvm_bls12_g1_add((const zkvm_bytes_96 *)&a, (const zkvm_bytes_96 *)&a, NULL));
    EFAILS(zkvm_bls12_g2_add(&a, NULL, &out));
    EFAILS(zkvm_bls12_g1_msm(NULL, 1, (zkvm_bytes_96 *)&out));
    EFAILS(zkvm_bls12_g1_msm(NULL, 0, (zkvm_bytes_96 *)&out));
    EFAILS(zkvm_bls12_g2_msm(NULL, 0, &out));
    EFAILS(zkvm_bls12_pairing(NULL, 0, &v));
    EFAILS(zkvm_bls12_map_fp_to_g1(NULL, (zkvm_bytes_96 *)&out));
    EFAILS(zkvm_bls12_map_fp_to_g1((const zkvm_bytes_48 *)&a, NULL));
    EFAILS(zkvm_bls12_map_fp2_to_g2(NULL, &out));
    /* Identity inputs: all zeros is the point at infinity everywhere. */
    memset(&a, 0, sizeof a);
    CHECK(zkvm_bls12_g1_add((const zkvm_bytes_96 *)&a, (const zkvm_bytes_96 *)&a, (zkvm_bytes_96 *)&out) == ZKVM_EOK,
          "identity + identity");
    CHECK(zkvm_bn254_g1_mul((const zkvm_bytes_64 *)&a, h32, (zkvm_bytes_64 *)&out) == ZKVM_EOK, "0 * identity");
#undef EFAILS
}

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
        if (n < 4) {
            fprintf(stderr, "malformed vector line (%zu fields)\n", n);
            return 2;
        }
        run_case(f, n, f[1]);
        cases++;
        free(f);
    }
    free(line);
    fclose(vectors);
    nulls();
    printf("%zu vectors\n", cases);
    return finish("zkvm_vectors");
}
