/* CDCL preprocessing (core/simp.h): each technique on hand-made
 * formulas with known results (the subsumed and strengthened clauses, the
 * eliminated variables, the gate, the failed literal, the equivalences), and
 * random small
 * formulas checked by brute force: the simplified formula is satisfiable
 * exactly when the original is, every model of it extends to a model of the
 * original, and every proof step is RUP or RAT (a small checker here). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/cnf.h"
#include "core/db.h"
#include "core/search.h"
#include "core/simp.h"
#include "tests/db_of.h"

#define MAXV 24 /* the input 16 at most, the fresh variables of BVA */
#define MAXC 4096
#define MAXK 32

#include "tests/rup_check.h"

/* --- helpers ------------------------------------------------------------- */

typedef struct run {
  gsat_db in, out;
  gsat_simp_ext ext;
  gsat_worker_stats n;
  checker chk;
} run;

/* Simplifies f under cfg; every proof step checked (RUP or RAT). */
static run *simplify_with(const int64_t *f, const gsat_simp_config *cfg) {
  run *r = calloc(1, sizeof *r);
  assert_non_null(r);
  build_clauses(&r->in, f);
  chk_load(&r->chk, &r->in);
  gsat_proof_sink sink = {chk_add, chk_del, &r->chk};
  gsat_error err;
  assert_int_equal(gsat_simp_run(&r->in, cfg, &sink, &r->out, &r->ext, &r->n, &err), GSAT_OK);
  assert_false(r->chk.bad);
  return r;
}

/* Simplifies f with the techniques asked for (the others off); every proof
 * step checked. */
static run *simplify4(const int64_t *f, int subsume, int elim, int probe, int equiv) {
  gsat_simp_config cfg;
  gsat_simp_config_default(&cfg);
  cfg.sweep = 0; /* the techniques tested alone: sweeping would prove these too */
  cfg.subsume = subsume, cfg.elim = elim, cfg.probe = probe, cfg.equiv = equiv, cfg.bva = 0;
  run *r = simplify_with(f, &cfg);
  assert_int_equal(r->chk.rat, 0); /* every step RUP: drat-trim's ignored deletions cannot matter */
  return r;
}

static run *simplify(const int64_t *f, int subsume, int elim, int probe) {
  return simplify4(f, subsume, elim, probe, 1);
}

static run *simplify_only_equiv(const int64_t *f) {
  return simplify4(f, 0, 0, 0, 1);
}

static void done(run *r) {
  gsat_db_free(&r->in);
  gsat_db_free(&r->out);
  gsat_simp_ext_free(&r->ext);
  free(r);
}

/* Whether out holds exactly the clause of DIMACS literals d (any order). */
static int has_clause(const gsat_db *db, const int64_t *d, uint32_t n) {
  for (uint32_t c = 0; c < db->num_clauses; c++) {
    uint32_t b = db->clause_start[c], k = db->clause_start[c + 1] - b, same = 0;
    if (k != n) continue;
    for (uint32_t i = 0; i < n; i++)
      for (uint32_t j = 0; j < k; j++) same += db->clause_lits[b + j] == L(d[i]);
    if (same == n) return 1;
  }
  return 0;
}

static int has_unit(const gsat_db *db, int64_t d) {
  for (uint32_t i = 0; i < db->num_units; i++)
    if (db->units[i] == L(d)) return 1;
  return 0;
}

static int occurs(const gsat_db *db, gsat_var v) {
  for (uint32_t i = 0; i < db->clause_start[db->num_clauses]; i++)
    if (GSAT_VAR(db->clause_lits[i]) == v) return 1;
  return 0;
}

/* --- hand-made formulas -------------------------------------------------- */

/* (1 2) subsumes (1 2 3) and (1 2 -4 5); (1 2) and (-1 2 6) give (2 6). */
static void subsumption_and_strengthening(void **state) {
  (void)state;
  const int64_t f[] = {1, 2, 0, 1, 2, 3, 0, 1, 2, -4, 5, 0, -1, 2, 6, 0, 3, 4, 5, 6, 0, 0};
  run *r = simplify(f, 1, 0, 0);
  assert_int_equal(r->n.simp_subsumed, 2);
  assert_int_equal(r->n.simp_strengthened, 1);
  assert_int_equal(r->out.num_clauses, 3);
  assert_true(has_clause(&r->out, (int64_t[]){1, 2}, 2));
  assert_true(has_clause(&r->out, (int64_t[]){2, 6}, 2));
  assert_true(has_clause(&r->out, (int64_t[]){3, 4, 5, 6}, 4));
  done(r);
}

