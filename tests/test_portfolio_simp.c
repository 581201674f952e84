/* The portfolio's shared preprocessing (api.c share_simplified,
 * docs/simplify.md "The portfolio") with stand-in GPU members, no GPU: the
 * formula is simplified once before the members split, the GPU member
 * receives the simplified formula, its model over the simplified variables
 * is extended on the host and checked against the original clauses, the
 * preprocessing counters are reported once, clauses exchanged with a GPU
 * CDCL member never mention an eliminated variable, and answers agree with
 * the CPU search without preprocessing over random formulas. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "dimacs/generate.h"
#include "api/gsat.h"
#include "api/portfolio.h"
#include "api/race.h"
#include "core/share.h"
#include "cpu/cdcl_portfolio.h"
#include "tests/standin.h"
#include "tests/walk_formulas.h"

/* A planted 3-XOR system (walk_test_xor: the model "v true iff v odd")
 * of 600 equations over 600 variables: elimination removes about 240 of
 * them, and CPU CDCL leaves the rest unanswered for seconds (5 s, one
 * thread, measured), so a stand-in that answers at once answers first. */
#define XOR_VARS 600

static gsat_solver *xor_solver(gsat_cnf *cnf) {
  gsat_cnf_init(cnf);
  walk_test_xor(cnf, 5, XOR_VARS, XOR_VARS);
  return standin_solver("cdcl", cnf);
}

/* What a stand-in saw of the database it was given. */
static uint32_t seen_vars, seen_clauses, seen_absent, seen_simplify = 1;
static int seen_order; /* a static order (GPU DPLL's) over the variables in clauses */

/* Marks in absent[v] (db->num_vars bytes) the variables of db that occur in
 * no clause (eliminated or substituted ones, which only a unit names);
 * returns their count and records db's size. */
static uint32_t note_db(const gsat_db *db, uint8_t *absent) {
  memset(absent, 1, db->num_vars);
  for (uint32_t i = 0; i < db->clause_start[db->num_clauses]; i++)
    absent[GSAT_VAR(db->clause_lits[i])] = 0;
  uint32_t n = 0;
  for (uint32_t v = 0; v < db->num_vars; v++) n += absent[v];
  seen_vars = db->num_vars;
  seen_clauses = db->num_clauses;
  seen_absent = n;
  seen_order = db->order_len == db->num_vars - n;
  for (uint32_t i = 0; i < db->order_len; i++) seen_order &= !absent[GSAT_VAR(db->order[i])];
  return n;
}

/* The planted model over db's variables with every variable that occurs
 * in no clause of db set to the wrong value: a model of the simplified
 * formula (its clauses are implied by the input), not of the input (each
 * of those variables is in an equation). */
static uint8_t *planted_but_absent(const gsat_db *db, const uint8_t *absent) {
  uint8_t *m = malloc((size_t)db->num_vars + 1);
  assert_non_null(m);
  for (uint32_t v = 0; v < db->num_vars; v++)
    m[v] = !(db->ext_var[v] & 1) ^ absent[v]; /* DIMACS v + 1 odd */
  return m;
}

/* The stand-in GPU walkers (the default GPU member beside CPU CDCL):
 * answer at once with planted_but_absent. */
static gsat_status gpu_planted(void *shared, gsat_race *race, uint32_t index, const gsat_flag *stop,
                               gsat_search_result *r, gsat_error *err) {
  (void)stop;
  (void)err;
  const gsat_db *db = gsat_portfolio_db(shared);
  seen_simplify = gsat_portfolio_params(shared, GSAT_PORTFOLIO_GPU)->simplify;
  uint8_t *absent = malloc((size_t)db->num_vars + 1);
  assert_non_null(absent);
  note_db(db, absent);
  if (gsat_race_begin(race, index)) {
    r->model = planted_but_absent(db, absent);
    r->answer = GSAT_ANSWER_SAT;
    r->total.walk_flips = 5;
  }
  free(absent);
  return GSAT_OK;
}

