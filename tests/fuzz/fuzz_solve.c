/* Fuzz harness of parse + solve through the public API (api/gsat.h): each
 * input that the DIMACS reader accepts is read with gsat_read_dimacs and solved
 * by the CPU search under a small node limit (one or two workers, each
 * decision heuristic, chosen from a hash of the input).  Checked: every SAT
 * answer's model satisfies every clause (read back with gsat_value, apart from
 * the solver's own check; 0 exactly for variables that occur in no clause),
 * UNSAT and SAT agree with a brute-force check for formulas of at most
 * FUZZ_BRUTE_VARS variables, UNKNOWN only once the node limit is reached, no
 * error status, the same answer when solved again (and when the input is read
 * twice, which appends its clauses again), and no crash, leak or undefined
 * behaviour.  Built with libFuzzer under GSAT_FUZZ, and replayed over
 * the corpus by tests/fuzz/replay.c in every build. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* memfd_create (fuzz_util.h) */
#endif

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "dimacs/dimacs.h"
#include "fuzz_util.h"
#include "api/gsat.h"

/* Decisions before UNKNOWN. */
#define FUZZ_NODE_LIMIT 1000

static uint32_t hash(const uint8_t *data, size_t size) {
  uint32_t h = 2166136261u; /* FNV-1a */
  for (size_t i = 0; i < size; i++) h = (h ^ data[i]) * 16777619u;
  return h;
}

static void set(gsat_solver *s, const char *name, const char *value) {
  FUZZ_CHECK(gsat_set_option(s, name, value) == 0, "option %s=%s: %s", name, value,
             gsat_last_error(s));
}

/* The model of a SAT answer, read back through gsat_value. */
static void check_model(gsat_solver *s, const gsat_cnf *cnf) {
  for (size_t c = 0; c < cnf->num_clauses; c++) {
    int sat = 0;
    for (size_t i = cnf->clause_start[c]; i < cnf->clause_start[c + 1] && !sat; i++) {
      int32_t lit = (int32_t)gsat_lit_to_dimacs(cnf->lits[i]);
      int32_t value = gsat_value(s, lit);
      FUZZ_CHECK(value == lit || value == -lit, "gsat_value(%" PRId32 ") = %" PRId32, lit, value);
      sat = value == lit;
    }
    FUZZ_CHECK(sat, "SAT, but clause %zu is falsified", c + 1);
  }
  /* Variables that occur in no clause have the value 0 (either value). */
  int64_t max = gsat_max_variable(s);
  const int32_t probe[] = {1, 2, (int32_t)(max > 0 ? max : 1), INT32_MAX - 1, INT32_MAX};
  for (size_t k = 0; k < sizeof probe / sizeof *probe; k++) {
    int occurs = 0;
    for (size_t i = 0; i < cnf->num_lits && !occurs; i++)
      occurs = GSAT_VAR(cnf->lits[i]) == (gsat_var)(probe[k] - 1);
    int32_t value = gsat_value(s, probe[k]);
    FUZZ_CHECK(occurs ? value == probe[k] || value == -probe[k] : value == 0,
               "gsat_value(%" PRId32 ") = %" PRId32 " for a variable that %s", probe[k], value,
               occurs ? "occurs" : "occurs in no clause");
  }
  FUZZ_CHECK(gsat_value(s, 0) == 0 && gsat_value(s, INT32_MIN) == 0,
             "gsat_value of 0 or INT32_MIN is not 0");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  gsat_cnf ref;
  gsat_cnf_init(&ref);
  if (gsat_dimacs_read_memory(data, size, NULL, NULL, &ref, NULL) != GSAT_OK) return 0;
  const uint32_t h = hash(data, size);
  const int threads = (h & 3) == 0 ? 2 : 1;
  static const char *const decide[] = {"static", "moms", "auto"};

  int fd = fuzz_memory_fd(data, size);
  FUZZ_CHECK(fd >= 0, "cannot make a memory file");
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  gsat_solver *s = gsat_init();
  FUZZ_CHECK(s, "gsat_init failed");
  set(s, "backend", "cpu");
  set(s, "threads", threads == 2 ? "2" : "1");
  set(s, "decide", decide[(h >> 2) % 3]);
  set(s, "node_limit", "1000");
  /* Sometimes read twice: the second read appends (the same satisfiability). */
  const int reads = 1 + ((h >> 4) & 1);
  for (int r = 0; r < reads; r++) {
    int rc = gsat_read_dimacs(s, path);
    FUZZ_CHECK(rc == 0, "gsat_read_dimacs: %d: %s", rc, gsat_last_error(s));
  }
  close(fd);
  const uint64_t declared = ref.declared_vars;
  const int64_t want_max = (int64_t)(declared > ref.max_var ? declared : ref.max_var);
  FUZZ_CHECK(gsat_max_variable(s) == want_max, "gsat_max_variable %" PRId64 ", expected %" PRId64,
             gsat_max_variable(s), want_max);

  int answer = gsat_solve(s);
  FUZZ_CHECK(answer == 10 || answer == 20 || answer == 0, "gsat_solve: %d: %s", answer,
             gsat_last_error(s));
  const int brute = fuzz_brute_force_sat(&ref);
  if (answer == 10) {
    FUZZ_CHECK(brute != 0, "SAT, but brute force says UNSAT");
    check_model(s, &ref);
  } else if (answer == 20) {
    FUZZ_CHECK(brute != 1, "UNSAT, but brute force finds a model");
  } else {
    const gsat_statistics *st = gsat_get_statistics(s);
    FUZZ_CHECK(st->nodes >= FUZZ_NODE_LIMIT, "UNKNOWN after %" PRIu64 " nodes, below the limit",
               st->nodes);
  }
  if (threads == 1) { /* deterministic: the same answer again */
    int again = gsat_solve(s);
    FUZZ_CHECK(again == answer, "solved again: %d, first %d", again, answer);
    if (again == 10) check_model(s, &ref);
  }
  gsat_release(s);
  gsat_cnf_free(&ref);
  return 0;
}