/* x = 1: (1 2) (1 3) (-1 4): 2 resolvents (2 4) (3 4) for 3 clauses. */
static void elimination_by_distribution(void **state) {
  (void)state;
  const int64_t f[] = {1, 2, 0, 1, 3, 0, -1, 4, 0, 2, 3, 4, 5, 0, -5, -2, -3, 0, 0};
  run *r = simplify(f, 0, 1, 0);
  assert_true(r->n.simp_eliminated >= 1);
  assert_false(occurs(&r->out, 0));
  assert_true(has_unit(&r->out, -1)); /* the eliminated variable's arbitrary unit */
  /* every model of the result extends to a model of the original */
  uint8_t m[5] = {0, 1, 1, 1, 0}; /* 1 false (its unit), 2 3 4 true, 5 false */
  gsat_simp_extend(&r->ext, m);
  assert_true(m[0] == 1 || (m[1] && m[2])); /* (1 2) (1 3) */
  done(r);
}

/* 1 = AND(2, 3), with the non-gate clauses (1 4 5) (1 -4 6) (-1 5 6)
 * (-1 -5 -6 4): 8 non-tautological resolvents for 7 clauses, so 1 goes only
 * with the gate (6 resolvents, gate against non-gate).  Variables 2..6 sit
 * in parity constraints (x XOR y XOR z, four clauses each) that give them
 * more occurrences than the limit of 4. */
static void and_gate(void **state) {
  (void)state;
  int64_t f[256];
  const int64_t base[] = {-1, 2,  0, -1, 3,  0, 1, -2, -3, 0,  1,  4, 5, 0,
                          1,  -4, 6, 0,  -1, 5, 6, 0,  -1, -5, -6, 4, 0};
  const int64_t xors[4][3] = {{2, 4, 6}, {2, 5, 7}, {3, 4, 5}, {3, 6, 7}};
  uint32_t at = sizeof base / sizeof *base;
  memcpy(f, base, sizeof base);
  for (int g = 0; g < 4; g++)
    for (int s = 0; s < 4; s++) { /* the four sign patterns with an even count of minuses */
      f[at++] = xors[g][0] * (s == 2 || s == 3 ? -1 : 1);
      f[at++] = xors[g][1] * (s == 1 || s == 3 ? -1 : 1);
      f[at++] = xors[g][2] * (s == 1 || s == 2 ? -1 : 1);
      f[at++] = 0;
    }
  f[at] = 0;
  gsat_db in, out;
  build_clauses(&in, f);
  gsat_simp_config cfg;
  gsat_simp_config_default(&cfg);
  cfg.sweep = 0; /* the techniques tested alone: sweeping would prove these too */
  cfg.subsume = cfg.probe = 0;
  cfg.occ_limit = 4;
  gsat_simp_ext ext = {0};
  gsat_worker_stats n;
  memset(&n, 0, sizeof n);
  gsat_error err;
  assert_int_equal(gsat_simp_run(&in, &cfg, NULL, &out, &ext, &n, &err), GSAT_OK);
  assert_int_equal(n.simp_gates, 2);     /* and 7, in two parity constraints alone: */
  assert_int_equal(n.simp_xor_gates, 1); /* 7 = 2 XOR 5, 8 resolvents for 8 clauses */
  assert_false(occurs(&out, 0));
  assert_false(occurs(&out, 6));
  assert_true(has_clause(&out, (int64_t[]){-2, -3, 5, 6}, 4));   /* gate x non-gate */
  assert_false(has_clause(&out, (int64_t[]){4, 5, 6}, 3));       /* non-gate x non-gate */
  for (gsat_var v = 1; v < 6; v++) assert_true(occurs(&out, v)); /* 2..6 stay */
  gsat_db_free(&in);
  gsat_db_free(&out);
  gsat_simp_ext_free(&ext);
}

