/* Cubes by look-ahead splitting (cpu_ref.h gsat_cpu_cubes): one CPU searcher
 * of the DPLL step code with the look-ahead heuristic (dpll_lookahead.h)
 * splits the shallowest open cube on its decision until there are enough, as
 * march_cu makes the cubes of cube-and-conquer (Heule, Kullmann, Wieringa and
 * Biere, "Cube and Conquer", HVC 2011). */
#include "cpu_ref.h"

#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "core/cube.h"
#include "core/dpll.h"

/* A FIFO of cubes: cube k is lits[start[k] .. start[k + 1]), k from head. */
typedef struct fifo {
  gsat_lit *lits;
  size_t *start;
  size_t head, tail, lits_cap, cubes_cap;
} fifo;

/* Appends a cube: cube k of the queue (k < tail; none: k == tail) plus
 * `extra` (GSAT_DPLL_NONE: nothing).  Returns 0 when out of memory. */
static int fifo_push(fifo *q, size_t k, gsat_lit extra) {
  const size_t n = k < q->tail ? q->start[k + 1] - q->start[k] : 0;
  const size_t used = q->start[q->tail], need = used + n + 1;
  if (need > q->lits_cap) {
    const size_t cap = 2 * need;
    gsat_lit *l = realloc(q->lits, cap * sizeof *l);
    if (!l) return 0;
    q->lits = l;
    q->lits_cap = cap;
  }
  if (q->tail + 2 > q->cubes_cap) {
    const size_t cap = 2 * q->cubes_cap + 2;
    size_t *s = realloc(q->start, cap * sizeof *s);
    if (!s) return 0;
    q->start = s;
    q->cubes_cap = cap;
  }
  if (n) memcpy(q->lits + used, q->lits + q->start[k], n * sizeof *q->lits);
  q->start[++q->tail] = used + n + (extra != GSAT_DPLL_NONE);
  if (extra != GSAT_DPLL_NONE) q->lits[used + n] = extra;
  return 1;
}

/* Splits cube k: replays it and decides by look-ahead.  Returns -1 when the
 * cube is refuted, 0 when every clause is satisfied below it (a leaf), 1 with
 * both children queued; -2 when out of memory. */
static int split(gsat_dpll *s, const gsat_db_view *view, fifo *q, size_t k) {
  const uint32_t n = (uint32_t)(q->start[k + 1] - q->start[k]);
  if (gsat_dpll_start_cube(s, view, q->lits + q->start[k], n)) return -1;
  const gsat_lit lit = gsat_dpll_decide(s, view);
  if (s->conflict) return -1;
  if (lit == GSAT_DPLL_NONE) return 0;
  s->n.nodes += 2;
  return fifo_push(q, k, lit) && fifo_push(q, k, GSAT_NOT(lit)) ? 1 : -2;
}

gsat_status gsat_cpu_cubes(const gsat_db *db, uint64_t max_cubes, const gsat_flag *stop,
                           gsat_cube_emit emit, void *data, gsat_cpu_cubes_result *r,
                           gsat_error *err) {
  memset(r, 0, sizeof *r);
  gsat_dpll s;
  fifo q = {0};
  const gsat_db_view view = gsat_db_view_of(db);
  gsat_status st = GSAT_OK;
  if (!gsat_cpu_dpll_alloc(&s, db, GSAT_DECIDE_LOOKAHEAD) ||
      !(q.start = calloc(1, sizeof *q.start)) || !fifo_push(&q, 0, GSAT_DPLL_NONE))
    st = gsat_error_set(err, GSAT_NOMEM, "out of memory for the cube splitter");
  const int refuted = st == GSAT_OK && gsat_dpll_init_root(&s, &view, db->units, db->num_units);
  if (refuted) q.head = q.tail; /* no cube */
  /* split the shallowest open cube while fewer than max_cubes are open or done */
  while (st == GSAT_OK && q.head < q.tail && q.tail - q.head + r->cubes < max_cubes) {
    if (stop && GSAT_FLAG_IS_RAISED(stop)) {
      st = GSAT_INTERRUPTED;
      break;
    }
    const size_t k = q.head++;
    const int res = split(&s, &view, &q, k);
    if (res == -2) st = gsat_error_set(err, GSAT_NOMEM, "out of memory for %zu cubes", q.tail);
    r->refuted += res == -1;
    if (res == 0 && !emit(data, q.lits + q.start[k], (uint32_t)(q.start[k + 1] - q.start[k])))
      st = gsat_error_set(err, GSAT_IO, "cannot write the cubes");
    r->cubes += res == 0;
  }
  /* the open cubes, those that propagation does not refute */
  for (size_t k = q.head; st == GSAT_OK && k < q.tail; k++) {
    const uint32_t n = (uint32_t)(q.start[k + 1] - q.start[k]);
    if (gsat_dpll_start_cube(&s, &view, q.lits + q.start[k], n)) {
      r->refuted++;
      continue;
    }
    if (!emit(data, q.lits + q.start[k], n))
      st = gsat_error_set(err, GSAT_IO, "cannot write the cubes");
    r->cubes++;
    r->max_len = n > r->max_len ? n : r->max_len;
  }
  r->n = s.n;
  gsat_cpu_dpll_free(&s);
  free(q.lits);
  free(q.start);
  return st;
}