static void gpu_member_gets_the_simplified_formula_and_its_model_is_extended(void **state) {
  (void)state;
  gsat_portfolio_set_gpu_member(gpu_planted);
  gsat_cnf cnf;
  gsat_solver *s = xor_solver(&cnf);
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  const gsat_statistics *st = gsat_get_statistics(s);
  assert_string_equal(st->answered_by, "gpu");
  assert_string_equal(st->member[1].search, "walk");
  /* the simplified formula: fewer clauses, variables in no clause */
  assert_int_equal(seen_simplify, 0); /* the member does not simplify again */
  assert_true(seen_order);
  assert_true(seen_clauses < 4 * XOR_VARS);
  assert_true(seen_absent > 100);
  assert_int_equal(seen_vars, st->vars);           /* same variables (no BVA) */
  assert_true(seen_absent >= st->simp_eliminated); /* an eliminated variable is in no clause */
  /* the model printed satisfies the input: the extension fixed the
   * variables the stand-in set wrong */
  uint8_t *m = calloc((size_t)cnf.max_var + 1, 1);
  assert_non_null(m);
  for (uint64_t v = 0; v < cnf.max_var; v++) m[v] = gsat_value(s, (int32_t)v + 1) > 0;
  assert_int_equal(gsat_cnf_first_falsified(&cnf, m, cnf.max_var), SIZE_MAX);
  free(m);
  /* the preprocessing counters once, in the solve's statistics */
  assert_true(st->simp_eliminated > 0);
  assert_int_equal(st->member[0].simp_eliminated, 0);
  assert_int_equal(st->member[1].simp_eliminated, 0);
  assert_int_equal(st->walk_flips, 5);
  gsat_release(s);
  gsat_cnf_free(&cnf);
  gsat_portfolio_set_gpu_member(NULL);
}

/* --no-simplify: the members get the input as it is. */
static void no_simplify_gives_the_members_the_input(void **state) {
  (void)state;
  gsat_portfolio_set_gpu_member(gpu_planted);
  gsat_cnf cnf;
  gsat_solver *s = xor_solver(&cnf);
  assert_int_equal(gsat_set_option(s, "simplify", "false"), 0);
  /* the planted model with nothing absent: the input's own model */
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  assert_string_equal(gsat_get_statistics(s)->answered_by, "gpu");
  assert_int_equal(seen_clauses, 4 * XOR_VARS);
  assert_int_equal(seen_absent, 0);
  assert_int_equal(gsat_get_statistics(s)->simp_eliminated, 0);
  gsat_release(s);
  gsat_cnf_free(&cnf);
  gsat_portfolio_set_gpu_member(NULL);
}

/* A stand-in GPU CDCL member on the bridge (portfolio.h), as test_race's
 * gpu_exchanges: it reads what the CPU searchers export until it has
 * EXCHANGED clauses (or the race ends), counting those that name a
 * variable in no clause of the simplified formula, then answers with
 * planted_but_absent. */