/* Puts each variable of first..first + count - 1 (count >= 4) into three
 * parity constraints (x XOR y XOR z, four clauses each) at f[at]: with six
 * occurrences of each sign, no elimination takes it.  Returns the new end. */
static uint32_t protect(int64_t *f, uint32_t at, int64_t first, int64_t count) {
  for (int64_t i = 0; i < count; i++) {
    const int64_t v[3] = {first + i % count, first + (i + 1) % count, first + (i + 3) % count};
    for (int s = 0; s < 4; s++) { /* the four sign patterns with an even count of minuses */
      f[at++] = v[0] * (s == 2 || s == 3 ? -1 : 1);
      f[at++] = v[1] * (s == 1 || s == 3 ? -1 : 1);
      f[at++] = v[2] * (s == 1 || s == 2 ? -1 : 1);
      f[at++] = 0;
    }
  }
  f[at] = 0;
  return at;
}

/* Eliminates variable 1 of f[0..n) (its other variables protected from
 * first on, count of them); checks that 1 is gone, and the gate counters. */
static void eliminate_gate(const int64_t *base, uint32_t n, int64_t count, uint64_t ite,
                           uint64_t xor, gsat_db *out) {
  int64_t f[512];
  memcpy(f, base, n * sizeof *f);
  protect(f, n, 2, count);
  gsat_db in;
  build_clauses(&in, f);
  gsat_simp_config cfg;
  gsat_simp_config_default(&cfg);
  cfg.sweep = 0; /* the techniques tested alone: sweeping would prove these too */
  cfg.subsume = cfg.probe = 0;
  gsat_simp_ext ext = {0};
  gsat_worker_stats st;
  memset(&st, 0, sizeof st);
  gsat_error err;
  assert_int_equal(gsat_simp_run(&in, &cfg, NULL, out, &ext, &st, &err), GSAT_OK);
  assert_int_equal(st.simp_eliminated, 1);
  assert_int_equal(st.simp_gates, 1);
  assert_int_equal(st.simp_ite_gates, ite);
  assert_int_equal(st.simp_xor_gates, xor);
  assert_false(occurs(out, 0));
  gsat_db_free(&in);
  gsat_simp_ext_free(&ext);
}

/* 1 = (2 ? 3 : 4), with the non-gate clauses (1 5 6) (1 -5 7) (-1 8 9)
 * (-1 -8 7): 12 non-tautological resolvents for 8 clauses, so 1 goes only
 * with the gate (8 resolvents, gate against non-gate). */
static void ite_gate(void **state) {
  (void)state;
  const int64_t f[] = {-1, -2, 3, 0, -1, 2,  4, 0, 1,  -2, -3, 0, 1,  2,  -4, 0,
                       1,  5,  6, 0, 1,  -5, 7, 0, -1, 8,  9,  0, -1, -8, 7,  0};
  gsat_db out;
  eliminate_gate(f, sizeof f / sizeof *f, 8, 1, 0, &out);
  assert_true(has_clause(&out, (int64_t[]){-2, -3, 8, 9}, 4)); /* gate x non-gate */
  assert_true(has_clause(&out, (int64_t[]){5, 6, -2, 3}, 4));
  assert_false(has_clause(&out, (int64_t[]){5, 6, 8, 9}, 4)); /* non-gate x non-gate */
  gsat_db_free(&out);
}

/* 1 XOR 2 XOR 3 XOR 4 (the eight clauses with an even count of minuses),
 * with (1 5 6) (-1 7 8): the non-gate resolvent (5 6 7 8) is not added. */
static void xor_gate(void **state) {
  (void)state;
  int64_t f[64];
  uint32_t n = 0;
  for (int s = 0; s < 16; s++) {
    int minus = 0;
    for (int b = 0; b < 4; b++) minus += s >> b & 1;
    if (minus & 1) continue;
    for (int b = 0; b < 4; b++) f[n++] = (s >> b & 1) ? -(b + 1) : b + 1;
    f[n++] = 0;
  }
  const int64_t rest[] = {1, 5, 6, 0, -1, 7, 8, 0};
  memcpy(f + n, rest, sizeof rest);
  n += sizeof rest / sizeof *rest;
  gsat_db out;
  eliminate_gate(f, n, 7, 0, 1, &out);
  assert_true(has_clause(&out, (int64_t[]){-2, 3, 4, 5, 6}, 5)); /* gate x non-gate */
  assert_false(has_clause(&out, (int64_t[]){5, 6, 7, 8}, 4));    /* non-gate x non-gate */
  gsat_db_free(&out);
}

