/* Clause sharing (core/share.h) and termination (core/term.h):
 * the sharing rule and the hash, duplicates filtered, a reader that skips its
 * own clauses, a wrapped reader that counts what it missed, concurrent writers
 * and readers on pthreads (nothing lost that fits, nothing torn, duplicates
 * shared once, every ring index accounted for), units and their conflicts,
 * a bridge of two sides on one exchange ring (gsat_share_bridge),
 * and the termination orders (first model wins, answers after the first,
 * cubes refuted last, interrupts, cubes split and refuted by threads). */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/share.h"
#include "core/term.h"

static void *arena;
static int zeroed_arena; /* second group: calloc + gsat_share_init_zeroed */

/* The first group fills the arena with garbage, which gsat_share_init must
 * clear; the second gives gsat_share_init_zeroed a calloc'd arena. */
static void share_new(gsat_share *s, unsigned ring_log2, unsigned filter_log2, uint32_t num_vars) {
  size_t bytes = gsat_share_bytes(ring_log2, filter_log2, num_vars);
  assert_true(bytes > 0);
  arena = zeroed_arena ? calloc(1, bytes) : malloc(bytes);
  assert_non_null(arena);
  if (zeroed_arena) {
    assert_int_equal(gsat_share_init_zeroed(s, arena, ring_log2, filter_log2, num_vars, 8, 2, NULL),
                     GSAT_OK);
  } else {
    memset(arena, 0xa5, bytes);
    assert_int_equal(gsat_share_init(s, arena, ring_log2, filter_log2, num_vars, 8, 2, NULL),
                     GSAT_OK);
  }
}

static int group_zeroed(void **state) {
  (void)state;
  zeroed_arena = 1;
  return 0;
}

static void share_free(void) {
  free(arena);
  arena = NULL;
}

/* Clause (w, i): 2 + (i % 7) literals over distinct variables, the first
 * literal encoding w and i, every other derived from it, so that a torn copy
 * (literals of two clauses) fails clause_ok. */
static uint32_t clause_make(gsat_lit *lits, uint32_t w, uint32_t i) {
  uint32_t len = 2 + i % 7;
  lits[0] = GSAT_LIT(w * 100000u + i, i & 1);
  for (uint32_t k = 1; k < len; k++)
    lits[k] = GSAT_LIT(1000000u + (w * 100000u + i) * 8 + k, (i + k) & 1);
  return len;
}

/* Returns w * 100000 + i for an intact clause, -1 for a torn one. */
static long clause_ok(const gsat_lit *lits, uint32_t len) {
  gsat_lit got[GSAT_SHARE_MAX_LEN], want[GSAT_SHARE_MAX_LEN];
  if (len < 2 || len > GSAT_SHARE_MAX_LEN) return -1;
  int reversed = GSAT_VAR(lits[0]) >= 1000000u; /* exported back to front */
  for (uint32_t k = 0; k < len; k++) got[k] = lits[reversed ? len - 1 - k : k];
  uint32_t v = GSAT_VAR(got[0]);
  if (clause_make(want, v / 100000u, v % 100000u) != len) return -1;
  return memcmp(want, got, len * sizeof *got) == 0 ? (long)v : -1;
}

/* ---- single-threaded ------------------------------------------------------ */

static void test_rule_and_hash(void **state) {
  (void)state;
  gsat_share s;
  share_new(&s, 4, 6, 10);
  assert_true(gsat_share_wants(&s, 8, 50));
  assert_true(gsat_share_wants(&s, 20, 2));
  assert_false(gsat_share_wants(&s, 9, 3));
  assert_false(gsat_share_wants(&s, GSAT_SHARE_MAX_LEN + 1, 1));
  gsat_lit a[] = {4, 9, 17}, b[] = {17, 4, 9}, c[] = {4, 9, 16}, d[] = {4, 9};
  assert_true(gsat_share_hash(a, 3) == gsat_share_hash(b, 3));
  assert_true(gsat_share_hash(a, 3) != gsat_share_hash(c, 3));
  assert_true(gsat_share_hash(a, 3) != gsat_share_hash(d, 2));
  share_free();
}

