/* The CDCL step code (core/cdcl.h): LBD, recursive minimization,
 * reduction tiers, arena compaction (references in watchers and reasons
 * rewritten), assumptions and failed assumptions, whole searches in every
 * option set against known answers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cpu/cdcl_one.h"
#include "core/cdcl_host.h"
#include "core/cnf.h"
#include "core/db.h"
#include "tests/db_of.h"

/* Records proof events: adds and deletes as DIMACS clause strings. */
typedef struct recorder {
  int adds, dels;
  char last_del[256];
} recorder;

static void rec(char *buf, const gsat_lit *lits, uint32_t n) {
  buf[0] = 0;
  for (uint32_t i = 0; i < n; i++)
    snprintf(buf + strlen(buf), 256 - strlen(buf), "%lld ", (long long)gsat_lit_to_dimacs(lits[i]));
}
static void rec_add(void *d, const gsat_lit *lits, uint32_t n) {
  (void)lits;
  (void)n;
  ((recorder *)d)->adds++;
}
static void rec_del(void *d, const gsat_lit *lits, uint32_t n) {
  recorder *r = d;
  r->dels++;
  rec(r->last_del, lits, n);
}

static void make(gsat_cdcl *s, const gsat_db *db, const gsat_cdcl_config *cfg,
                 const gsat_proof_sink *proof) {
  gsat_error err;
  int refuted = 1;
  assert_int_equal(gsat_cdcl_create(s, db, cfg, proof, &refuted, &err), GSAT_OK);
  assert_int_equal(refuted, 0);
}

static void lbd_counts_levels(void **state) {
  (void)state;
  gsat_db db;
  build(&db, (int64_t[]){1, 2, 3, 4, 5, 0, 0});
  gsat_cdcl_config cfg;
  gsat_cdcl_config_default(&cfg);
  gsat_cdcl s;
  make(&s, &db, &cfg, NULL);
  gsat_cdcl_new_level(&s); /* level 1: -1, -2 */
  gsat_cdcl_assign(&s, L(-1), GSAT_CDCL_NOREF);
  gsat_cdcl_assign(&s, L(-2), GSAT_CDCL_NOREF);
  gsat_cdcl_new_level(&s); /* level 2: -3 */
  gsat_cdcl_assign(&s, L(-3), GSAT_CDCL_NOREF);
  gsat_cdcl_new_level(&s);
  gsat_cdcl_new_level(&s); /* level 4: -4, -5 */
  gsat_cdcl_assign(&s, L(-4), GSAT_CDCL_NOREF);
  gsat_cdcl_assign(&s, L(-5), GSAT_CDCL_NOREF);
  gsat_lit c[5] = {L(1), L(2), L(3), L(4), L(5)};
  assert_int_equal(gsat_cdcl_lbd(&s, c, 5), 3);
  assert_int_equal(gsat_cdcl_lbd(&s, c, 2), 1);
  gsat_lit d[3] = {L(5), L(3), L(1)};
  assert_int_equal(gsat_cdcl_lbd(&s, d, 3), 3);
  s.lbd_clock = 0xffffffffu; /* the stamp wraps: the stamps are cleared */
  assert_int_equal(gsat_cdcl_lbd(&s, d, 3), 3);
  assert_int_equal(gsat_cdcl_lbd(&s, d, 3), 3);
  gsat_cdcl_destroy(&s);
  gsat_db_free(&db);
}

/* learnt = (-x, -a, -b) where b is implied by a at level 1: -b is redundant.
 * With b a decision instead it is not. */
