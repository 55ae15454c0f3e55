/*
 * Groth16 verification and MiMC through ctt_groth16.h, on lines written by tests/groth16.rs
 * from tests/vectors/groth16 (ark-groth16 and snarkjs proofs, circomlibjs MiMC outputs):
 *
 *   arkworks CURVE COMPRESSED VK PROOF INPUTS WANT
 *   snarkjs CURVE VK_JSON PROOF_JSON PUBLIC_JSON WANT   (the JSON texts hex-encoded)
 *   mimc_sponge KEY INPUTS OUTPUTS
 *   mimc7_multi KEY INPUTS OUTPUT
 *
 * WANT is true, false (CTT_GROTH16_OK and that answer) or an error code's number.
 */
#include "common.h"
#include "ctt_groth16.h"

/* Checks a verification's code and answer against WANT. */
static void check_verification(const char *name, CTT_GROTH16_RET ret, bool ok, const char *want) {
    if (strcmp(want, "true") == 0 || strcmp(want, "false") == 0) {
        bool expect = strcmp(want, "true") == 0;
        CHECK(ret == CTT_GROTH16_OK && ok == expect, "%s: ret %d ok %d, want %s", name, ret, ok, want);
    } else {
        int code = atoi(want);
        CHECK((int)ret == code && !ok, "%s: ret %d ok %d, want error %d", name, ret, ok, code);
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: groth16_vectors FILE\n");
        return 2;
    }
    FILE *f = open_or_die(argv[1]);
    char *line = NULL;
    size_t cap = 0;
    unsigned long vectors = 0;
    while (next_line(f, &line, &cap)) {
        char **p;
        size_t n = split(line, ' ', &p);
        vectors++;
        if (strcmp(p[0], "arkworks") == 0 && n == 7) {
            size_t vk_len, proof_len, in_len;
            uint8_t *vk = hex_any(p[3], &vk_len), *proof = hex_any(p[4], &proof_len),
                    *in = hex_any(p[5], &in_len);
            bool ok = true;
            CTT_GROTH16_RET ret = ctt_groth16_verify_arkworks(
                &ok, (uint32_t)atoi(p[1]), atoi(p[2]) != 0, vk, vk_len, proof, proof_len, in, in_len
            );
            check_verification("arkworks", ret, ok, p[6]);
            free(vk), free(proof), free(in);
        } else if (strcmp(p[0], "snarkjs") == 0 && n == 6) {
            size_t vk_len, proof_len, pub_len;
            uint8_t *vk = hex_any(p[2], &vk_len), *proof = hex_any(p[3], &proof_len),
                    *pub = hex_any(p[4], &pub_len);
            bool ok = true;
            CTT_GROTH16_RET ret = ctt_groth16_verify_snarkjs(
                &ok, (uint32_t)atoi(p[1]), vk, vk_len, proof, proof_len, pub, pub_len
            );
            check_verification("snarkjs", ret, ok, p[5]);
            free(vk), free(proof), free(pub);
        } else if (strcmp(p[0], "mimc_sponge") == 0 && n == 4) {
            uint8_t key[32], *in, *want;
            size_t n_in, n_out;
            bool parsed = hex_exact(p[1], key, 32) && hex_list(p[2], 32, &in, &n_in) &&
                          hex_list(p[3], 32, &want, &n_out);
            CHECK(parsed && n_out > 0, "mimc_sponge: bad line");
            if (parsed) {
                uint8_t(*out)[32] = xmalloc(32 * n_out);
                CTT_GROTH16_RET ret =
                    ctt_mimc_sponge(out, n_out, (const uint8_t(*)[32])in, n_in, key);
                CHECK(ret == CTT_GROTH16_OK && memcmp(out, want, 32 * n_out) == 0,
                      "mimc_sponge: ret %d", ret);
                free(out), free(in), free(want);
            }
        } else if (strcmp(p[0], "mimc7_multi") == 0 && n == 4) {
            uint8_t key[32], want[32], out[32], *in;
            size_t n_in;
            bool parsed = hex_exact(p[1], key, 32) && hex_list(p[2], 32, &in, &n_in) &&
                          hex_exact(p[3], want, 32);
            CHECK(parsed, "mimc7_multi: bad line");
            if (parsed) {
                CTT_GROTH16_RET ret = ctt_mimc7_multi(out, (const uint8_t(*)[32])in, n_in, key);
                CHECK(ret == CTT_GROTH16_OK && memcmp(out, want, 32) == 0, "mimc7_multi: ret %d", ret);
                free(in);
            }
        } else {
            CHECK(false, "unknown line %s with %zu fields", p[0], n);
        }
        free(p);
    }
    free(line);
    fclose(f);

    /* Bad arguments: NULL outputs and pointers, an unknown curve, elements not below r. */
    bool ok = true;
    uint8_t byte = 0, zero[32] = {0}, out[32], r[32] = {
        0x30, 0x64, 0x4e, 0x72, 0xe1, 0x31, 0xa0, 0x29, 0xb8, 0x50, 0x45, 0xb6, 0x81, 0x81, 0x58, 0x5d,
        0x28, 0x33, 0xe8, 0x48, 0x79, 0xb9, 0x70, 0x91, 0x43, 0xe1, 0xf5, 0x93, 0xf0, 0x00, 0x00, 0x01};
    CHECK(ctt_groth16_verify_arkworks(NULL, 0, true, &byte, 1, &byte, 1, &byte, 1) ==
              CTT_GROTH16_BADARGS, "NULL ok");
    CHECK(ctt_groth16_verify_arkworks(&ok, 0, true, NULL, 5, &byte, 1, &byte, 1) ==
              CTT_GROTH16_BADARGS && !ok, "NULL key");
    ok = true;
    CHECK(ctt_groth16_verify_snarkjs(&ok, 7, &byte, 1, &byte, 1, &byte, 1) != CTT_GROTH16_OK && !ok,
          "unknown curve or bad JSON");
    CHECK(ctt_mimc7_multi(out, (const uint8_t(*)[32])r, 1, zero) == CTT_GROTH16_INVALID_INPUTS, "r");
    CHECK(ctt_mimc7_multi(out, (const uint8_t(*)[32])zero, 1, r) == CTT_GROTH16_INVALID_INPUTS, "key r");
    CHECK(ctt_mimc_sponge(NULL, 1, (const uint8_t(*)[32])zero, 1, zero) == CTT_GROTH16_BADARGS, "NULL");
    CHECK(ctt_mimc_sponge((uint8_t(*)[32])out, 0, (const uint8_t(*)[32])zero, 1, zero) ==
              CTT_GROTH16_BADARGS, "no outputs");
    CHECK(ctt_mimc7_multi(out, NULL, 0, zero) == CTT_GROTH16_OK, "empty input list");

    printf("%lu vectors\n", vectors);
    return finish("groth16_vectors");
}