static void test_export_import(void **state) {
  (void)state;
  gsat_share s;
  share_new(&s, 4, 6, 10);
  gsat_share_reader r0, r1;
  gsat_share_reader_init(&r0, &s, 0);
  gsat_share_reader_init(&r1, &s, 1);
  gsat_lit out[GSAT_SHARE_MAX_LEN];
  uint32_t len;
  assert_int_equal(gsat_share_import(&s, &r0, out, &len), 0);
  gsat_lit a[] = {4, 9, 17}, b[] = {17, 4, 9}, c[] = {2, 5};
  assert_int_equal(gsat_share_export(&s, 1, a, 3), GSAT_SHARE_ADDED);
  assert_int_equal(gsat_share_export(&s, 0, b, 3), GSAT_SHARE_DUPLICATE);
  assert_int_equal(gsat_share_export(&s, 0, c, 2), GSAT_SHARE_ADDED);
  gsat_lit long_clause[GSAT_SHARE_MAX_LEN + 1] = {0};
  assert_int_equal(gsat_share_export(&s, 0, long_clause, GSAT_SHARE_MAX_LEN + 1),
                   GSAT_SHARE_TOO_LONG);
  assert_int_equal(s.exported, 2);
  assert_int_equal(s.duplicates, 1);
  assert_int_equal(s.too_long, 1);
  /* reader 0 sees only producer 1's clause, reader 1 only producer 0's */
  assert_int_equal(gsat_share_import(&s, &r0, out, &len), 1);
  assert_int_equal(len, 3);
  assert_memory_equal(out, a, sizeof a);
  assert_int_equal(gsat_share_import(&s, &r0, out, &len), 0);
  assert_int_equal(gsat_share_import(&s, &r1, out, &len), 1);
  assert_int_equal(len, 2);
  assert_memory_equal(out, c, sizeof c);
  assert_int_equal(gsat_share_import(&s, &r1, out, &len), 0);
  assert_int_equal(r0.missed + r1.missed, 0);
  /* a reader created now starts at the oldest clause still there */
  gsat_share_reader r2;
  gsat_share_reader_init(&r2, &s, 2);
  assert_int_equal(gsat_share_import(&s, &r2, out, &len), 1);
  assert_memory_equal(out, a, sizeof a);
  share_free();
}

/* A ring of its own arena (the bridge test needs three). */
static void *ring_new(gsat_share *s, uint32_t num_vars) {
  void *mem = calloc(1, gsat_share_bytes(4, 6, num_vars));
  assert_non_null(mem);
  assert_int_equal(gsat_share_init_zeroed(s, mem, 4, 6, num_vars, 8, 2, NULL), GSAT_OK);
  return mem;
}

/* Two bridges (gsat_share_bridge) on one exchange ring, as the CPU+GPU
 * portfolio's members and an MPI rank's search and rounds meet: what one
 * side's searchers exported reaches the other side's ring with producer
 * GSAT_SHARE_REMOTE and never comes back into its own, the counts say so,
 * and complementary units end both sides with 20. */
