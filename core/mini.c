/* A small CDCL solver: see mini.h. */
#include "core/mini.h"

#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX

typedef struct mvec {
  uint32_t *a;
  uint32_t n, cap;
} mvec;

struct gsat_mini {
  uint32_t vars, cap;
  int8_t *val;              /* [2 vars] 1 true, -1 false */
  uint32_t *level, *reason; /* [vars] */
  uint8_t *seen, *phase, *model;
  mvec *watch; /* [2 vars] clauses with the literal among their first two */
  mvec mem;    /* clauses: size, then literals */
  mvec trail, lim, tmp;
  uint32_t qhead;
  uint32_t next; /* every variable below it is assigned */
  int inconsistent, oom;
};

static void mpush(gsat_mini *m, mvec *v, uint32_t x) {
  if (v->n == v->cap) {
    uint32_t cap = v->cap ? 2 * v->cap : 8;
    uint32_t *a = realloc(v->a, (size_t)cap * sizeof *a);
    if (!a) {
      m->oom = 1;
      return;
    }
    v->a = a, v->cap = cap;
  }
  v->a[v->n++] = x;
}

gsat_mini *gsat_mini_new(void) {
  return calloc(1, sizeof(gsat_mini));
}

static void free_arrays(gsat_mini *m) {
  for (size_t l = 0; m->watch && l < 2 * (size_t)m->cap; l++) free(m->watch[l].a);
  free(m->watch), free(m->val), free(m->level), free(m->reason);
  free(m->seen), free(m->phase), free(m->model);
}

void gsat_mini_free(gsat_mini *m) {
  if (!m) return;
  free_arrays(m);
  free(m->mem.a), free(m->trail.a), free(m->lim.a), free(m->tmp.a);
  free(m);
}

static int grow(gsat_mini *m, uint32_t vars) {
  free_arrays(m);
  const size_t V = vars + (size_t)1;
  m->cap = vars;
  m->watch = calloc(2 * V, sizeof *m->watch);
  m->val = malloc(2 * V), m->level = malloc(V * sizeof *m->level);
  m->reason = malloc(V * sizeof *m->reason);
  m->seen = malloc(V), m->phase = malloc(V), m->model = malloc(V);
  if (m->watch && m->val && m->level && m->reason && m->seen && m->phase && m->model) return 1;
  free_arrays(m);
  m->watch = NULL, m->val = NULL, m->level = m->reason = NULL;
  m->seen = m->phase = m->model = NULL;
  m->cap = 0;
  return 0;
}

int gsat_mini_reset(gsat_mini *m, uint32_t vars) {
  if (vars > m->cap && !grow(m, vars)) return 0;
  for (size_t l = 0; l < 2 * (size_t)vars; l++) m->watch[l].n = 0;
  memset(m->val, 0, 2 * (size_t)vars);
  memset(m->seen, 0, vars), memset(m->phase, 0, vars), memset(m->model, 0, vars);
  m->vars = vars;
  m->mem.n = m->trail.n = m->lim.n = m->qhead = m->next = 0;
  m->inconsistent = m->oom = 0;
  return 1;
}

static void assign(gsat_mini *m, gsat_lit l, uint32_t reason) {
  m->val[l] = 1, m->val[GSAT_NOT(l)] = -1;
  m->level[GSAT_VAR(l)] = m->lim.n;
  m->reason[GSAT_VAR(l)] = reason;
  mpush(m, &m->trail, l);
}

/* Stores clause l[0..k-1] (k >= 2), watching its first two literals. */
static uint32_t store(gsat_mini *m, const gsat_lit *l, uint32_t k) {
  uint32_t c = m->mem.n;
  mpush(m, &m->mem, k);
  for (uint32_t i = 0; i < k; i++) mpush(m, &m->mem, l[i]);
  mpush(m, &m->watch[l[0]], c);
  mpush(m, &m->watch[l[1]], c);
  return c;
}

int gsat_mini_add(gsat_mini *m, const gsat_lit *lits, uint32_t k) {
  if (k == 0) m->inconsistent = 1;
  if (k == 1 && m->val[lits[0]] < 0) m->inconsistent = 1;
  if (k == 1 && !m->val[lits[0]]) assign(m, lits[0], NONE);
  if (k >= 2) store(m, lits, k);
  return !m->oom;
}

/* Visits the clauses watching NOT t; returns a falsified clause or NONE. */
static uint32_t visit(gsat_mini *m, gsat_lit t, uint64_t *ticks) {
  const gsat_lit f = GSAT_NOT(t);
  mvec *w = &m->watch[f];
  uint32_t j = 0, i = 0, conflict = NONE;
  for (; i < w->n && conflict == NONE; i++) {
    uint32_t c = w->a[i], k = m->mem.a[c];
    gsat_lit *l = m->mem.a + c + 1;
    ++*ticks;
    if (l[0] == f) l[0] = l[1], l[1] = f;
    if (m->val[l[0]] > 0) {
      w->a[j++] = c;
      continue;
    }
    uint32_t r = 2;
    while (r < k && m->val[l[r]] < 0) r++;
    if (r < k) {
      l[1] = l[r], l[r] = f;
      mpush(m, &m->watch[l[1]], c);
      continue;
    }
    w->a[j++] = c;
    if (m->val[l[0]] < 0)
      conflict = c;
    else
      assign(m, l[0], c);
  }
  while (i < w->n) w->a[j++] = w->a[i++];
  w->n = j;
  return conflict;
}

