/* Vivification inside the CDCL search (core/cdcl_vivify.h): on small
 * formulas with known results, a learned clause is shortened on a conflict,
 * on an implied literal, past a literal implied false, to a unit, deleted
 * when another clause subsumes it, or left as it is; an irredundant clause (--vivify-irred) is
 * shortened alike; the proof gets the new clause before the
 * deletion of the old one; whole searches with rounds every few conflicts answer right. */
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
#include "tests/php_add.h"

/* Proof events as text: "a 1 2 ;d 1 2 3 4 ;" (DIMACS literals). */
typedef struct events {
  char text[1024];
} events;

static int by_value(const void *a, const void *b) {
  const long long x = *(const long long *)a, y = *(const long long *)b;
  return (x > y) - (x < y);
}

/* The clause lits[0..n) as " 1 2 -3" after out[0..at), literals sorted
 * (BCP reorders a clause's literals). */
static size_t clause_text(char *out, size_t at, size_t cap, const gsat_lit *lits, uint32_t n) {
  long long d[16];
  assert_true(n <= 16);
  for (uint32_t i = 0; i < n; i++) d[i] = (long long)gsat_lit_to_dimacs(lits[i]);
  qsort(d, n, sizeof d[0], by_value);
  for (uint32_t i = 0; i < n; i++) at += (size_t)snprintf(out + at, cap - at, " %lld", d[i]);
  return at;
}

static void put(events *e, char tag, const gsat_lit *lits, uint32_t n) {
  size_t at = strlen(e->text);
  at += (size_t)snprintf(e->text + at, sizeof e->text - at, "%c", tag);
  at = clause_text(e->text, at, sizeof e->text, lits, n);
  snprintf(e->text + at, sizeof e->text - at, " ;");
}
static void ev_add(void *d, const gsat_lit *lits, uint32_t n) {
  put(d, 'a', lits, n);
}
static void ev_del(void *d, const gsat_lit *lits, uint32_t n) {
  put(d, 'd', lits, n);
}

/* A searcher over `originals` (DIMACS, build's format) with one learned
 * clause `learned` (0-ended, empty: none) of glue 2, vivification due at once
 * (then every conflict), of the irredundant clauses too when irred; proof
 * events into *e. */
static void setup_irred(gsat_cdcl *s, gsat_db *db, gsat_proof_sink *sink, events *e,
                        const int64_t *originals, const int64_t *learned, uint32_t irred) {
  build(db, originals);
  gsat_cdcl_config cfg;
  gsat_cdcl_config_default(&cfg);
  cfg.vivify_interval = 1;
  cfg.vivify_irred = irred;
  memset(e, 0, sizeof *e);
  *sink = (gsat_proof_sink){ev_add, ev_del, e};
  gsat_error err;
  int refuted = 1;
  assert_int_equal(gsat_cdcl_create(s, db, &cfg, sink, &refuted, &err), GSAT_OK);
  assert_int_equal(refuted, 0);
  s->next_vivify = 0; /* due at once */
  gsat_lit l[16];
  uint32_t n = 0;
  while (learned[n]) {
    l[n] = L(learned[n]);
    n++;
  }
  if (!n) return;
  uint32_t c = gsat_cdcl_clause_new(s, l, n, 1, 2);
  assert_int_not_equal(c, GSAT_CDCL_NOREF);
  assert_true(gsat_cdcl_attach(s, c));
  s->learned_live++;
}

/* setup_irred with the learned tiers alone: the cases below test them. */
static void setup(gsat_cdcl *s, gsat_db *db, gsat_proof_sink *sink, events *e,
                  const int64_t *originals, const int64_t *learned) {
  setup_irred(s, db, sink, e, originals, learned, 0);
}

/* The live learned (irredundant when irred) clauses of s as text:
 * " 1 2 ; 3 4 5 ;". */
static void clauses_text(const gsat_cdcl *s, int irred, char *out, size_t cap) {
  out[0] = 0;
  for (uint64_t c = 0; c < s->arena_top; c += GSAT_CDCL_HDR + s->arena[c + 1]) {
    const uint32_t m = s->arena[c + 2];
    if ((!(m & GSAT_CDCL_LEARNED)) != irred || (m & GSAT_CDCL_DELETED)) continue;
    size_t at = clause_text(out, strlen(out), cap, s->arena + c + GSAT_CDCL_HDR, s->arena[c]);
    snprintf(out + at, cap - at, " ;");
  }
}

/* Every watcher points at a live clause. */
static void watchers_live(const gsat_cdcl *s) {
  for (uint32_t lit = 0; lit < 2 * s->num_vars; lit++) {
    if (s->ws_start[lit] == GSAT_CDCL_NOREF) continue;
    const gsat_watch *ws = s->wpool + s->ws_start[lit] + 1;
    for (uint32_t i = 0; i < s->ws_len[lit]; i++)
      assert_false(s->arena[(ws[i].cref & ~GSAT_CDCL_BIN) + 2] & GSAT_CDCL_DELETED);
  }
}

/* Runs one round on the searcher of setup; checks the learned clauses left,
 * the proof events, the counters, and that no watcher is left on the old
 * clause. */