static void test_bridge(void **state) {
  (void)state;
  gsat_share a, b, x;
  void *ma = ring_new(&a, 10), *mb = ring_new(&b, 10), *mx = ring_new(&x, 10);
  gsat_share_bridge ba, bb;
  gsat_share_bridge_init(&ba, &x, 0, 7, 0.5);
  gsat_share_bridge_init(&bb, &x, 1, 0, 0.25);
  assert_int_equal(ba.port.first_id, 7);
  assert_true(ba.port.poll_seconds == 0.5 && bb.port.poll_seconds == 0.25);
  gsat_lit c[] = {4, 9, 17};
  assert_int_equal(gsat_share_export(&a, 3, c, 3), GSAT_SHARE_ADDED);
  assert_int_equal(gsat_share_export(&a, 3, (gsat_lit[]){GSAT_LIT(5, 0)}, 1), GSAT_SHARE_ADDED);
  assert_int_equal(ba.port.poll(ba.port.data, &a), GSAT_CLAUSE_PORT_CONTINUE);
  assert_int_equal(bb.port.poll(bb.port.data, &b), GSAT_CLAUSE_PORT_CONTINUE);
  assert_int_equal(ba.out, 2);
  assert_int_equal(bb.in, 2);
  assert_int_equal(ba.in + bb.out, 0);
  gsat_share_reader remote, searcher;
  gsat_share_reader_init(&remote, &b, GSAT_SHARE_REMOTE);
  gsat_share_reader_init(&searcher, &b, 0);
  gsat_lit out[GSAT_SHARE_MAX_LEN];
  uint32_t len = 0;
  assert_int_equal(
      gsat_share_import_unit(&b, &remote, out) + gsat_share_import(&b, &remote, out, &len), 0);
  assert_int_equal(gsat_share_import_unit(&b, &searcher, out), 1);
  assert_int_equal(out[0], GSAT_LIT(5, 0));
  assert_int_equal(gsat_share_import(&b, &searcher, out, &len), 1);
  assert_int_equal(len, 3);
  assert_memory_equal(out, c, sizeof c);
  /* nothing returns to a: its ring holds its own clause and unit only */
  assert_int_equal(ba.port.poll(ba.port.data, &a), GSAT_CLAUSE_PORT_CONTINUE);
  assert_int_equal(ba.in, 0);
  assert_int_equal(a.cursor + a.unit_count, 2);
  /* complementary units: 6 on a's side, -6 on b's */
  assert_int_equal(gsat_share_export(&a, 3, (gsat_lit[]){GSAT_LIT(6, 0)}, 1), GSAT_SHARE_ADDED);
  assert_int_equal(gsat_share_export(&b, 2, (gsat_lit[]){GSAT_LIT(6, 1)}, 1), GSAT_SHARE_ADDED);
  assert_int_equal(ba.port.poll(ba.port.data, &a), GSAT_CLAUSE_PORT_CONTINUE);
  assert_int_equal(bb.port.poll(bb.port.data, &b), 20);
  assert_int_equal(ba.port.poll(ba.port.data, &a), 20);
  free(ma);
  free(mb);
  free(mx);
}

static void test_wrapped_reader(void **state) {
  (void)state;
  gsat_share s;
  share_new(&s, 3, 8, 10); /* 8 slots */
  gsat_share_reader r;
  gsat_share_reader_init(&r, &s, 0);
  gsat_lit lits[GSAT_SHARE_MAX_LEN], out[GSAT_SHARE_MAX_LEN];
  uint32_t len, got = 0;
  for (uint32_t i = 0; i < 20; i++) {
    uint32_t n = clause_make(lits, 1, i);
    assert_int_equal(gsat_share_export(&s, 1, lits, n), GSAT_SHARE_ADDED);
  }
  long prev = -1;
  while (gsat_share_import(&s, &r, out, &len)) {
    long id = clause_ok(out, len);
    assert_true(id > prev); /* intact, in order */
    prev = id;
    got++;
  }
  assert_int_equal(prev, 100000 + 19);  /* the newest is there */
  assert_true(r.missed >= 12);          /* 20 clauses, 8 slots */
  assert_int_equal(got + r.missed, 20); /* every index read or missed */
  assert_int_equal(s.cursor, 20);
  share_free();
}

/* Units: the first of each variable is added with its producer, a repeat is
 * a duplicate, a complement a conflict; a reader gets the units of other
 * producers in order and passes over its own (counted in r.imported only
 * when returned). */