static void minimization(void **state) {
  (void)state;
  for (int b_decided = 0; b_decided < 2; b_decided++) {
    gsat_db db; /* a = 1, b = 2, x = 3; (-1 2) and a clause over 3 to keep it */
    build(&db, (int64_t[]){-1, 2, 0, 1, 2, 3, 0, 0});
    gsat_cdcl_config cfg;
    gsat_cdcl_config_default(&cfg);
    gsat_cdcl s;
    make(&s, &db, &cfg, NULL);
    uint32_t c1 = 0; /* the first clause in the arena */
    assert_int_equal(s.arena[c1], 2);
    gsat_cdcl_new_level(&s);
    gsat_cdcl_assign(&s, L(1), GSAT_CDCL_NOREF);
    if (b_decided) gsat_cdcl_new_level(&s);
    gsat_cdcl_assign(&s, L(2), b_decided ? GSAT_CDCL_NOREF : c1);
    gsat_cdcl_new_level(&s);
    gsat_cdcl_assign(&s, L(3), GSAT_CDCL_NOREF);
    s.learnt[0] = L(-3);
    s.learnt[1] = L(-1);
    s.learnt[2] = L(-2);
    s.seen[0] = s.seen[1] = 1;
    gsat_db_view view = gsat_db_view_of(&db);
    uint32_t len = gsat_cdcl_minimize(&s, &view, 3);
    assert_int_equal(len, b_decided ? 3 : 2);
    assert_int_equal(s.learnt[0], L(-3));
    assert_int_equal(s.learnt[1], L(-1));
    assert_int_equal(s.n.minimized_lits, b_decided ? 0 : 1);
    for (uint32_t v = 0; v < 3; v++) assert_int_equal(s.seen[v], 0);
    gsat_cdcl_destroy(&s);
    gsat_db_free(&db);
  }
}

/* Adds a learned clause of the given literals and LBD, watched, with
 * activity act and the used mark. */
static uint32_t learned(gsat_cdcl *s, const gsat_lit *l, uint32_t n, uint32_t lbd, float act,
                        int used) {
  uint32_t c = gsat_cdcl_clause_new(s, l, n, 1, lbd);
  assert_int_not_equal(c, GSAT_CDCL_NOREF);
  assert_true(gsat_cdcl_attach(s, c));
  s->learned_live++;
  s->arena[c + 3] = gsat_cdcl_u(act);
  if (used) s->arena[c + 2] |= 1u << GSAT_CDCL_USED_SHIFT;
  return c;
}

/* Every watcher points at a live clause that has its list's literal in
 * position 0 or 1 (the blocker of a binary watcher is the other literal);
 * every reason of an arena clause holds the implied literal first. */
static void check_references(const gsat_cdcl *s) {
  for (uint32_t lit = 0; lit < 2 * s->num_vars; lit++) {
    if (s->ws_start[lit] == GSAT_CDCL_NOREF) continue;
    const gsat_watch *ws = s->wpool + s->ws_start[lit] + 1;
    for (uint32_t i = 0; i < s->ws_len[lit]; i++) {
      uint32_t c = ws[i].cref & ~GSAT_CDCL_BIN;
      assert_true(c < s->arena_top);
      assert_false(s->arena[c + 2] & GSAT_CDCL_DELETED);
      const uint32_t *l = s->arena + c + GSAT_CDCL_HDR;
      assert_true(l[0] == lit || l[1] == lit);
      if (ws[i].cref & GSAT_CDCL_BIN) assert_int_equal(ws[i].blocker, l[0] == lit ? l[1] : l[0]);
    }
  }
  for (uint32_t i = 0; i < s->trail_len; i++) {
    gsat_lit p = s->trail[i];
    uint32_t r = s->reason[GSAT_VAR(p)];
    if (r == GSAT_CDCL_NOREF) continue;
    const uint32_t *l = s->arena + r + GSAT_CDCL_HDR;
    assert_true(l[0] == p || l[1] == p);
  }
}

/* Tiers: LBD <= 2 kept; LBD <= 6 kept while used (the mark is cleared);
 * the rest and the unused tier-2 clauses sorted by (LBD, activity), the worse
 * half deleted, a locked clause never.  Compaction then moves the survivors
 * and rewrites the references. */