/* 1 implies 2 and 3, and (-2 -3 4) (-2 -3 -4): 1 fails, -1 is a unit. */
static void failed_literal(void **state) {
  (void)state;
  const int64_t f[] = {-1, 2, 0, -1, 3, 0, -2, -3, 4, 0, -2, -3, -4, 0, 1, 5, 6, 0, 0};
  run *r = simplify(f, 0, 0, 1);
  assert_int_equal(r->n.simp_failed, 1);
  assert_true(has_unit(&r->out, -1));
  done(r);
}

/* Probing with hyper-binary resolution (hbr on or off), subsumption on,
 * nothing else; every proof step RUP. */
static run *probe_hbr(const int64_t *f, int hbr) {
  gsat_simp_config cfg;
  gsat_simp_config_default(&cfg);
  cfg.sweep = 0; /* the techniques tested alone: sweeping would prove these too */
  cfg.elim = cfg.equiv = cfg.bva = 0;
  cfg.hbr = hbr;
  run *r = simplify_with(f, &cfg);
  assert_int_equal(r->chk.rat, 0);
  return r;
}

/* Root 1 implies 2 and 3 by binaries, and 4 by (-2 -3 4): hyper-binary
 * resolution adds (-1 4); -4, a root now, implies -1 by it and 6 by
 * (1 4 6): (4 6) is added too.  Subsumption then removes (-1 4 5) and
 * strengthens (1 4 6) to a second (4 6), which the first subsumes: both
 * hyper binaries subsumed a clause, so both stay.
 * Without hyper-binary resolution the formula stays as it is. */
static void hyper_binary_resolution(void **state) {
  (void)state;
  const int64_t f[] = {-1, 2, 0, -1, 3, 0, -2, -3, 4, 0, -1, 4, 5, 0, 1, 4, 6, 0, 0};
  run *r = probe_hbr(f, 1);
  assert_int_equal(r->n.simp_hbr, 2);
  assert_int_equal(r->n.simp_failed, 0);
  assert_int_equal(r->n.simp_subsumed, 2);
  assert_int_equal(r->n.simp_strengthened, 1);
  assert_int_equal(r->out.num_clauses, 5);
  assert_true(has_clause(&r->out, (int64_t[]){-1, 4}, 2));
  assert_true(has_clause(&r->out, (int64_t[]){4, 6}, 2));
  assert_false(has_clause(&r->out, (int64_t[]){-1, 4, 5}, 3));
  assert_true(has_clause(&r->out, (int64_t[]){-2, -3, 4}, 3));
  done(r);
  r = probe_hbr(f, 0);
  assert_int_equal(r->n.simp_hbr, 0);
  assert_int_equal(r->n.simp_subsumed + r->n.simp_strengthened, 0);
  assert_int_equal(r->out.num_clauses, 5);
  assert_false(has_clause(&r->out, (int64_t[]){-1, 4}, 2));
  done(r);
}

/* A chain of implications through ternary clauses: root 1 implies 2 and 6
 * by binaries, then 3, 4, 5 by (-2 -6 3), (-3 -2 4), (-4 -3 5): its probe
 * adds (-1 3), (-1 4), (-1 5), three hyper binaries (the later roots -2 -3
 * -4 -5 -6 imply only -1), which subsume and strengthen nothing: they are
 * deleted again after the equivalences, and the five clauses stay. */
static void hyper_binary_chain(void **state) {
  (void)state;
  const int64_t f[] = {-1, 2, 0, -1, 6, 0, -2, -6, 3, 0, -3, -2, 4, 0, -4, -3, 5, 0, 0};
  run *r = probe_hbr(f, 1);
  assert_int_equal(r->n.simp_hbr, 3);
  assert_int_equal(r->n.simp_subsumed + r->n.simp_strengthened, 0);
  assert_int_equal(r->out.num_clauses, 5);
  for (int64_t u = 3; u <= 5; u++) assert_false(has_clause(&r->out, (int64_t[]){-1, u}, 2));
  assert_true(has_clause(&r->out, (int64_t[]){-4, -3, 5}, 3));
  done(r);
}