static void test_units(void **state) {
  (void)state;
  gsat_share s;
  share_new(&s, 3, 4, 4);
  gsat_share_reader r, own;
  gsat_share_reader_init(&r, &s, 0);
  gsat_share_reader_init(&own, &s, 2);
  gsat_lit l;
  assert_int_equal(gsat_share_import_unit(&s, &r, &l), 0);
  gsat_lit x = GSAT_LIT(2, 1);
  assert_int_equal(gsat_share_export(&s, 1, &x, 1), GSAT_SHARE_ADDED);
  assert_int_equal(gsat_share_export_unit(&s, 0, x), GSAT_SHARE_DUPLICATE);
  assert_int_equal(s.unit_conflict, 0);
  assert_int_equal(gsat_share_export_unit(&s, 0, GSAT_NOT(x)), GSAT_SHARE_CONFLICT);
  assert_int_equal(s.unit_conflict, 1);
  assert_int_equal(gsat_share_export_unit(&s, 2, GSAT_LIT(0, 0)), GSAT_SHARE_ADDED);
  assert_int_equal(gsat_share_export_unit(&s, 1, GSAT_LIT(3, 0)), GSAT_SHARE_ADDED);
  assert_int_equal(s.exported, 3);
  assert_int_equal(gsat_share_import_unit(&s, &r, &l), 1);
  assert_int_equal(l, x);
  assert_int_equal(gsat_share_import_unit(&s, &r, &l), 1);
  assert_int_equal(l, GSAT_LIT(0, 0));
  assert_int_equal(gsat_share_import_unit(&s, &r, &l), 1);
  assert_int_equal(l, GSAT_LIT(3, 0));
  assert_int_equal(gsat_share_import_unit(&s, &r, &l), 0);
  assert_int_equal(r.imported, 3);
  /* producer 2's reader: x, then its own unit passed over, then 3 */
  assert_int_equal(gsat_share_import_unit(&s, &own, &l), 1);
  assert_int_equal(l, x);
  assert_int_equal(gsat_share_import_unit(&s, &own, &l), 1);
  assert_int_equal(l, GSAT_LIT(3, 0));
  assert_int_equal(gsat_share_import_unit(&s, &own, &l), 0);
  assert_int_equal(own.next_unit, 3);
  assert_int_equal(own.imported, 2);
  share_free();
}

/* ---- threads ------------------------------------------------------------------ */

enum { WRITERS = 3, READERS = 2, COMMON = 200 };

typedef struct run {
  gsat_share *s;
  uint32_t per_writer; /* distinct clauses per writer */
  int done_writers;    /* atomic */
  uint32_t added[WRITERS];
  /* per reader: how often each clause id was read; torn copies; order */
  uint8_t *seen[READERS];
  uint64_t torn[READERS], disorder[READERS], got[READERS];
  gsat_share_reader reader[READERS];
} run;

typedef struct arg {
  run *run;
  uint32_t id;
} arg;

/* Writer w exports its own clauses, and after every 5th one a clause of the
 * common set (every writer exports the same ones, literals reversed). */
static void *write_main(void *p) {
  arg *a = p;
  run *rn = a->run;
  gsat_lit lits[GSAT_SHARE_MAX_LEN], rev[GSAT_SHARE_MAX_LEN];
  uint32_t common = 0;
  for (uint32_t i = 0; i < rn->per_writer; i++) {
    uint32_t n = clause_make(lits, a->id + 1, i);
    if (gsat_share_export(rn->s, a->id + 1, lits, n) == GSAT_SHARE_ADDED) rn->added[a->id]++;
    if (i % 5 == 4 && common < COMMON) {
      n = clause_make(lits, 0, common++);
      for (uint32_t k = 0; k < n; k++) rev[k] = lits[n - 1 - k];
      if (gsat_share_export(rn->s, a->id + 1, a->id & 1 ? rev : lits, n) == GSAT_SHARE_ADDED)
        rn->added[a->id]++;
    }
  }
  __atomic_fetch_add(&rn->done_writers, 1, __ATOMIC_RELEASE);
  return NULL;
}

static void read_all(run *rn, uint32_t id) {
  gsat_lit out[GSAT_SHARE_MAX_LEN];
  uint32_t len;
  long last[WRITERS + 1];
  for (int w = 0; w <= WRITERS; w++) last[w] = -1;
  while (gsat_share_import(rn->s, &rn->reader[id], out, &len)) {
    long c = clause_ok(out, len);
    if (c < 0) {
      rn->torn[id]++;
      continue;
    }
    int w = (int)(c / 100000);
    if (w > 0 && c <= last[w]) rn->disorder[id]++;
    last[w] = c;
    if (rn->seen[id][c] < 255) rn->seen[id][c]++;
    rn->got[id]++;
  }
}