static void reduction_tiers_and_compaction(void **state) {
  (void)state;
  gsat_db db;
  build(&db, (int64_t[]){1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0});
  gsat_cdcl_config cfg;
  gsat_cdcl_config_default(&cfg);
  recorder r;
  memset(&r, 0, sizeof r);
  gsat_proof_sink sink = {rec_add, rec_del, &r};
  gsat_cdcl s;
  make(&s, &db, &cfg, &sink);
  gsat_lit a[3] = {L(1), L(2), L(3)}, b[3] = {L(2), L(3), L(4)}, c[3] = {L(3), L(4), L(5)};
  gsat_lit d[3] = {L(4), L(5), L(6)}, e[3] = {L(5), L(6), L(7)}, f[3] = {L(6), L(7), L(8)};
  gsat_lit g[3] = {L(7), L(8), L(9)}, h[3] = {L(8), L(9), L(10)};
  uint32_t core = learned(&s, a, 3, 2, 0.0f, 0);
  uint32_t t2used = learned(&s, b, 3, 4, 0.0f, 1);
  learned(&s, c, 3, 4, 5.0f, 0); /* unused tier 2: a candidate, the best one */
  learned(&s, d, 3, 8, 1.0f, 0);
  learned(&s, e, 3, 8, 2.0f, 0); /* same LBD, more active than d */
  learned(&s, f, 3, 10, 0.0f, 0);
  uint32_t locked = learned(&s, g, 3, 12, 0.0f, 0);
  learned(&s, h, 3, 11, 0.0f, 0);
  /* lock g: 7 implied by it (8, 9 false) */
  gsat_cdcl_new_level(&s);
  gsat_cdcl_assign(&s, L(-8), GSAT_CDCL_NOREF);
  gsat_cdcl_assign(&s, L(-9), GSAT_CDCL_NOREF);
  gsat_cdcl_assign(&s, L(7), locked);
  assert_true(gsat_cdcl_locked(&s, locked));
  const uint64_t top = s.arena_top;
  gsat_cdcl_reduce(&s);
  /* candidates c(4), d(8, 1.0), e(8, 2.0), f(10), h(11): delete h, f */
  assert_int_equal(r.dels, 2);
  assert_string_equal(r.last_del, "6 7 8 ");
  assert_int_equal(s.n.reductions, 1);
  assert_int_equal(s.learned_live, 6);
  assert_int_equal(s.n.compactions, 1);
  assert_int_equal(s.arena_top, top - 2 * (GSAT_CDCL_HDR + 3));
  /* the survivors, in order, after the original clause */
  const gsat_lit *want[] = {a, b, c, d, e, g};
  uint64_t at = GSAT_CDCL_HDR + 10;
  for (int i = 0; i < 6; i++) {
    assert_int_equal(s.arena[at], 3);
    assert_memory_equal(s.arena + at + GSAT_CDCL_HDR, want[i], 3 * sizeof(gsat_lit));
    at += GSAT_CDCL_HDR + 3;
  }
  assert_int_equal(at, s.arena_top);
  (void)core;
  (void)t2used;
  /* the reason of 7 moved with g (from its old place to its new one) */
  uint32_t g_now = (uint32_t)(GSAT_CDCL_HDR + 10 + 5 * (GSAT_CDCL_HDR + 3));
  assert_true(locked > g_now);
  assert_int_equal(s.reason[6], g_now);
  check_references(&s);
  /* used marks are cleared, so a second reduction takes b and c as well */
  assert_false(s.arena[GSAT_CDCL_HDR + 10 + (GSAT_CDCL_HDR + 3) + 2] >> GSAT_CDCL_USED_SHIFT & 3u);
  gsat_cdcl_reduce(&s);
  assert_int_equal(s.learned_live, 4); /* of b, c, d, e: the worse half d, e */
  check_references(&s);
  gsat_cdcl_destroy(&s);
  gsat_db_free(&db);
}

/* Pigeonhole n+1 into n, DIMACS, into buf; returns the clause list. */
static int64_t *php(int n, int64_t *buf) {
  int64_t *p = buf;
  for (int i = 0; i <= n; i++) {
    for (int j = 0; j < n; j++) *p++ = i * n + j + 1;
    *p++ = 0;
  }
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= n; i++)
      for (int k = i + 1; k <= n; k++) {
        *p++ = -(i * n + j + 1);
        *p++ = -(k * n + j + 1);
        *p++ = 0;
      }
  *p = 0;
  return buf;
}

/* Solves db from an arena and a watch pool cut to the least the loop
 * accepts, so that both are grown (GROW statuses served as the host does). */
/* Asserts that s's values satisfy every clause of db. */
static void assert_model(const gsat_cdcl *s, const gsat_db *db) {
  for (uint32_t c = 0; c < db->num_clauses; c++) {
    int ok = 0;
    for (uint32_t i = db->clause_start[c]; i < db->clause_start[c + 1]; i++)
      ok |= s->val[db->clause_lits[i]] > 0;
    assert_true(ok);
  }
}