/* 1 -> 2 -> 3 -> 1 by binaries: 2 and 3 are replaced by 1; (-2 -4 6)
 * becomes (-1 -4 6), (3 5 -6) becomes (1 5 -6); the model extends. */
static void equivalent_literals(void **state) {
  (void)state;
  const int64_t f[] = {-1, 2, 0, -2, 3, 0, -3, 1, 0, 1, 4, 5, 0, -2, -4, 6, 0, 3, 5, -6, 0, 0};
  run *r = simplify_only_equiv(f);
  assert_int_equal(r->n.simp_substituted, 2);
  assert_false(occurs(&r->out, 1));
  assert_false(occurs(&r->out, 2));
  assert_true(has_clause(&r->out, (int64_t[]){-1, -4, 6}, 3));
  assert_true(has_clause(&r->out, (int64_t[]){1, 5, -6}, 3));
  assert_int_equal(r->out.num_clauses, 3);
  uint8_t m[6] = {1, 0, 0, 0, 0, 1}; /* 1 true, 4 5 false, 6 true */
  gsat_simp_extend(&r->ext, m);
  assert_true(m[1] && m[2]);
  done(r);
}

/* 1 -> 2 -> -1 and -1 -> 3 -> 1: 1 and -1 in one component: refuted. */
static void equivalence_contradiction(void **state) {
  (void)state;
  const int64_t f[] = {-1, 2, 0, -2, -1, 0, 1, 3, 0, -3, 1, 0, 0};
  run *r = simplify_only_equiv(f);
  assert_true(r->out.empty_clause);
  assert_true(r->chk.empty);
  done(r);
}

/* Units that clash: refuted, the empty clause in the proof. */
static void refuted(void **state) {
  (void)state;
  const int64_t f[] = {1, 2, 0, 1, -2, 0, -1, 3, 0, -1, -3, 0, 0};
  run *r = simplify(f, 1, 1, 1);
  assert_true(r->out.empty_clause);
  assert_true(r->chk.empty);
  done(r);
}

/* --- random formulas against brute force -------------------------------- */

static int satisfies(const gsat_db *db, const uint8_t *m) {
  for (uint32_t i = 0; i < db->num_units; i++)
    if (m[GSAT_VAR(db->units[i])] != !GSAT_SIGN(db->units[i])) return 0;
  for (uint32_t c = 0; c < db->num_clauses; c++) {
    int sat = 0;
    for (uint32_t i = db->clause_start[c]; i < db->clause_start[c + 1] && !sat; i++)
      sat = m[GSAT_VAR(db->clause_lits[i])] == !GSAT_SIGN(db->clause_lits[i]);
    if (!sat) return 0;
  }
  return 1;
}

/* A model of db by brute force into m; 0 when none. */
static int brute(const gsat_db *db, uint8_t *m) {
  for (uint32_t x = 0; x < (1u << db->num_vars); x++) {
    for (uint32_t v = 0; v < db->num_vars; v++) m[v] = (x >> v) & 1;
    if (satisfies(db, m)) return 1;
  }
  return 0;
}

static void random_formulas(void **state) {
  (void)state;
  uint64_t rng = 88172645463325252ull;
  int sat = 0, unsat = 0, elim = 0, hbr = 0;
  for (int t = 0; t < 600; t++) {
    int64_t f[8 * 64];
    uint32_t V = 6 + t % 7, C = V * (3 + t % 6) / 2, at = 0;
    for (uint32_t c = 0; c < C && at + 6 < sizeof f / sizeof *f; c++) {
      uint32_t k = 2 + (uint32_t)((rng >> 7) % 3);
      for (uint32_t i = 0; i < k; i++) {
        rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
        int64_t v = 1 + (int64_t)(rng % V);
        f[at++] = (rng >> 20) & 1 ? v : -v;
      }
      f[at++] = 0;
    }
    f[at++] = 0;
    run *r = simplify(f, 1, 1, 1);
    uint8_t m[MAXV];
    int want = brute(&r->in, m);
    int got = !r->out.empty_clause && brute(&r->out, m);
    assert_int_equal(got, want);
    if (got) {
      gsat_simp_extend(&r->ext, m);
      assert_true(satisfies(&r->in, m));
      sat++;
    } else {
      unsat++;
    }
    assert_int_equal(r->out.empty_clause, r->chk.empty);
    elim += r->n.simp_eliminated > 0;
    hbr += r->n.simp_hbr > 0;
    done(r);
  }
  print_message(
      "random_formulas: %d SAT, %d UNSAT, %d with an elimination, %d with a hyper binary\n", sat,
      unsat, elim, hbr);
  assert_true(sat > 50 && unsat > 50 && elim > 100 && hbr > 50);
}