static void *read_main(void *p) {
  arg *a = p;
  run *rn = a->run;
  while (__atomic_load_n(&rn->done_writers, __ATOMIC_ACQUIRE) < WRITERS) read_all(rn, a->id);
  read_all(rn, a->id); /* what was published after the last pass */
  return NULL;
}

/* The readers start at ring index 0 before any thread runs: a reader that
 * initialised itself in its thread would start wherever the writers had got
 * to when it was first scheduled (the oldest clause then in the ring), and
 * the indices before that would be neither read nor missed. */
static void run_threads(run *rn) {
  pthread_t th[WRITERS + READERS];
  arg args[WRITERS + READERS];
  for (uint32_t t = 0; t < READERS; t++) {
    gsat_share_reader_init(&rn->reader[t], rn->s, 100 + t);
    assert_int_equal(rn->reader[t].next, 0);
  }
  for (uint32_t t = 0; t < READERS; t++) {
    rn->seen[t] = calloc((WRITERS + 1) * 100000u, 1);
    assert_non_null(rn->seen[t]);
    args[t] = (arg){rn, t};
    assert_int_equal(pthread_create(&th[t], NULL, read_main, &args[t]), 0);
  }
  for (uint32_t t = 0; t < WRITERS; t++) {
    args[READERS + t] = (arg){rn, t};
    assert_int_equal(pthread_create(&th[READERS + t], NULL, write_main, &args[READERS + t]), 0);
  }
  for (int t = 0; t < WRITERS + READERS; t++) pthread_join(th[t], NULL);
}

static void run_free(run *rn) {
  for (int t = 0; t < READERS; t++) free(rn->seen[t]);
}

/* Everything fits: every reader gets every clause exactly once. */
static void test_threads_fit(void **state) {
  (void)state;
  gsat_share s;
  share_new(&s, 13, 20, 10); /* 8192 slots, a filter that never evicts here */
  run rn = {.s = &s, .per_writer = 2000};
  run_threads(&rn);
  uint64_t distinct = WRITERS * 2000u + COMMON;
  assert_int_equal(s.exported, distinct);
  assert_int_equal(s.duplicates, (WRITERS - 1) * COMMON);
  assert_int_equal(s.busy, 0);
  assert_int_equal(s.cursor, distinct);
  for (int t = 0; t < READERS; t++) {
    assert_int_equal(rn.torn[t], 0);
    assert_int_equal(rn.disorder[t], 0);
    assert_int_equal(rn.reader[t].missed, 0);
    assert_int_equal(rn.got[t], distinct);
    for (uint32_t w = 1; w <= WRITERS; w++)
      for (uint32_t i = 0; i < 2000; i++) assert_int_equal(rn.seen[t][w * 100000u + i], 1);
    for (uint32_t i = 0; i < COMMON; i++) assert_int_equal(rn.seen[t][i], 1);
  }
  run_free(&rn);
  share_free();
}

/* A small ring laps its readers: no copy is torn, every ring index is read
 * or counted as missed, each producer's clauses arrive in order. */
static void test_threads_wrap(void **state) {
  (void)state;
  gsat_share s;
  share_new(&s, 5, 20, 10); /* 32 slots */
  run rn = {.s = &s, .per_writer = 30000};
  run_threads(&rn);
  uint64_t added = 0;
  for (int w = 0; w < WRITERS; w++) added += rn.added[w];
  assert_int_equal(added, s.exported);
  assert_int_equal(s.cursor, s.exported);
  assert_int_equal(s.exported + s.duplicates + s.busy, WRITERS * (30000u + COMMON));
  for (int t = 0; t < READERS; t++) {
    assert_int_equal(rn.torn[t], 0);
    assert_int_equal(rn.disorder[t], 0);
    print_message("reader %d: %llu read, %llu missed of %llu\n", t, (unsigned long long)rn.got[t],
                  (unsigned long long)rn.reader[t].missed, (unsigned long long)s.cursor);
    assert_int_equal(rn.got[t] + rn.reader[t].missed, s.cursor);
    /* a writer's own clauses are exported once each (a common clause may be
     * shared again after the filter evicted it) */
    for (uint32_t c = 100000u; c < (WRITERS + 1) * 100000u; c++) assert_true(rn.seen[t][c] <= 1);
  }
  run_free(&rn);
  share_free();
}