static int solve(const gsat_db *db, const gsat_cdcl_config *cfg, gsat_cdcl *s) {
  make(s, db, cfg, NULL);
  gsat_db_view view = gsat_db_view_of(db);
  s->arena_cap = s->arena_top + GSAT_CDCL_HDR + s->num_vars + 40;
  uint64_t need = gsat_cdcl_watch_need(s->wpool_live + 2, s->num_vars);
  s->wpool_cap = need > s->wpool_top ? need : s->wpool_top;
  const uint64_t arena0 = s->arena_cap, wpool0 = s->wpool_cap;
  for (;;) {
    int res = gsat_cdcl_search(s, &view, 100);
    if (res == GSAT_CDCL_GROW_ARENA || res == GSAT_CDCL_GROW_WATCHES) {
      gsat_error err;
      assert_int_equal(gsat_cdcl_grow(s, res, &err), GSAT_OK);
    } else if (res != GSAT_CDCL_PAUSED) {
      if (res == GSAT_CDCL_UNSAT) assert_true(s->arena_cap > arena0);
      (void)wpool0;
      return res;
    }
  }
}

/* Every option set refutes php 6 and finds a model of php 6 minus one
 * pigeon; small reduction intervals make reductions and compactions run;
 * the arena starts at its least and is grown for every refutation. */
static void searches_all_option_sets(void **state) {
  (void)state;
  static int64_t buf[8192];
  gsat_db unsat, sat;
  build(&unsat, php(6, buf));
  int64_t *p = php(6, buf); /* drop pigeon 0's clause: SAT */
  while (*p) p++;
  build(&sat, p + 1);
  for (int k = 0; k < 12; k++) {
    gsat_cdcl_config cfg;
    gsat_cdcl_config_default(&cfg);
    cfg.decide = k & 1 ? GSAT_CDCL_VMTF : GSAT_CDCL_VSIDS;
    cfg.restart = (uint32_t)(k / 2) % 3;
    cfg.bcp = k >= 6 ? GSAT_CDCL_BCP_STREAMS : GSAT_CDCL_BCP_WATCHED;
    cfg.reduce_first = 20;
    cfg.reduce_inc = 5;
    cfg.seed = (uint64_t)k;
    cfg.target = (uint32_t)k % GSAT_CDCL_TARGETS; /* off, stable, always */
    gsat_cdcl s;
    assert_int_equal(solve(&unsat, &cfg, &s), GSAT_CDCL_UNSAT);
    assert_true(s.n.conflicts > 20);
    assert_true(s.n.reductions > 0);
    gsat_cdcl_destroy(&s);
    assert_int_equal(solve(&sat, &cfg, &s), GSAT_CDCL_SAT);
    assert_model(&s, &sat);
    gsat_cdcl_destroy(&s);
  }
  gsat_db_free(&unsat);
  gsat_db_free(&sat);
}

/* Assumptions on (1 v 2) (-1 v 3) (-2 v 3) (4 v 5): assuming -3 and 4 is
 * UNSAT, failed {-3} (4 is not needed); assuming 4 alone is SAT with 4 true;
 * assuming -3 after 3 was learned as a unit fails at level 0. */
static void assumptions(void **state) {
  (void)state;
  gsat_db db;
  build(&db, (int64_t[]){1, 2, 0, -1, 3, 0, -2, 3, 0, 4, 5, 0, 0});
  gsat_db_view view = gsat_db_view_of(&db);
  for (int bcp = 0; bcp < 2; bcp++) {
    gsat_cdcl_config cfg;
    gsat_cdcl_config_default(&cfg);
    cfg.bcp = (uint32_t)bcp;
    gsat_cdcl s;
    make(&s, &db, &cfg, NULL);
    gsat_lit as[2] = {L(4), L(-3)};
    gsat_cdcl_set_assumptions(&s, as, 2);
    int res;
    while ((res = gsat_cdcl_search(&s, &view, 1000)) == GSAT_CDCL_PAUSED) {
    }
    assert_int_equal(res, GSAT_CDCL_UNSAT);
    assert_true(s.unsat_assumptions);
    assert_int_equal(s.failed_len, 1);
    assert_int_equal(s.failed[0], L(-3));
    gsat_lit one[1] = {L(-4)};
    gsat_cdcl_set_assumptions(&s, one, 1);
    while ((res = gsat_cdcl_search(&s, &view, 1000)) == GSAT_CDCL_PAUSED) {
    }
    assert_int_equal(res, GSAT_CDCL_SAT);
    assert_true(s.val[L(-4)] > 0 && s.val[L(5)] > 0 && s.val[L(3)] > 0);
    gsat_cdcl_set_assumptions(&s, as, 2); /* 3 is a learned unit by now or implied */
    while ((res = gsat_cdcl_search(&s, &view, 1000)) == GSAT_CDCL_PAUSED) {
    }
    assert_int_equal(res, GSAT_CDCL_UNSAT);
    assert_int_equal(s.failed_len, 1);
    assert_int_equal(s.failed[0], L(-3));
    gsat_cdcl_set_assumptions(&s, NULL, 0);
    while ((res = gsat_cdcl_search(&s, &view, 1000)) == GSAT_CDCL_PAUSED) {
    }
    assert_int_equal(res, GSAT_CDCL_SAT);
    gsat_cdcl_destroy(&s);
  }
  gsat_db_free(&db);
}

