/* Helpers shared by the fuzz harnesses (tests/fuzz/): failing loudly, a memory
 * file for inputs that must go through a path, zlib gzip members, and a
 * brute-force satisfiability check for tiny formulas.  Header-only so that the
 * libFuzzer builds and the replay builds compile the same code. */
#ifndef GSAT_FUZZ_UTIL_H
#define GSAT_FUZZ_UTIL_H

/* Needs _GNU_SOURCE (memfd_create) defined before the first system header: the
 * harnesses define it at their top. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

#include "core/cnf.h"

/* Reports a broken property and aborts (libFuzzer records the input). */
static inline void fuzz_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

static inline void fuzz_fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "fuzz: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  abort();
}

#define FUZZ_CHECK(cond, ...)                                                                      \
  do {                                                                                             \
    if (!(cond)) fuzz_fail(__VA_ARGS__);                                                           \
  } while (0)

/* A file descriptor holding size bytes at data, at offset 0; -1 on failure. */
static inline int fuzz_memory_fd(const uint8_t *data, size_t size) {
  int fd = memfd_create("gsat-fuzz", MFD_CLOEXEC);
  if (fd < 0) return -1;
  size_t done = 0;
  while (done < size) {
    ssize_t n = write(fd, data + done, size - done);
    if (n <= 0) {
      close(fd);
      return -1;
    }
    done += (size_t)n;
  }
  if (lseek(fd, 0, SEEK_SET) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

/* Appends one gzip member holding size bytes at data to out (capacity cap,
 * used *len); returns 0 on success. */
static inline int fuzz_gzip_member(const uint8_t *data, size_t size, uint8_t *out, size_t cap,
                                   size_t *len) {
  z_stream zs;
  memset(&zs, 0, sizeof zs);
  if (deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return -1;
  zs.next_in = (Bytef *)data;
  zs.avail_in = (uInt)size;
  zs.next_out = out + *len;
  zs.avail_out = (uInt)(cap - *len);
  int r = deflate(&zs, Z_FINISH);
  *len = cap - zs.avail_out;
  deflateEnd(&zs);
  return r == Z_STREAM_END ? 0 : -1;
}

/* data as two concatenated gzip members (split in the middle), malloc'd; NULL
 * on failure. */
static inline uint8_t *fuzz_gzip(const uint8_t *data, size_t size, size_t *out_len) {
  size_t cap = 2 * (size + 64) + 1024;
  uint8_t *out = malloc(cap);
  if (!out) return NULL;
  size_t len = 0, half = size / 2;
  if (fuzz_gzip_member(data, half, out, cap, &len) ||
      fuzz_gzip_member(data + half, size - half, out, cap, &len)) {
    free(out);
    return NULL;
  }
  *out_len = len;
  return out;
}

/* Largest formula the brute-force check takes: distinct variables. */
#define FUZZ_BRUTE_VARS 12

/* Whether cnf (all its clauses) is satisfiable, by trying every assignment of
 * its distinct variables; -1 when it has more than FUZZ_BRUTE_VARS of them. */
static inline int fuzz_brute_force_sat(const gsat_cnf *cnf) {
  gsat_var vars[FUZZ_BRUTE_VARS];
  unsigned n = 0;
  for (size_t i = 0; i < cnf->num_lits; i++) {
    gsat_var v = GSAT_VAR(cnf->lits[i]);
    unsigned k = 0;
    while (k < n && vars[k] != v) k++;
    if (k < n) continue;
    if (n == FUZZ_BRUTE_VARS) return -1;
    vars[n++] = v;
  }
  /* Literals as (bit index << 1 | sign). */
  uint8_t *code = malloc(cnf->num_lits ? cnf->num_lits : 1);
  if (!code) fuzz_fail("out of memory in the brute-force check");
  for (size_t i = 0; i < cnf->num_lits; i++) {
    gsat_var v = GSAT_VAR(cnf->lits[i]);
    unsigned k = 0;
    while (vars[k] != v) k++;
    code[i] = (uint8_t)(k << 1 | GSAT_SIGN(cnf->lits[i]));
  }
  int sat = 0;
  for (uint32_t a = 0; a < (1u << n) && !sat; a++) {
    sat = 1;
    for (size_t c = 0; c < cnf->num_clauses && sat; c++) {
      int clause = 0;
      for (size_t i = cnf->clause_start[c]; i < cnf->clause_start[c + 1] && !clause; i++)
        clause = (int)((a >> (code[i] >> 1)) & 1u) != (code[i] & 1);
      sat = clause;
    }
  }
  free(code);
  return sat;
}

#endif