#define EXCHANGED 200
static uint64_t port_clauses, port_over_absent;
static gsat_status gpu_cdcl_on_port(void *shared, gsat_race *race, uint32_t index,
                                    const gsat_flag *stop, gsat_search_result *r, gsat_error *err) {
  const gsat_db *db = gsat_portfolio_db(shared);
  const gsat_clause_port *port = gsat_portfolio_gpu_port(shared);
  assert_non_null(port);
  uint8_t *absent = malloc((size_t)db->num_vars + 1);
  assert_non_null(absent);
  note_db(db, absent);
  size_t bytes = gsat_share_bytes(12, 14, db->num_vars);
  void *arena = malloc(bytes);
  assert_non_null(arena);
  gsat_share ring;
  assert_int_equal(gsat_share_init(&ring, arena, 12, 14, db->num_vars, 8, 2, err), GSAT_OK);
  gsat_share_reader reader;
  gsat_share_reader_init(&reader, &ring, 0);
  port_clauses = port_over_absent = 0;
  if (gsat_race_begin(race, index)) {
    gsat_lit lits[GSAT_SHARE_MAX_LEN];
    uint32_t n;
    while (!GSAT_FLAG_IS_RAISED(stop) && port_clauses < EXCHANGED) {
      assert_int_equal(port->poll(port->data, &ring), GSAT_CLAUSE_PORT_CONTINUE);
      for (;;) {
        if (gsat_share_import_unit(&ring, &reader, lits))
          n = 1;
        else if (!gsat_share_import(&ring, &reader, lits, &n))
          break;
        port_clauses++;
        int over = 0;
        for (uint32_t i = 0; i < n; i++) over |= absent[GSAT_VAR(lits[i])];
        port_over_absent += over;
      }
      sleep_ms(1);
    }
    r->model = planted_but_absent(db, absent);
    r->answer = GSAT_ANSWER_SAT;
    r->total.port_in = port_clauses;
  }
  free(arena);
  free(absent);
  return GSAT_OK;
}

/* With a GPU CDCL member both members search the simplified formula (the
 * CPU no longer skips the preprocessing for the clause exchange), and no
 * exchanged clause names an eliminated variable: the eliminated variables
 * carry root units in every searcher of both members, and learned clauses
 * hold no root-level literal. */
static void exchanged_clauses_never_name_an_eliminated_variable(void **state) {
  (void)state;
  gsat_portfolio_set_gpu_member(gpu_cdcl_on_port);
  gsat_cnf cnf;
  gsat_solver *s = xor_solver(&cnf);
  assert_int_equal(gsat_set_option(s, "portfolio_gpu_walk", "false"), 0); /* GPU CDCL */
  assert_int_equal(gsat_solve(s), GSAT_SATISFIABLE);
  const gsat_statistics *st = gsat_get_statistics(s);
  assert_string_equal(st->answered_by, "gpu");
  assert_string_equal(st->member[1].search, "cdcl");
  assert_true(seen_clauses < 4 * XOR_VARS);
  assert_true(seen_absent > 100);
  assert_true(port_clauses >= EXCHANGED); /* the CPU learned and exported for long enough */
  assert_int_equal(port_over_absent, 0);
  assert_true(st->member[0].port_out >= EXCHANGED);
  gsat_release(s);
  gsat_cnf_free(&cnf);
  gsat_portfolio_set_gpu_member(NULL);
}

/* A stand-in GPU member that searches the database it gets with the CPU
 * CDCL search on one thread (as a GPU search answers for the simplified
 * formula): its model is over the simplified variables. */
static gsat_status gpu_searches(void *shared, gsat_race *race, uint32_t index,
                                const gsat_flag *stop, gsat_search_result *r, gsat_error *err) {
  (void)stop;
  const gsat_db *db = gsat_portfolio_db(shared);
  gsat_search_params q = *gsat_portfolio_params(shared, GSAT_PORTFOLIO_GPU);
  assert_int_equal(q.simplify, 0);
  q.threads = 1;
  q.phases = NULL;
  q.cdcl_walk = 0;
  q.clause_port = NULL;
  q.may_start = NULL;
  if (!gsat_race_begin(race, index)) return GSAT_OK;
  return gsat_cpu_cdcl_solve(db, &q, r, err);
}

/* Random formula k: 3-clauses near the threshold over n variables, some
 * binary clauses (equivalences, eliminations), into cnf. */