/* --- bounded variable addition ------------------------------------------ */

/* f simplified with bounded variable addition alone (or with every
 * technique when all), clauses of any size, without the gate; every proof step checked (its lemmas
 * RAT on the fresh variable). */
static run *simplify_bva(const int64_t *f, int all) {
  gsat_simp_config cfg;
  gsat_simp_config_default(&cfg);
  cfg.sweep = 0; /* the techniques tested alone: sweeping would prove these too */
  cfg.bva = 1;
  cfg.bva_size = cfg.bva_share = 0; /* any clause, no gate: the algorithm itself */
  if (!all) cfg.subsume = cfg.elim = cfg.probe = cfg.equiv = 0;
  run *r = simplify_with(f, &cfg);
  assert_true(r->out.num_vars - r->in.num_vars == r->n.bva_vars);
  return r;
}

/* Whether some values of out's fresh variables (after in's in m) satisfy
 * out. */
static int some_extension(const gsat_db *out, uint32_t V, uint8_t *m) {
  if (out->empty_clause) return 0;
  for (uint32_t x = 0; x < (1u << (out->num_vars - V)); x++) {
    for (uint32_t v = V; v < out->num_vars; v++) m[v] = (x >> (v - V)) & 1;
    if (satisfies(out, m)) return 1;
  }
  return 0;
}

/* BVA alone keeps the formula's models over the input's variables: an
 * assignment satisfies in exactly when some values of the fresh variables
 * make it satisfy out (every assignment enumerated). */
static void same_projection(const run *r) {
  const uint32_t V = r->in.num_vars;
  uint8_t m[MAXV];
  for (uint32_t x = 0; x < (1u << V); x++) {
    for (uint32_t v = 0; v < V; v++) m[v] = (x >> v) & 1;
    assert_int_equal(satisfies(&r->in, m), some_extension(&r->out, V, m));
  }
}

/* The example of SBVA's Algorithm 1: every clause (k R) for k in {1, 2, 3}
 * and R in {(4 5), (6), (7 8)}: 9 clauses become (9 k) and (-9 R), 6. */
static void bva_textbook(void **state) {
  (void)state;
  const int64_t f[] = {1, 4, 5, 0, 1, 6, 0, 1, 7, 8, 0, 2, 4, 5, 0, 2, 6,
                       0, 2, 7, 8, 0, 3, 4, 5, 0, 3, 6, 0, 3, 7, 8, 0, 0};
  run *r = simplify_bva(f, 0);
  assert_int_equal(r->n.bva_vars, 1);
  assert_int_equal(r->n.bva_matched, 9);
  assert_int_equal(r->n.bva_removed, 3);
  assert_int_equal(r->out.num_vars, 9);
  assert_int_equal(r->out.ext_var[8], 8); /* after the input's 8 */
  assert_int_equal(r->out.num_clauses, 6);
  for (int64_t k = 1; k <= 3; k++) assert_true(has_clause(&r->out, (int64_t[]){9, k}, 2));
  assert_true(has_clause(&r->out, (int64_t[]){-9, 4, 5}, 3));
  assert_true(has_clause(&r->out, (int64_t[]){-9, 6}, 2));
  assert_true(has_clause(&r->out, (int64_t[]){-9, 7, 8}, 3));
  assert_int_equal(r->chk.rat, 6); /* each new clause RAT on the fresh variable */
  same_projection(r);
  done(r);
}

/* The pairwise at-most-one constraint over 1..6 (15 binary clauses), with
 * (1 2 3 4 5 6): BVA re-encodes it in fewer clauses with fresh variables,
 * and the models over 1..6 stay those with exactly one true. */