static uint32_t propagate(gsat_mini *m, uint64_t *ticks) {
  uint32_t conflict = NONE;
  while (conflict == NONE && m->qhead < m->trail.n && !m->oom)
    conflict = visit(m, m->trail.a[m->qhead++], ticks);
  return conflict;
}

static void backtrack(gsat_mini *m, uint32_t level) {
  if (m->lim.n <= level) return;
  uint32_t to = m->lim.a[level];
  for (uint32_t i = to; i < m->trail.n; i++) {
    gsat_lit l = m->trail.a[i];
    m->phase[GSAT_VAR(l)] = (uint8_t)GSAT_SIGN(l);
    m->val[l] = m->val[GSAT_NOT(l)] = 0;
    if (GSAT_VAR(l) < m->next) m->next = GSAT_VAR(l);
  }
  m->trail.n = m->qhead = to;
  m->lim.n = level;
}

/* First-UIP analysis of conflict c into m->tmp (the asserting literal
 * first, a literal of the backjump level second); returns that level. */
static uint32_t analyze(gsat_mini *m, uint32_t c) {
  m->tmp.n = 0;
  mpush(m, &m->tmp, 0);
  uint32_t open = 0, idx = m->trail.n, start = 0;
  gsat_lit p = 0;
  do {
    uint32_t k = m->mem.a[c];
    const gsat_lit *l = m->mem.a + c + 1;
    for (uint32_t i = start; i < k; i++) {
      gsat_var v = GSAT_VAR(l[i]);
      if (m->seen[v] || !m->level[v]) continue;
      m->seen[v] = 1;
      if (m->level[v] == m->lim.n)
        open++;
      else
        mpush(m, &m->tmp, l[i]);
    }
    while (!m->seen[GSAT_VAR(m->trail.a[--idx])]) {
    }
    p = m->trail.a[idx];
    c = m->reason[GSAT_VAR(p)];
    m->seen[GSAT_VAR(p)] = 0;
    start = 1;
  } while (--open);
  m->tmp.a[0] = GSAT_NOT(p);
  uint32_t jump = 0;
  for (uint32_t i = 1; i < m->tmp.n; i++) {
    gsat_var v = GSAT_VAR(m->tmp.a[i]);
    m->seen[v] = 0;
    if (m->level[v] > jump) {
      jump = m->level[v];
      gsat_lit t = m->tmp.a[1];
      m->tmp.a[1] = m->tmp.a[i], m->tmp.a[i] = t;
    }
  }
  return jump;
}

/* Learns from conflict c (level above 0): logged, stored, asserted. */
static void learn_from(gsat_mini *m, uint32_t c, gsat_mini_learn_fn learn, void *data) {
  uint32_t jump = analyze(m, c);
  if (m->oom) return;
  learn(data, m->tmp.a, m->tmp.n);
  backtrack(m, jump);
  uint32_t r = m->tmp.n > 1 ? store(m, m->tmp.a, m->tmp.n) : NONE;
  assign(m, m->tmp.a[0], r);
}

/* The next decision: the lowest free variable in its saved phase, or NONE
 * (every variable assigned: a model). */
static gsat_lit decision(gsat_mini *m) {
  while (m->next < m->vars && m->val[GSAT_LIT(m->next, 0)]) m->next++;
  return m->next < m->vars ? GSAT_LIT(m->next, m->phase[m->next]) : NONE;
}

int gsat_mini_solve(gsat_mini *m, const gsat_lit *assume, uint32_t n, uint64_t *ticks,
                    uint64_t tick_limit, gsat_mini_learn_fn learn, void *data) {
  backtrack(m, 0);
  for (;;) {
    if (m->inconsistent) return GSAT_MINI_UNSAT;
    uint32_t c = propagate(m, ticks);
    if (m->oom) return GSAT_MINI_NOMEM;
    if (c != NONE && !m->lim.n) {
      learn(data, NULL, 0);
      m->inconsistent = 1;
      continue;
    }
    if (c != NONE) {
      learn_from(m, c, learn, data);
      continue;
    }
    if (*ticks > tick_limit) return backtrack(m, 0), GSAT_MINI_UNKNOWN;
    gsat_lit d = m->lim.n < n ? assume[m->lim.n] : decision(m);
    if (d == NONE) break;
    if (m->val[d] < 0) return backtrack(m, 0), GSAT_MINI_UNSAT;
    mpush(m, &m->lim, m->trail.n);
    if (!m->val[d]) assign(m, d, NONE);
  }
  for (gsat_var v = 0; v < m->vars; v++) m->model[v] = m->val[GSAT_LIT(v, 0)] > 0;
  backtrack(m, 0);
  return GSAT_MINI_SAT;
}

int gsat_mini_value(const gsat_mini *m, gsat_lit l) {
  return m->model[GSAT_VAR(l)] ^ GSAT_SIGN(l);
}
