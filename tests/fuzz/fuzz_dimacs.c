/* Fuzz harness of the DIMACS reader (dimacs/dimacs.h).  Each input is read
 * from memory in the three modes, through the plain memory path, the plain
 * file-descriptor path and as two concatenated gzip members (unless it is
 * compressed data itself: gzip, xz, lzma or bzip2 magic), and with the stop
 * flag raised.  Checked: no crash, leak or undefined
 * behaviour (the sanitizers), the shape of every result (CSR offsets, variable
 * bounds, header limits), an emptied cnf and a positioned message on every
 * error, identical results on every path, and the mode order (what STRICT
 * accepts DEFAULT accepts, what DEFAULT accepts RELAXED accepts, with the same
 * clauses).  Built with libFuzzer under GSAT_FUZZ, and replayed over the
 * corpus by tests/fuzz/replay.c in every build. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* memfd_create (fuzz_util.h) */
#endif

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dimacs/codec.h"
#include "dimacs/dimacs.h"
#include "fuzz_util.h"

typedef struct outcome {
  gsat_status status;
  gsat_cnf cnf;
  gsat_error err;
  unsigned warnings;
} outcome;

static void count_warning(void *data, const char *file, uint64_t line, const char *message) {
  outcome *o = data;
  FUZZ_CHECK(file && *file, "warning without a file name");
  FUZZ_CHECK(message && *message, "empty warning");
  (void)line;
  o->warnings++;
}

/* The shape of a successful result. */
static void check_cnf(const gsat_cnf *cnf, gsat_dimacs_mode mode) {
  FUZZ_CHECK(cnf->declared_vars <= (uint64_t)GSAT_MAX_DIMACS_VAR,
             "declared variables above the limit");
  FUZZ_CHECK(cnf->declared_clauses <= GSAT_DIMACS_MAX_CLAUSES, "declared clauses above the limit");
  FUZZ_CHECK(cnf->max_var <= (uint64_t)GSAT_MAX_DIMACS_VAR, "max_var too big");
  if (cnf->num_clauses) {
    FUZZ_CHECK(cnf->clause_start && cnf->clause_start[0] == 0, "clause_start[0] is not 0");
    for (size_t c = 0; c < cnf->num_clauses; c++)
      FUZZ_CHECK(cnf->clause_start[c] <= cnf->clause_start[c + 1],
                 "clause offsets decrease at clause %zu", c);
    FUZZ_CHECK(cnf->clause_start[cnf->num_clauses] == cnf->num_lits,
               "the last clause does not end at num_lits");
  } else {
    FUZZ_CHECK(cnf->num_lits == 0, "literals without clauses");
  }
  uint64_t max_var = 0;
  for (size_t i = 0; i < cnf->num_lits; i++) {
    uint64_t v = GSAT_VAR(cnf->lits[i]);
    FUZZ_CHECK(v < (uint64_t)GSAT_MAX_DIMACS_VAR, "literal out of range");
    if (v + 1 > max_var) max_var = v + 1;
  }
  FUZZ_CHECK(max_var == cnf->max_var, "max_var %llu, literals say %llu",
             (unsigned long long)cnf->max_var, (unsigned long long)max_var);
  if (mode == GSAT_DIMACS_STRICT) {
    FUZZ_CHECK(cnf->num_clauses == cnf->declared_clauses,
               "strict mode accepted %zu clauses for %llu declared", cnf->num_clauses,
               (unsigned long long)cnf->declared_clauses);
    FUZZ_CHECK(cnf->max_var <= cnf->declared_vars, "strict mode accepted an undeclared variable");
  }
  if (mode != GSAT_DIMACS_RELAXED)
    FUZZ_CHECK(cnf->num_clauses >= cnf->declared_clauses,
               "fewer clauses than declared accepted outside relaxed mode");
}

static void check_outcome(const outcome *o, gsat_dimacs_mode mode) {
  if (o->status == GSAT_OK) {
    check_cnf(&o->cnf, mode);
    return;
  }
  const gsat_cnf *c = &o->cnf;
  FUZZ_CHECK(!c->num_clauses && !c->num_lits && !c->clause_start && !c->lits && !c->max_var &&
                 !c->declared_vars && !c->declared_clauses,
             "the cnf is not emptied after an error");
  FUZZ_CHECK(o->err.status == o->status, "err.status differs from the result");
  FUZZ_CHECK(o->warnings == 0, "warnings reported for a failed read");
  FUZZ_CHECK(memchr(o->err.message, 0, sizeof o->err.message) && o->err.message[0],
             "empty or unterminated error message");
  switch (o->status) {
  case GSAT_PARSE:
    FUZZ_CHECK(o->err.line >= 1 && o->err.column >= 1, "parse error without a position: %s",
               o->err.message);
    FUZZ_CHECK(!strncmp(o->err.message, "<memory>:", 9),
               "parse error message does not start with the input name: %s", o->err.message);
    break;
  case GSAT_IO:          /* damaged compressed data */
  case GSAT_INTERRUPTED: /* the stop flag (checked by the caller) */
  case GSAT_NOMEM:
  case GSAT_RESOURCE:
    break;
  default:
    fuzz_fail("unexpected status %d: %s", (int)o->status, o->err.message);
  }
}