static void bva_at_most_one(void **state) {
  (void)state;
  int64_t f[64];
  uint32_t at = 0;
  for (int64_t i = 1; i <= 6; i++)
    for (int64_t j = i + 1; j <= 6; j++) f[at++] = -i, f[at++] = -j, f[at++] = 0;
  for (int64_t i = 1; i <= 6; i++) f[at++] = i;
  f[at++] = 0, f[at] = 0;
  run *r = simplify_bva(f, 0);
  assert_true(r->n.bva_vars >= 1);
  assert_int_equal(r->out.num_clauses, 16 - r->n.bva_removed);
  assert_true(r->out.num_clauses < 16);
  same_projection(r);
  done(r);
}

/* The exactly-one constraint over 1..n (the pairwise at-most-one and
 * (1 .. n)) under BVA's defaults (binary clauses, the gate), no proof: the
 * n (n - 1) / 2 + 1 clauses end at about 3 n (each fresh variable splits a
 * clique in two halves that share it), n / 2 fresh variables at least. */
static void bva_large_at_most_one(void **state) {
  (void)state;
  static const uint32_t sizes[] = {50, 100, 300};
  for (uint32_t t = 0; t < 3; t++) {
    const int64_t n = sizes[t];
    int64_t *f = malloc((size_t)(3 * n * n + n + 2) * sizeof *f);
    assert_non_null(f);
    uint64_t at = 0;
    for (int64_t i = 1; i <= n; i++)
      for (int64_t j = i + 1; j <= n; j++) f[at++] = -i, f[at++] = -j, f[at++] = 0;
    for (int64_t i = 1; i <= n; i++) f[at++] = i;
    f[at++] = 0, f[at] = 0;
    run *r = calloc(1, sizeof *r);
    assert_non_null(r);
    build_clauses(&r->in, f);
    gsat_simp_config cfg;
    gsat_simp_config_default(&cfg);
    cfg.sweep = 0; /* the techniques tested alone: sweeping would prove these too */
    cfg.bva = 1, cfg.subsume = cfg.elim = cfg.probe = cfg.equiv = 0;
    gsat_error err;
    assert_int_equal(gsat_simp_run(&r->in, &cfg, NULL, &r->out, &r->ext, &r->n, &err), GSAT_OK);
    const uint64_t before = (uint64_t)(n * (n - 1) / 2 + 1);
    print_message("at-most-one of %u: %u clauses, %u fresh variables\n", (unsigned)n,
                  r->out.num_clauses, r->out.num_vars - (unsigned)n);
    assert_int_equal(r->out.num_clauses, before - r->n.bva_removed);
    assert_true(r->out.num_clauses <= 3 * (uint64_t)n && r->out.num_clauses >= 2 * (uint64_t)n);
    assert_int_equal(r->out.num_vars - n, r->n.bva_vars);
    assert_true(r->n.bva_vars >= (uint64_t)n / 2 && r->n.bva_vars < (uint64_t)n);
    assert_true(r->n.bva_found * 10 >= before); /* the gate: a tenth removable */
    done(r);
    free(f);
  }
}

/* The gate: an at-most-one of 6 (15 binary clauses, a tenth of the
 * formula at most removable) among 150 clauses of 3 literals is left as
 * it is under the defaults; with --bva-share=0 it is re-encoded. */
static void bva_gate_refuses_small_structure(void **state) {
  (void)state;
  int64_t f[15 * 3 + 150 * 4 + 1];
  uint32_t at = 0;
  for (int64_t i = 1; i <= 6; i++)
    for (int64_t j = i + 1; j <= 6; j++) f[at++] = -i, f[at++] = -j, f[at++] = 0;
  uint64_t rng = 7;
  for (int c = 0; c < 150; c++) {
    for (int i = 0; i < 3; i++) {
      rng = rng * 6364136223846793005ull + 1442695040888963407ull;
      f[at++] = (int64_t)(1 + (rng >> 33) % 16) * ((rng >> 20) & 1 ? -1 : 1);
    }
    f[at++] = 0;
  }
  f[at] = 0;
  for (uint32_t share = 0; share <= 10; share += 10) {
    gsat_simp_config cfg;
    gsat_simp_config_default(&cfg);
    cfg.sweep = 0; /* the techniques tested alone: sweeping would prove these too */
    cfg.bva = 1, cfg.bva_share = share, cfg.subsume = cfg.elim = cfg.probe = cfg.equiv = 0;
    run *r = simplify_with(f, &cfg);
    if (share) {
      assert_int_equal(r->n.bva_vars, 0);
      assert_true(r->n.bva_found > 0 && r->n.bva_found * 10 < r->in.num_clauses);
      assert_int_equal(r->out.num_clauses, r->in.num_clauses);
    } else {
      assert_true(r->n.bva_vars > 0);
      assert_int_equal(r->out.num_clauses, r->in.num_clauses - r->n.bva_removed);
    }
    done(r);
  }
}