static void random_formula(uint64_t k, gsat_cnf *cnf) {
  uint64_t x = k * 0x9e3779b97f4a7c15ull + 7;
  const uint32_t n = 20 + (uint32_t)(walk_test_rand(&x) % 40);
  const uint32_t m3 = n * (38 + (uint32_t)(walk_test_rand(&x) % 8)) / 10;
  const uint32_t m2 = n * (uint32_t)(walk_test_rand(&x) % 4) / 10;
  gsat_cnf_init(cnf);
  for (uint32_t c = 0; c < m3 + m2; c++) {
    const uint32_t len = c < m3 ? 3 : 2;
    for (uint32_t i = 0; i < len; i++) {
      gsat_var v = (gsat_var)(walk_test_rand(&x) % n);
      gsat_cnf_add_lit(cnf, GSAT_LIT(v, walk_test_rand(&x) & 1), NULL);
    }
    gsat_cnf_end_clause(cnf, NULL);
  }
}

static uint32_t first_worker_simp; /* solves whose first worker showed the shared round */

/* Solves cnf with the CPU search without preprocessing, or (portfolio) with
 * the portfolio after the shared round, its presearch on or not. */
static int solve_random(const gsat_cnf *cnf, int portfolio, int presearch,
                        uint32_t *answered_by_gpu) {
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_set_option(s, "search", "cdcl"), 0);
  assert_int_equal(gsat_set_option(s, "threads", "1"), 0);
  if (portfolio) {
    assert_int_equal(gsat_set_option(s, "backend", "auto"), 0);
    assert_int_equal(gsat_set_option(s, "portfolio_gpu_delay", "0"), 0);
    if (!presearch) assert_int_equal(gsat_set_option(s, "presearch", "0"), 0);
  } else {
    assert_int_equal(gsat_set_option(s, "backend", "cpu"), 0);
    assert_int_equal(gsat_set_option(s, "simplify", "false"), 0);
  }
  add_cnf(s, cnf);
  const int answer = gsat_solve(s);
  if (answer == GSAT_SATISFIABLE) { /* gsat checked it; once more here */
    uint8_t *m = calloc((size_t)cnf->max_var + 1, 1);
    assert_non_null(m);
    for (uint64_t v = 0; v < cnf->max_var; v++) m[v] = gsat_value(s, (int32_t)v + 1) > 0;
    assert_int_equal(gsat_cnf_first_falsified(cnf, m, cnf->max_var), SIZE_MAX);
    free(m);
  }
  if (portfolio) {
    const gsat_statistics *st = gsat_get_statistics(s);
    *answered_by_gpu += strcmp(st->answered_by, "gpu") == 0;
    /* the shared round's counters in the solve's first worker too, as the
     * CPU CDCL search keeps its own round's */
    if (st->workers) {
      assert_int_equal(st->worker[0].simp_removed, st->simp_removed);
      first_worker_simp += st->simp_removed > 0;
    }
  }
  gsat_release(s);
  return answer;
}

/* Differential: over random formulas the portfolio (shared preprocessing,
 * a stand-in GPU member searching the simplified formula; the presearch
 * before it in every second) answers as the CPU search without
 * preprocessing; either member may win each race, and every model is
 * checked against the original clauses. */
static void random_formulas_agree_with_the_cpu_search(void **state) {
  (void)state;
  gsat_portfolio_set_gpu_member(gpu_searches);
  uint32_t sat = 0, unsat = 0, by_gpu = 0;
  for (uint64_t k = 0; k < 300; k++) {
    gsat_cnf cnf;
    random_formula(k, &cnf);
    const int want = solve_random(&cnf, 0, 0, &by_gpu);
    const int got = solve_random(&cnf, 1, k & 1, &by_gpu); /* the presearch answers most */
    if (got != want)
      fail_msg("formula %llu: portfolio %d, cpu %d", (unsigned long long)k, got, want);
    sat += want == GSAT_SATISFIABLE;
    unsat += want == GSAT_UNSATISFIABLE;
    gsat_cnf_free(&cnf);
  }
  assert_true(sat > 30 && unsat > 30); /* both answers covered */
  assert_true(first_worker_simp > 0);
  print_message("%u SAT, %u UNSAT, %u answered by the stand-in GPU member, %u with the round in "
                "the first worker\n",
                sat, unsat, by_gpu, first_worker_simp);
  gsat_portfolio_set_gpu_member(NULL);
}