/* The watch pool compacts in place: lists moved to larger blocks leave dead
 * blocks behind; compaction keeps every list's entries in order. */
static void watch_pool_compaction(void **state) {
  (void)state;
  gsat_db db;
  build(&db, (int64_t[]){1, 2, 3, 0, 0});
  gsat_cdcl_config cfg;
  gsat_cdcl_config_default(&cfg);
  gsat_cdcl s;
  make(&s, &db, &cfg, NULL);
  for (uint32_t i = 0; i < 100; i++) {
    assert_true(gsat_cdcl_watch(&s, L(1), i, L(2)));
    assert_true(gsat_cdcl_watch(&s, L(-2), 1000 + i, L(3)));
  }
  uint64_t before = s.wpool_top;
  gsat_cdcl_wpool_compact(&s);
  assert_true(s.wpool_top < before);
  const gsat_watch *w1 = s.wpool + s.ws_start[L(1)] + 1, *w2 = s.wpool + s.ws_start[L(-2)] + 1;
  assert_int_equal(s.ws_len[L(1)], 101); /* with the original clause's watcher */
  for (uint32_t i = 0; i < 100; i++) {
    assert_int_equal(w1[i + 1].cref, i);
    assert_int_equal(w2[i].cref, 1000 + i);
  }
  gsat_cdcl_destroy(&s);
  gsat_db_free(&db);
}

/* Watched BCP reads no occurrence streams, so a database built without them
 * (gsat_db_build_clauses) serves CDCL in memory proportional to the formula:
 * two clauses of 70,000 literals (9.8e9 stream entries, which
 * gsat_db_build_streams refuses) and the binaries (-x_i v y), (-x_i v -y)
 * forcing every x_i false: UNSAT; without the binaries over y it is SAT.  A
 * streams request falls back to watched BCP on such a database. */
static void long_clauses_without_streams(void **state) {
  (void)state;
  const int64_t n = 70000, y = n + 1;
  for (int with_y = 0; with_y < 2; with_y++) {
    gsat_cnf cnf;
    gsat_cnf_init(&cnf);
    for (int sign = 1; sign >= -1; sign -= 2) {
      for (int64_t v = 1; v <= n; v++)
        assert_int_equal(gsat_cnf_add_lit(&cnf, gsat_lit_from_dimacs(sign * v), NULL), GSAT_OK);
      assert_int_equal(gsat_cnf_end_clause(&cnf, NULL), GSAT_OK);
    }
    for (int64_t v = 1; with_y && v <= n; v++)
      for (int sign = 1; sign >= -1; sign -= 2) {
        assert_int_equal(gsat_cnf_add_lit(&cnf, gsat_lit_from_dimacs(-v), NULL), GSAT_OK);
        assert_int_equal(gsat_cnf_add_lit(&cnf, gsat_lit_from_dimacs(sign * y), NULL), GSAT_OK);
        assert_int_equal(gsat_cnf_end_clause(&cnf, NULL), GSAT_OK);
      }
    gsat_db db;
    gsat_error err;
    assert_int_equal(gsat_db_build_clauses(&db, &cnf, NULL, 0, &err), GSAT_OK);
    gsat_cnf_free(&cnf);
    assert_null(db.occ_start);
    assert_null(db.occ_stream);
    const uint64_t entries = 2 * (uint64_t)n * (uint64_t)n + (with_y ? 4 * 2 * (uint64_t)n : 0);
    assert_true(db.stream_entries == entries);
    assert_int_equal(gsat_db_build_streams(&db, NULL, 0, &err), GSAT_RESOURCE);
    assert_null(db.occ_start);
    for (int k = 0; k < 2; k++) {
      gsat_cdcl_config cfg;
      gsat_cdcl_config_default(&cfg);
      cfg.bcp = k ? GSAT_CDCL_BCP_STREAMS : GSAT_CDCL_BCP_WATCHED;
      gsat_cdcl s;
      make(&s, &db, &cfg, NULL);
      assert_int_equal(s.cfg.bcp, GSAT_CDCL_BCP_WATCHED);
      /* the arena: the clauses, half again, and room to learn */
      const uint64_t words =
          db.clause_start[db.num_clauses] + GSAT_CDCL_HDR * (uint64_t)db.num_clauses;
      assert_true(s.arena_cap <= 2 * words + 16 * ((uint64_t)db.num_vars + 8) + (1u << 20));
      gsat_db_view view = gsat_db_view_of(&db);
      int res;
      while ((res = gsat_cdcl_search(&s, &view, 1000)) != GSAT_CDCL_SAT && res != GSAT_CDCL_UNSAT)
        if (res != GSAT_CDCL_PAUSED) assert_int_equal(gsat_cdcl_grow(&s, res, &err), GSAT_OK);
      assert_int_equal(res, with_y ? GSAT_CDCL_UNSAT : GSAT_CDCL_SAT);
      if (res == GSAT_CDCL_SAT) assert_model(&s, &db);
      gsat_cdcl_destroy(&s);
    }
    gsat_db_free(&db);
  }
}