static void round_gives(const int64_t *originals, const int64_t *learned, const char *left,
                        const char *proof, uint64_t vivified, uint64_t removed) {
  gsat_cdcl s;
  gsat_db db;
  gsat_proof_sink sink;
  events e;
  setup(&s, &db, &sink, &e, originals, learned);
  gsat_db_view view = gsat_db_view_of(&db);
  assert_int_equal(gsat_cdcl_vivify(&s, &view), 1);
  assert_int_equal(s.dlevel, 0);
  watchers_live(&s);
  char text[512];
  clauses_text(&s, 0, text, sizeof text);
  assert_string_equal(text, left);
  assert_string_equal(e.text, proof);
  assert_int_equal(s.n.vivify_tried, 1);
  assert_int_equal(s.n.vivified, vivified);
  assert_int_equal(s.n.vivify_lits, removed);
  assert_int_equal(gsat_cdcl_vivify(&s, &view), 0); /* the next round waits for the interval */
  gsat_cdcl_destroy(&s);
  gsat_db_free(&db);
}

/* -1 and -2 conflict through (1 2 5) (1 2 -5): (1 2 3 4) becomes (1 2). */
static void conflict_shortens(void **state) {
  (void)state;
  round_gives((int64_t[]){1, 2, 5, 0, 1, 2, -5, 0, 3, 4, 6, 0, 0}, (int64_t[]){1, 2, 3, 4, 0},
              " 1 2 ;", "a 1 2 ;d 1 2 3 4 ;", 1, 2);
}

/* -1 implies 3 by (1 6) (-6 3): (1 2 3 4) becomes (1 3), 2 and 4 removed. */
static void implied_literal_shortens(void **state) {
  (void)state;
  round_gives((int64_t[]){1, 6, 0, -6, 3, 0, 2, 4, 5, 0, 0}, (int64_t[]){1, 2, 3, 4, 0}, " 1 3 ;",
              "a 1 3 ;d 1 2 3 4 ;", 1, 2);
}

/* -1 implies 3 by (1 3) alone: (1 3) subsumes (1 2 3 4), which is deleted
 * (nothing added). */
static void subsumed_clause_deleted(void **state) {
  (void)state;
  gsat_cdcl s;
  gsat_db db;
  gsat_proof_sink sink;
  events e;
  setup(&s, &db, &sink, &e, (int64_t[]){1, 3, 0, 2, 4, 5, 0, 0}, (int64_t[]){1, 2, 3, 4, 0});
  gsat_db_view view = gsat_db_view_of(&db);
  assert_int_equal(gsat_cdcl_vivify(&s, &view), 1);
  watchers_live(&s);
  char text[512];
  clauses_text(&s, 0, text, sizeof text);
  assert_string_equal(text, "");
  assert_string_equal(e.text, "d 1 2 3 4 ;");
  assert_int_equal(s.n.vivify_subsumed, 1);
  assert_int_equal(s.n.vivified, 0);
  assert_int_equal(s.learned_live, 0);
  gsat_cdcl_destroy(&s);
  gsat_db_free(&db);
}

/* -1 implies -3 by (1 -3): after -1 and -2 the clause itself implies 4;
 * (1 2 3 4) becomes (1 2 4), 3 removed. */
static void implied_false_literal_removed(void **state) {
  (void)state;
  round_gives((int64_t[]){1, -3, 0, 2, 4, 5, 0, 0}, (int64_t[]){1, 2, 3, 4, 0}, " 1 2 4 ;",
              "a 1 2 4 ;d 1 2 3 4 ;", 1, 1);
}

/* The irredundant clauses with --vivify-irred: -1 and -2 conflict through the
 * binaries (1 5) (2 -5), so the original (1 2 3 4) becomes the irredundant
 * (1 2), added before the old one is deleted; without it (the default) the
 * round tries nothing. */
static void irredundant_clause_shortens(void **state) {
  (void)state;
  const int64_t originals[] = {1, 5, 0, 2, -5, 0, 1, 2, 3, 4, 0, 0}, none[] = {0};
  gsat_cdcl_config cfg;
  gsat_cdcl_config_default(&cfg);
  for (uint32_t irred = 0; irred < 2; irred++) {
    gsat_cdcl s;
    gsat_db db;
    gsat_proof_sink sink;
    events e;
    setup_irred(&s, &db, &sink, &e, originals, none, irred);
    gsat_db_view view = gsat_db_view_of(&db);
    assert_int_equal(gsat_cdcl_vivify(&s, &view), 1);
    watchers_live(&s);
    char text[512];
    clauses_text(&s, 1, text, sizeof text);
    assert_string_equal(text, irred ? " 1 5 ; -5 2 ; 1 2 ;" : " 1 5 ; -5 2 ; 1 2 3 4 ;");
    assert_string_equal(e.text, irred ? "a 1 2 ;d 1 2 3 4 ;" : "");
    assert_int_equal(s.n.vivify_tried, irred);
    assert_int_equal(s.n.vivified, irred);
    assert_int_equal(s.n.vivify_irred, irred);
    assert_int_equal(s.n.vivify_lits, 2 * irred);
    assert_int_equal(s.learned_live, 0);
    gsat_cdcl_destroy(&s);
    gsat_db_free(&db);
  }
}