static bool same_cnf(const gsat_cnf *a, const gsat_cnf *b) {
  if (a->num_clauses != b->num_clauses || a->num_lits != b->num_lits || a->max_var != b->max_var ||
      a->declared_vars != b->declared_vars || a->declared_clauses != b->declared_clauses)
    return false;
  if (a->num_lits && memcmp(a->lits, b->lits, a->num_lits * sizeof *a->lits)) return false;
  return !a->num_clauses ||
         !memcmp(a->clause_start, b->clause_start, (a->num_clauses + 1) * sizeof *a->clause_start);
}

static void check_same(const outcome *a, const outcome *b, const char *what) {
  FUZZ_CHECK(a->status == b->status, "%s: status %d vs %d (%s | %s)", what, (int)a->status,
             (int)b->status, a->err.message, b->err.message);
  if (a->status == GSAT_OK) {
    FUZZ_CHECK(same_cnf(&a->cnf, &b->cnf), "%s: different clauses", what);
    FUZZ_CHECK(a->warnings == b->warnings, "%s: different warnings", what);
  } else if (a->status == GSAT_PARSE) {
    FUZZ_CHECK(a->err.line == b->err.line && a->err.column == b->err.column &&
                   !strcmp(a->err.message, b->err.message),
               "%s: different errors: %s | %s", what, a->err.message, b->err.message);
  }
}

enum { FROM_MEMORY, FROM_FD };

static void read_into(outcome *o, const uint8_t *data, size_t size, gsat_dimacs_mode mode,
                      int route, const gsat_flag *stop) {
  memset(o, 0, sizeof *o);
  gsat_cnf_init(&o->cnf);
  gsat_dimacs_options opt = {.mode = mode, .warn = count_warning, .warn_data = o, .stop = stop};
  if (route == FROM_MEMORY) {
    o->status = gsat_dimacs_read_memory(data, size, NULL, &opt, &o->cnf, &o->err);
  } else {
    int fd = fuzz_memory_fd(data, size);
    FUZZ_CHECK(fd >= 0, "cannot make a memory file");
    o->status = gsat_dimacs_read_fd(fd, "<memory>", &opt, &o->cnf, &o->err);
    close(fd);
  }
  check_outcome(o, mode);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* Compressed input (gzip, xz, lzma, bzip2 magic) is not compared with its
   * gzipped copy, which the reader takes as plain text inside gzip. */
  const bool gz_input = gsat_dimacs_sniff(data, size, NULL) != GSAT_DIMACS_PLAIN;
  size_t gz_size = 0;
  uint8_t *gz = gz_input ? NULL : fuzz_gzip(data, size, &gz_size);
  FUZZ_CHECK(gz_input || gz, "cannot gzip the input");
  outcome prev;
  bool have_prev = false;
  /* STRICT, DEFAULT, RELAXED: each accepts what the one before accepted. */
  const gsat_dimacs_mode modes[] = {GSAT_DIMACS_STRICT, GSAT_DIMACS_DEFAULT, GSAT_DIMACS_RELAXED};
  for (int m = 0; m < 3; m++) {
    outcome mem, other;
    read_into(&mem, data, size, modes[m], FROM_MEMORY, NULL);
    if (!gz_input) {
      /* The same bytes through a descriptor and as gzip members. */
      read_into(&other, data, size, modes[m], FROM_FD, NULL);
      check_same(&mem, &other, "plain memory vs plain fd");
      gsat_cnf_free(&other.cnf);
      read_into(&other, gz, gz_size, modes[m], FROM_MEMORY, NULL);
      check_same(&mem, &other, "plain vs gzip");
      gsat_cnf_free(&other.cnf);
    }
    if (have_prev && prev.status == GSAT_OK) {
      FUZZ_CHECK(mem.status == GSAT_OK, "mode %d rejects what mode %d accepts: %s", (int)modes[m],
                 (int)modes[m - 1], mem.err.message);
      FUZZ_CHECK(same_cnf(&prev.cnf, &mem.cnf), "modes %d and %d read different clauses",
                 (int)modes[m - 1], (int)modes[m]);
    }
    if (have_prev) gsat_cnf_free(&prev.cnf);
    prev = mem;
    have_prev = true;
  }
  gsat_cnf_free(&prev.cnf);
  /* A raised stop flag interrupts before the first byte. */
  gsat_flag stop = 1;
  outcome o;
  read_into(&o, data, size, GSAT_DIMACS_DEFAULT, FROM_MEMORY, &stop);
  FUZZ_CHECK(o.status == GSAT_INTERRUPTED, "stop flag: status %d", (int)o.status);
  gsat_cnf_free(&o.cnf);
  free(gz);
  return 0;
}
