/*
 * Shared by the C test programs: reading the line-oriented vector files that tests/c_abi.rs
 * writes from the official JSON vectors, hex decoding, and pass/fail counting.
 *
 * A vector line is fields separated by single spaces; the first is the operation. A field is
 * either '-' (an empty list, or empty bytes) or items separated by ',' (an empty item is '~'),
 * and a list of lists separates its lists by '/'. Items are lower-case hex without "0x",
 * decimal numbers, or the words true, false and null.
 */
#ifndef CTT_TEST_COMMON_H
#define CTT_TEST_COMMON_H

#define _POSIX_C_SOURCE 200809L

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long passed, failed;

#define CHECK(cond, ...)                                                                   \
    do {                                                                                   \
        if (cond) {                                                                        \
            passed++;                                                                      \
        } else {                                                                           \
            failed++;                                                                      \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);                \
            fprintf(stderr, __VA_ARGS__);                                                  \
            fprintf(stderr, "\n");                                                         \
        }                                                                                  \
    } while (0)

/* The closing line that CI reads; the exit code says the same. */
static int finish(const char *what) {
    printf("%s: %lu passed, %lu failed\n", what, passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* Splits `s` in place at every `sep` (keeping empty pieces); returns the count. */
static size_t split(char *s, char sep, char ***out) {
    size_t n = 1;
    for (char *p = s; *p; p++) n += *p == sep;
    char **parts = xmalloc(n * sizeof(char *));
    size_t i = 0;
    parts[i++] = s;
    for (char *p = s; *p; p++) {
        if (*p == sep) {
            *p = 0;
            parts[i++] = p + 1;
        }
    }
    *out = parts;
    return n;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes an item ('~' is empty) into `out` if it is exactly `len` bytes; false otherwise. */
static bool hex_exact(const char *item, uint8_t *out, size_t len) {
    if (strcmp(item, "~") == 0) item = "";
    if (strlen(item) != 2 * len) return false;
    for (size_t i = 0; i < len; i++) {
        int hi = hex_digit(item[2 * i]), lo = hex_digit(item[2 * i + 1]);
        if (hi < 0 || lo < 0) return false;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return true;
}

/* Decodes an item of any length into a new buffer (`*len` bytes). */
static uint8_t *hex_any(const char *item, size_t *len) {
    if (strcmp(item, "~") == 0 || strcmp(item, "-") == 0) item = "";
    size_t n = strlen(item) / 2;
    uint8_t *out = xmalloc(n);
    if (!hex_exact(item, out, n)) {
        fprintf(stderr, "bad hex in vector file\n");
        exit(2);
    }
    *len = n;
    return out;
}

/*
 * Decodes a list field into a new array of `size`-byte items; `*count` items. False (and nothing
 * allocated) if any item is not exactly `size` bytes: the bindings reject such input before
 * calling the library, so the vector must expect an error.
 */
static bool hex_list(char *field, size_t size, uint8_t **items, size_t *count) {
    if (strcmp(field, "-") == 0) {
        *items = xmalloc(0);
        *count = 0;
        return true;
    }
    char **parts;
    size_t n = split(field, ',', &parts);
    uint8_t *out = xmalloc(n * size);
    for (size_t i = 0; i < n; i++) {
        if (!hex_exact(parts[i], out + i * size, size)) {
            free(out);
            free(parts);
            return false;
        }
    }
    free(parts);
    *items = out;
    *count = n;
    return true;
}

/* Decodes a list of decimal numbers into a new array. */
static uint64_t *u64_list(char *field, size_t *count) {
    if (strcmp(field, "-") == 0) {
        *count = 0;
        return xmalloc(0);
    }
    char **parts;
    size_t n = split(field, ',', &parts);
    uint64_t *out = xmalloc(n * sizeof(uint64_t));
    for (size_t i = 0; i < n; i++) out[i] = strtoull(parts[i], NULL, 10);
    free(parts);
    *count = n;
    return out;
}

/* Reads the next line into *line (reused buffer) with the trailing newline removed. */
static bool next_line(FILE *f, char **line, size_t *cap) {
    ssize_t n = getline(line, cap, f);
    if (n < 0) return false;
    while (n > 0 && ((*line)[n - 1] == '\n' || (*line)[n - 1] == '\r')) (*line)[--n] = 0;
    return true;
}

static FILE *open_or_die(const char *path) {
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(2);
    }
    return f;
}

#endif