enum { UNIT_THREADS = 4, UNIT_VARS = 5000 };
static gsat_share unit_share;
static uint32_t unit_conflicts[UNIT_THREADS];

/* Thread t shares a unit of every variable; threads 0 and 1 the positive one
 * of every variable, 2 and 3 the negative one of odd variables. */
static void *unit_main(void *p) {
  uint32_t t = (uint32_t)(uintptr_t)p;
  for (uint32_t v = 0; v < UNIT_VARS; v++) {
    int neg = t >= 2 && (v & 1);
    gsat_share_result r =
        gsat_share_export_unit(&unit_share, (uint32_t)t, GSAT_LIT((v * 7 + t) % UNIT_VARS, neg));
    if (r == GSAT_SHARE_CONFLICT) unit_conflicts[t]++;
  }
  return NULL;
}

static void test_units_threads(void **state) {
  (void)state;
  share_new(&unit_share, 3, 4, UNIT_VARS);
  pthread_t th[UNIT_THREADS];
  for (uintptr_t t = 0; t < UNIT_THREADS; t++)
    assert_int_equal(pthread_create(&th[t], NULL, unit_main, (void *)t), 0);
  for (int t = 0; t < UNIT_THREADS; t++) pthread_join(th[t], NULL);
  gsat_share_reader r;
  gsat_share_reader_init(&r, &unit_share, 9);
  uint8_t *seen = calloc(UNIT_VARS, 1);
  assert_non_null(seen);
  gsat_lit l;
  uint32_t n = 0;
  while (gsat_share_import_unit(&unit_share, &r, &l)) {
    assert_int_equal(seen[GSAT_VAR(l)], 0);
    seen[GSAT_VAR(l)] = 1;
    assert_int_equal(unit_share.unit_value[GSAT_VAR(l)], 1 + GSAT_SIGN(l));
    n++;
  }
  assert_int_equal(n, UNIT_VARS); /* one unit per variable */
  uint32_t conflicts = 0;
  for (int t = 0; t < UNIT_THREADS; t++) conflicts += unit_conflicts[t];
  assert_true(conflicts >= UNIT_VARS / 2); /* each odd variable: both signs */
  assert_int_equal(unit_share.unit_conflict, 1);
  free(seen);
  share_free();
}

/* ---- termination ------------------------------------------------------------- */

static void test_term_orders(void **state) {
  (void)state;
  gsat_term t;
  gsat_term_init(&t);
  assert_false(gsat_term_stopped(&t));
  assert_int_equal(gsat_term_sat(&t, 3), 1);
  assert_true(gsat_term_stopped(&t));
  assert_int_equal(gsat_term_sat(&t, 1), 0); /* a second model loses */
  assert_int_equal(t.winner, 3);
  assert_int_equal(t.disagree, 0);
  assert_int_equal(gsat_term_unsat(&t, 2), 0); /* contradicts the first */
  assert_int_equal(t.answer, GSAT_TERM_SAT);
  assert_int_equal(t.disagree, 1);

  gsat_term_init(&t);
  gsat_term_split(&t);
  gsat_term_split(&t); /* three open cubes */
  assert_int_equal(gsat_term_cube_refuted(&t, 0), 0);
  assert_int_equal(gsat_term_cube_refuted(&t, 1), 0);
  assert_false(gsat_term_stopped(&t));
  assert_int_equal(t.answer, GSAT_TERM_UNKNOWN);
  assert_int_equal(gsat_term_cube_refuted(&t, 2), 1);
  assert_int_equal(t.answer, GSAT_TERM_UNSAT);
  assert_int_equal(t.winner, 2);
  assert_true(gsat_term_stopped(&t));

  gsat_term_init(&t);
  gsat_term_interrupt(&t);
  assert_true(gsat_term_stopped(&t));
  assert_int_equal(t.answer, GSAT_TERM_UNKNOWN);
  assert_int_equal(gsat_term_unsat(&t, 0), 1); /* an answer still counts */
  assert_int_equal(t.answer, GSAT_TERM_UNSAT);
}