/* Splitting a cube: the decision of level num_assumptions + 1 becomes one
 * more assumption in place (the trail kept); with no free decision on the
 * trail nothing changes; a search after it keeps the new assumption. */
static void assume_decision(void **state) {
  (void)state;
  gsat_db db;
  build(&db, (int64_t[]){1, 2, 3, 0, -1, 4, 0, 2, -3, 5, 0, 0});
  gsat_cdcl_config cfg;
  gsat_cdcl_config_default(&cfg);
  gsat_cdcl s;
  make(&s, &db, &cfg, NULL);
  gsat_lit a = L(-5);
  gsat_cdcl_set_assumptions(&s, &a, 1);
  assert_int_equal(gsat_cdcl_assume_decision(&s), GSAT_CDCL_NOREF); /* level 0 */
  gsat_db_view view = gsat_db_view_of(&db);
  assert_int_equal(gsat_cdcl_decide(&s, &view), 0); /* level 1: the assumption */
  assert_int_equal(gsat_cdcl_propagate(&s, &view), GSAT_CDCL_NOREF);
  assert_int_equal(gsat_cdcl_assume_decision(&s), GSAT_CDCL_NOREF); /* no free decision */
  assert_int_equal(gsat_cdcl_decide(&s, &view), 0);                 /* level 2: a free decision */
  const gsat_lit d = s.trail[s.trail_lim[2]];
  const uint32_t trail = s.trail_len;
  assert_int_equal(gsat_cdcl_assume_decision(&s), d);
  assert_int_equal(s.num_assumptions, 2);
  assert_int_equal(s.assumptions[0], a);
  assert_int_equal(s.assumptions[1], d);
  assert_int_equal(s.trail_len, trail);
  assert_int_equal(s.dlevel, 2);
  int res;
  while ((res = gsat_cdcl_search(&s, &view, 100)) == GSAT_CDCL_PAUSED) {
  }
  assert_int_equal(res, GSAT_CDCL_SAT);
  assert_true(s.val[a] > 0 && s.val[d] > 0);
  gsat_cdcl_destroy(&s);
  gsat_db_free(&db);
}

/* Target phases (Chasing Target Phases): at a conflict in stable mode the
 * assignment below the current level becomes the target when that trail is
 * the longest since the mode switch; stable-mode decisions take the target
 * phase, focused-mode ones the saved phase. */