/* Nothing implies anything: (1 2 3) stays, marked as tried. */
static void nothing_to_remove(void **state) {
  (void)state;
  round_gives((int64_t[]){1, 4, 0, 2, 5, 0, 3, 6, 0, 0}, (int64_t[]){1, 2, 3, 0}, " 1 2 3 ;", "", 0,
              0);
}

/* -1 alone conflicts through (1 5) (1 -5): (1 2 3 4) becomes the unit 1,
 * assigned at level 0; the search then propagates it. */
static void unit_at_the_root(void **state) {
  (void)state;
  gsat_cdcl s;
  gsat_db db;
  gsat_proof_sink sink;
  events e;
  setup(&s, &db, &sink, &e, (int64_t[]){1, 5, 0, 1, -5, 0, 2, 3, 4, 0, 0},
        (int64_t[]){1, 2, 3, 4, 0});
  gsat_db_view view = gsat_db_view_of(&db);
  assert_int_equal(gsat_cdcl_vivify(&s, &view), 1);
  assert_int_equal(s.dlevel, 0);
  assert_int_equal(s.val[L(1)], 1);
  assert_int_equal(s.level[GSAT_VAR(L(1))], 0);
  assert_string_equal(e.text, "a 1 ;d 1 2 3 4 ;");
  assert_int_equal(s.n.vivify_lits, 3);
  gsat_cdcl_destroy(&s);
  gsat_db_free(&db);
}

/* test_add_php's literals, then test_add_php_weak's, into a 0-ended
 * buffer (build's format). */
typedef struct buffer {
  int64_t *at;
} buffer;
static void to_buffer(void *b, int32_t lit) {
  *((buffer *)b)->at++ = lit;
}
static int64_t *php(int n, int64_t *buf) {
  buffer b = {buf};
  test_add_php(&b, to_buffer, n);
  test_add_php_weak(&b, to_buffer, n);
  *b.at = 0;
  return buf;
}

/* Searches with a round every 3 conflicts (--vivify-irred's irredundant clauses
 * too, every BCP variant and heuristic): php 6 refuted, php 6 minus a pigeon
 * satisfied with a model, and vivification shortened clauses on the way and,
 * where the original clauses are in the arena (watched BCP), deleted the
 * subsumed ternaries of test_add_php_weak. */
static void searches_with_rounds(void **state) {
  (void)state;
  static int64_t buf[8192];
  gsat_db unsat, sat;
  build(&unsat, php(6, buf));
  int64_t *p = php(6, buf);
  while (*p) p++;
  build(&sat, p + 1);
  for (int k = 0; k < 4; k++) {
    gsat_cdcl_config cfg;
    gsat_cdcl_config_default(&cfg);
    cfg.decide = k & 1 ? GSAT_CDCL_VMTF : GSAT_CDCL_VSIDS;
    cfg.bcp = k & 2 ? GSAT_CDCL_BCP_STREAMS : GSAT_CDCL_BCP_WATCHED;
    cfg.vivify_interval = 3;
    cfg.vivify = 1000;
    cfg.vivify_irred = 1;
    cfg.reduce_first = 30;
    for (int u = 0; u < 2; u++) {
      const gsat_db *db = u ? &sat : &unsat;
      gsat_cdcl s;
      gsat_error err;
      int refuted = 1;
      assert_int_equal(gsat_cdcl_create(&s, db, &cfg, NULL, &refuted, &err), GSAT_OK);
      gsat_db_view view = gsat_db_view_of(db);
      int res;
      while ((res = gsat_cdcl_search(&s, &view, 1000)) != GSAT_CDCL_SAT && res != GSAT_CDCL_UNSAT)
        if (res != GSAT_CDCL_PAUSED) assert_int_equal(gsat_cdcl_grow(&s, res, &err), GSAT_OK);
      assert_int_equal(res, u ? GSAT_CDCL_SAT : GSAT_CDCL_UNSAT);
      for (uint32_t c = 0; u && c < db->num_clauses; c++) {
        int ok = 0;
        for (uint32_t i = db->clause_start[c]; i < db->clause_start[c + 1]; i++)
          ok |= s.val[db->clause_lits[i]] > 0;
        assert_true(ok);
      }
      if (!u) {
        assert_true(s.n.vivify_tried > 0);
        assert_true(s.n.vivified > 0);
        if (!(k & 2)) assert_true(s.n.vivify_irred > 0);
      }
      gsat_cdcl_destroy(&s);
    }
  }
  gsat_db_free(&unsat);
  gsat_db_free(&sat);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(conflict_shortens),
      cmocka_unit_test(implied_literal_shortens),
      cmocka_unit_test(subsumed_clause_deleted),
      cmocka_unit_test(implied_false_literal_removed),
      cmocka_unit_test(nothing_to_remove),
      cmocka_unit_test(unit_at_the_root),
      cmocka_unit_test(irredundant_clause_shortens),
      cmocka_unit_test(searches_with_rounds),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