static uint64_t xorshift(uint64_t *x) {
  *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
  return *x;
}

/* Random formulas with a product block (every clause (k R) of m literals k
 * and n remainders R, m n > m + n) among random clauses, all techniques on:
 * satisfiable exactly when the original is, models extended satisfy the
 * original, every proof step RUP or RAT; with BVA alone the models over the
 * input's variables are kept. */
static void bva_random(void **state) {
  (void)state;
  uint64_t rng = 0x9e3779b97f4a7c15ull;
  int sat = 0, unsat = 0, added = 0;
#define NEXT xorshift(&rng)
  for (int t = 0; t < 400; t++) {
    int64_t f[4 * 4 * 12 + 4 * 4 * 3 + 1];
    const uint32_t V = 8 + t % 5, m = 2 + t % 2, n = 3 + t % 2;
    uint32_t at = 0;
    int64_t rem[4][2];
    for (uint32_t j = 0; j < n; j++)
      for (uint32_t i = 0; i < 2; i++)
        rem[j][i] = (int64_t)(m + 1 + NEXT % (V - m)) * (NEXT & 1 ? -1 : 1);
    for (uint32_t k = 1; k <= m; k++)
      for (uint32_t j = 0; j < n; j++) {
        f[at++] = (int64_t)k * ((t >> 2) & 1 ? -1 : 1);
        f[at++] = rem[j][0];
        if (rem[j][1] != rem[j][0] && rem[j][1] != -rem[j][0] && j % 2) f[at++] = rem[j][1];
        f[at++] = 0;
      }
    for (uint32_t c = 0; c < 2 * V + (t % 3) * V; c++) {
      for (uint32_t i = 0; i < 3; i++) f[at++] = (int64_t)(1 + NEXT % V) * (NEXT & 1 ? -1 : 1);
      f[at++] = 0;
    }
    f[at] = 0;
    run *r = simplify_bva(f, t & 1);
    added += r->n.bva_vars > 0;
    if (!(t & 1)) same_projection(r);
    uint8_t mdl[MAXV];
    const int want = brute(&r->in, mdl);
    const int got = !r->out.empty_clause && brute(&r->out, mdl);
    assert_int_equal(got, want);
    if (got) {
      gsat_simp_extend(&r->ext, mdl);
      assert_true(satisfies(&r->in, mdl));
    }
    sat += got, unsat += !got;
    done(r);
  }
#undef NEXT
  print_message("bva_random: %d SAT, %d UNSAT, %d with a fresh variable\n", sat, unsat, added);
  assert_true(sat > 50 && unsat > 20 && added > 100);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(subsumption_and_strengthening),
      cmocka_unit_test(elimination_by_distribution),
      cmocka_unit_test(and_gate),
      cmocka_unit_test(ite_gate),
      cmocka_unit_test(xor_gate),
      cmocka_unit_test(failed_literal),
      cmocka_unit_test(hyper_binary_resolution),
      cmocka_unit_test(hyper_binary_chain),
      cmocka_unit_test(equivalent_literals),
      cmocka_unit_test(equivalence_contradiction),
      cmocka_unit_test(refuted),
      cmocka_unit_test(random_formulas),
      cmocka_unit_test(bva_textbook),
      cmocka_unit_test(bva_at_most_one),
      cmocka_unit_test(bva_large_at_most_one),
      cmocka_unit_test(bva_gate_refuses_small_structure),
      cmocka_unit_test(bva_random),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