static void target_phases(void **state) {
  (void)state;
  gsat_db db;
  build(&db, (int64_t[]){1, 2, 3, 0, 4, 5, 6, 0, 0});
  gsat_cdcl_config cfg;
  gsat_cdcl_config_default(&cfg);
  assert_int_equal(cfg.target, GSAT_CDCL_TARGET_STABLE);
  gsat_cdcl s;
  make(&s, &db, &cfg, NULL);
  gsat_db_view view = gsat_db_view_of(&db);
  const gsat_lit as[3] = {L(-1), L(4), L(-2)};
  gsat_cdcl_set_assumptions(&s, as, 3);
  for (int k = 0; k < 3; k++) {
    assert_int_equal(gsat_cdcl_decide(&s, &view), 0);
    assert_int_equal(gsat_cdcl_propagate(&s, &view), GSAT_CDCL_NOREF);
  }
  assert_int_equal(s.trail_len, 4); /* -1, 4, -2 and the unit 3 */
  s.stable = 0;
  gsat_cdcl_update_target(&s); /* focused mode: no target */
  assert_int_equal(s.target_assigned, 0);
  s.stable = 1;
  gsat_cdcl_update_target(&s); /* the levels below 3: -1 and 4 */
  assert_int_equal(s.target_assigned, 2);
  assert_int_equal(s.target[0], 1); /* false */
  assert_int_equal(s.target[3], 2); /* true */
  assert_int_equal(s.target[1], 0); /* level 3: not conflict-free */
  assert_int_equal(s.target[2], 0);
  gsat_cdcl_backtrack(&s, 1);
  s.target[2] = 2;
  gsat_cdcl_update_target(&s); /* shorter: kept */
  assert_int_equal(s.target_assigned, 2);
  assert_int_equal(s.target[2], 2);
  gsat_cdcl_backtrack(&s, 0);
  gsat_cdcl_set_assumptions(&s, NULL, 0);
  for (int stable = 1; stable >= 0; stable--) {
    for (uint32_t v = 0; v < 6; v++) s.phase[v] = 1; /* saved: all true */
    s.stable = (uint32_t)stable;
    while (gsat_cdcl_decide(&s, &view) == 0)
      assert_int_equal(gsat_cdcl_propagate(&s, &view), GSAT_CDCL_NOREF);
    assert_int_equal(s.trail_len, 6);
    assert_true(s.val[L(1)] == (stable ? -1 : 1)); /* the target: false */
    assert_true(s.val[L(3)] > 0);                  /* the target: true */
    assert_true(s.val[L(4)] > 0 && s.val[L(2)] > 0);
    gsat_cdcl_backtrack(&s, 0);
  }
  gsat_cdcl_destroy(&s);
  gsat_db_free(&db);
}

/* The fixed block's plan (GSAT_CDCL_FIXED): every array 8-aligned in row
 * order, each at the end of the one before rounded up to 8 bytes, the block
 * starting with the first row (gsat_cdcl_fixed_block); for 5 variables the
 * offsets and size the plan had when it was written out by hand (the GPU's
 * copies of the block rely on one layout for the template and the searchers). */
static void fixed_block_plan(void **state) {
  (void)state;
  static const size_t at5[] = {0,   16,  56,  96,  120, 144, 168, 216, 224, 232, 272,
                               296, 320, 344, 368, 408, 432, 456, 480, 528, 552, 576};
  assert_int_equal(sizeof at5 / sizeof at5[0], GSAT_CDCL_FIXED_ROWS);
  assert_int_equal(gsat_cdcl_fixed_bytes(5), 584);
  for (uint32_t V = 0; V < 40; V += 5) {
    const size_t bytes = gsat_cdcl_fixed_bytes(V);
    char *m = malloc(bytes + 1);
    assert_non_null(m);
    gsat_cdcl s;
    memset(&s, 0, sizeof s);
    gsat_cdcl_carve(&s, m, V);
    assert_ptr_equal(gsat_cdcl_fixed_block(&s), m);
    size_t next = 0, row = 0;
#define CHECK_ROW(name, type, count, what)                                                         \
  assert_int_equal((size_t)((char *)s.name - m), next);                                            \
  if (V == 5) assert_int_equal(next, at5[row]);                                                    \
  next += ((size_t)(count) * sizeof(type) + 7) / 8 * 8;                                            \
  row++;
    GSAT_CDCL_FIXED(CHECK_ROW)
#undef CHECK_ROW
    assert_int_equal(next, bytes);
    free(m);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(fixed_block_plan),
      cmocka_unit_test(lbd_counts_levels),
      cmocka_unit_test(minimization),
      cmocka_unit_test(reduction_tiers_and_compaction),
      cmocka_unit_test(watch_pool_compaction),
      cmocka_unit_test(assumptions),
      cmocka_unit_test(assume_decision),
      cmocka_unit_test(target_phases),
      cmocka_unit_test(searches_all_option_sets),
      cmocka_unit_test(long_clauses_without_streams),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