/* Threads take cubes from a queue and split (depth < 10) or refute them; the
 * answer must be UNSAT exactly when the last cube is refuted, after every
 * split, with splits + 1 refutations. */
enum { CUBE_THREADS = 4, MAX_CUBES = 4096 };
static gsat_term cube_term;
static pthread_mutex_t cube_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t cube_depth[MAX_CUBES], cube_count, cube_splits, cube_refuted;
static uint32_t cube_refuted_at_win;
static int cube_early, cube_last;

static void *cube_main(void *p) {
  uint32_t id = (uint32_t)(uintptr_t)p, seed = id * 2654435761u + 1;
  while (!gsat_term_stopped(&cube_term)) {
    pthread_mutex_lock(&cube_lock);
    int have = cube_count > 0;
    uint32_t depth = have ? cube_depth[--cube_count] : 0;
    pthread_mutex_unlock(&cube_lock);
    if (!have) { /* others hold cubes: wait for a donation */
      sched_yield();
      continue;
    }
    for (;;) {
      seed = seed * 1103515245u + 12345u;
      if (depth < 10 && (seed >> 16) % 3 != 0) { /* split: donate one half */
        gsat_term_split(&cube_term);
        pthread_mutex_lock(&cube_lock);
        cube_depth[cube_count++] = ++depth;
        cube_splits++;
        pthread_mutex_unlock(&cube_lock);
        continue;
      }
      pthread_mutex_lock(&cube_lock);
      cube_refuted++;
      pthread_mutex_unlock(&cube_lock);
      if (gsat_term_stopped(&cube_term)) cube_early = 1;
      if (gsat_term_cube_refuted(&cube_term, id)) {
        /* Every other refutation was counted before its call, and no cube can
         * be queued or split once the last one is refuted: what the winner
         * sees now is final. (A count taken before the call is not: a queued
         * cube may be taken and refuted in between.) */
        pthread_mutex_lock(&cube_lock);
        cube_last = cube_count == 0 ? 1 : -1;
        cube_refuted_at_win = cube_refuted;
        pthread_mutex_unlock(&cube_lock);
      }
      break;
    }
  }
  return NULL;
}

static void test_term_cubes_threads(void **state) {
  (void)state;
  for (int round = 0; round < 20; round++) {
    gsat_term_init(&cube_term);
    cube_count = 1;
    cube_depth[0] = 0;
    cube_splits = cube_refuted = cube_refuted_at_win = 0;
    cube_early = cube_last = 0;
    pthread_t th[CUBE_THREADS];
    for (uintptr_t t = 0; t < CUBE_THREADS; t++)
      assert_int_equal(pthread_create(&th[t], NULL, cube_main, (void *)t), 0);
    for (int t = 0; t < CUBE_THREADS; t++) pthread_join(th[t], NULL);
    assert_int_equal(cube_term.answer, GSAT_TERM_UNSAT);
    assert_int_equal(cube_early, 0);
    assert_int_equal(cube_last, 1);
    assert_int_equal(cube_count, 0);
    assert_int_equal(cube_refuted, cube_splits + 1);
    assert_int_equal(cube_refuted_at_win, cube_refuted);
    assert_int_equal(cube_term.open_cubes, 0);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rule_and_hash),  cmocka_unit_test(test_export_import),
      cmocka_unit_test(test_wrapped_reader), cmocka_unit_test(test_bridge),
      cmocka_unit_test(test_units),          cmocka_unit_test(test_threads_fit),
      cmocka_unit_test(test_threads_wrap),   cmocka_unit_test(test_units_threads),
      cmocka_unit_test(test_term_orders),    cmocka_unit_test(test_term_cubes_threads),
  };
  int failed = cmocka_run_group_tests_name("gsat_share_init", tests, NULL, NULL);
  return failed + cmocka_run_group_tests_name("gsat_share_init_zeroed", tests, group_zeroed, NULL);
}