/* db with occurrence streams for the look-ahead: db itself when it has them,
 * else *tmp, a shallow copy with streams of its own (free them with
 * drop_streams).  Errors: those of gsat_db_build_streams. */
static gsat_status with_streams(const gsat_db *db, gsat_db *tmp, const gsat_db **out,
                                gsat_error *err) {
  *out = db;
  if (db->occ_start) return GSAT_OK;
  *tmp = *db;
  tmp->occ_start = NULL;
  tmp->occ_stream = NULL;
  tmp->stream_entries = 0;
  for (uint32_t k = 0; k < db->num_clauses; k++) {
    const uint64_t len = db->clause_start[k + 1] - db->clause_start[k];
    tmp->stream_entries += len * len;
  }
  GSAT_FORWARD(gsat_db_build_streams(tmp, NULL, 0, err));
  *out = tmp;
  return GSAT_OK;
}

static void drop_streams(const gsat_db *db, gsat_db *tmp) {
  if (db == tmp) {
    free(tmp->occ_start);
    free(tmp->occ_stream);
  }
}

/* Splits leaf x of c on the look-ahead's decision (two new nodes, x's open
 * count 2).  Returns 1 when split, 0 when x stays a leaf (refuted, satisfied,
 * or the node array is full). */
static int seed_split(gsat_dpll *s, const gsat_db_view *view, gsat_cubes *c, uint32_t x,
                      gsat_lit *path, uint64_t *refuted) {
  const uint32_t n = gsat_cubes_path(c, x, path, view->num_vars);
  if (gsat_dpll_start_cube(s, view, path, n)) {
    ++*refuted;
    return 0;
  }
  const gsat_lit lit = gsat_dpll_decide(s, view);
  *refuted += s->conflict != 0;
  if (s->conflict || lit == GSAT_DPLL_NONE || c->node_cap - c->node_count < 2) return 0;
  const uint32_t at = c->node_count;
  c->node_count += 2;
  for (uint32_t k = 0; k < 2; k++) {
    c->parent[at + k] = x;
    c->lit[at + k] = k ? GSAT_NOT(lit) : lit;
    c->open[at + k] = 0;
  }
  c->open[x] = 2;
  s->n.nodes += 2;
  return 1;
}

gsat_status gsat_cpu_cubes_seed(const gsat_db *db, uint32_t max_cubes, const gsat_flag *stop,
                                double deadline, gsat_cubes *c, gsat_term *t,
                                gsat_cpu_cubes_result *r, gsat_error *err) {
  memset(r, 0, sizeof *r);
  const uint64_t slots = c->queue_mask + 1;
  GSAT_RETURN_IF(max_cubes < 1 || max_cubes > slots || c->node_count != 1, err, USAGE,
                 "look-ahead cubes: %u for a queue of %llu slots and a fresh tree", max_cubes,
                 (unsigned long long)slots);
  gsat_db tmp;
  const gsat_db *sdb;
  GSAT_FORWARD(with_streams(db, &tmp, &sdb, err));
  const gsat_db_view view = gsat_db_view_of(sdb);
  gsat_dpll s;
  gsat_lit *path = malloc(((size_t)db->num_vars + 1) * sizeof *path);
  uint32_t *open_leaves = malloc(((size_t)2 * max_cubes + 1) * sizeof *open_leaves);
  gsat_status st = GSAT_OK;
  if (!gsat_cpu_dpll_alloc(&s, db, GSAT_DECIDE_LOOKAHEAD) || !path || !open_leaves)
    st = gsat_error_set(err, GSAT_NOMEM, "out of memory for the look-ahead cubes");
  /* breadth first: open_leaves[head..tail) are the leaves still to split, `done` the
   * leaves that stay (refuted or satisfied) */
  uint32_t head = 0, tail = 0, done = 0;
  if (st == GSAT_OK && !gsat_dpll_init_root(&s, &view, db->units, db->num_units))
    open_leaves[tail++] = 0;
  while (st == GSAT_OK && head < tail && tail - head + done < max_cubes &&
         !(stop && GSAT_FLAG_IS_RAISED(stop)) && !(deadline > 0 && gsat_seconds() >= deadline)) {
    const uint32_t x = open_leaves[head++];
    if (!seed_split(&s, &view, c, x, path, &r->refuted)) {
      done++;
      continue;
    }
    open_leaves[tail++] = c->node_count - 2;
    open_leaves[tail++] = c->node_count - 1;
  }
  if (st == GSAT_OK) { /* every leaf into the queue, in the order the nodes were made */
    for (uint32_t x = 0; x < c->node_count; x++)
      if (c->open[x] == 0) {
        gsat_cubes_push(c, x); /* leaves <= max_cubes <= slots */
        r->cubes++;
        const uint32_t len = gsat_cubes_path(c, x, path, db->num_vars);
        r->max_len = len > r->max_len ? len : r->max_len;
      }
    t->open_cubes = r->cubes;
    r->n = s.n;
  }
  gsat_cpu_dpll_free(&s);
  free(path);
  free(open_leaves);
  drop_streams(sdb, &tmp);
  return st;
}