/* A formula the preprocessing refutes (x1 and NOT x1 by probing: x1 -> x2,
 * x1 -> NOT x2; NOT x1 -> x3, NOT x1 -> NOT x3): UNSAT before any race. */
static void refuted_by_the_preprocessing_races_nothing(void **state) {
  (void)state;
  gsat_portfolio_set_gpu_member(gpu_never);
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_set_option(s, "backend", "auto"), 0);
  assert_int_equal(gsat_set_option(s, "search", "cdcl"), 0);
  const int32_t lits[] = {-1, 2, 0, -1, -2, 0, 1, 3, 0, 1, -3, 0};
  for (size_t i = 0; i < sizeof lits / sizeof *lits; i++) gsat_add(s, lits[i]);
  assert_int_equal(gsat_solve(s), GSAT_UNSATISFIABLE);
  const gsat_statistics *st = gsat_get_statistics(s);
  assert_int_equal(st->members, 0);
  assert_string_equal(st->backend, "cpu");
  gsat_release(s);
  gsat_portfolio_set_gpu_member(NULL);
}

/* With a proof there is no portfolio (api.c portfolio_possible): the CPU
 * search simplifies on its own, writing the round's steps into the proof
 * (drat-trim checks such proofs in simp_diff and proof_cdcl); the stand-in
 * GPU member is never asked. */
static void a_proof_keeps_the_cpu_search_and_its_preprocessing(void **state) {
  (void)state;
  gsat_portfolio_set_gpu_member(gpu_planted);
  seen_clauses = 0;
  char path[] = "/tmp/gsat_portfolio_simp_XXXXXX";
  const int fd = mkstemp(path);
  assert_true(fd >= 0);
  gsat_solver *s = gsat_init();
  assert_non_null(s);
  assert_int_equal(gsat_set_option(s, "backend", "auto"), 0);
  assert_int_equal(gsat_set_option(s, "proof_format", "text"), 0);
  assert_int_equal(gsat_set_option(s, "presearch", "0"), 0);
  assert_int_equal(gsat_set_option(s, "sweep", "false"), 0); /* it would refute php(5) alone */
  assert_int_equal(gsat_set_proof_path(s, path), 0);
  gsat_cnf cnf;
  gsat_error err;
  gsat_cnf_init(&cnf);
  assert_int_equal(gsat_gen_php(5, &cnf, &err), GSAT_OK);
  add_cnf(s, &cnf);
  assert_int_equal(gsat_solve(s), GSAT_UNSATISFIABLE);
  const gsat_statistics *st = gsat_get_statistics(s);
  assert_int_equal(st->members, 0);
  assert_int_equal(seen_clauses, 0); /* the stand-in never ran */
  assert_true(st->simp_removed + st->simp_eliminated + st->simp_subsumed > 0);
  gsat_release(s);
  FILE *f = fdopen(fd, "r");
  assert_non_null(f);
  char line[4096], last[4096] = "";
  while (fgets(line, sizeof line, f))
    if (line[0] != 'd') snprintf(last, sizeof last, "%s", line);
  fclose(f);
  unlink(path);
  assert_string_equal(last, "0\n"); /* ends with the empty clause */
  gsat_cnf_free(&cnf);
  gsat_portfolio_set_gpu_member(NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(gpu_member_gets_the_simplified_formula_and_its_model_is_extended),
      cmocka_unit_test(no_simplify_gives_the_members_the_input),
      cmocka_unit_test(exchanged_clauses_never_name_an_eliminated_variable),
      cmocka_unit_test(random_formulas_agree_with_the_cpu_search),
      cmocka_unit_test(refuted_by_the_preprocessing_races_nothing),
      cmocka_unit_test(a_proof_keeps_the_cpu_search_and_its_preprocessing),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
