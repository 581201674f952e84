/* Preprocessing of the CDCL search: see simp.h. */
#include "core/simp.h"

#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "core/db.h"
#include "core/mini.h"
#include "core/options.h"
#include "core/search.h"

#define DELETED 1u  /* clause flag */
#define QUEUED  2u  /* clause flag: in the subsumption queue */
#define GATE    4u  /* clause flag: a gate clause of the variable tried */
#define MATCHED 8u  /* clause flag: in the match of bounded variable addition */
#define USED    16u /* clause flag: in a match of BVA's first pass, which replaces nothing */
#define HYPER   32u /* clause flag: a hyper-binary resolvent that subsumed no clause */
#define SWEPT   64u /* clause flag: in the environment of the variable swept */
#define SUBSUME_OCC_LIMIT                                                                          \
  1000         /* a clause whose rarest variable occurs more often                                 \
                  subsumes nothing (Kissat bounds it alike) */
#define HDR 3u /* clause header: size, flags, signature */

typedef struct vec {
  uint32_t *a;
  uint32_t n, cap;
} vec;

typedef struct simp {
  uint32_t V;
  vec mem;     /* clauses: size, flags, literals */
  vec clauses; /* references of every clause made */
  vec *occ;    /* [2V] references of the live clauses with the literal */
  vec trail;   /* root assignments, in order */
  vec tmp, tmp2, queue;
  vec hbr;          /* probing: the literals a clause of 3 or more literals implied */
  uint64_t hbr_cap; /* probing: hyper-binary resolvents still allowed */
  int8_t *val;      /* [2V] 1 true, -1 false */
  uint8_t *mark;    /* [2V] */
  uint8_t *elim;    /* [V] eliminated */
  uint8_t *touched; /* [V] a clause with it changed since its last try */
  uint32_t qhead;
  uint32_t vcap;     /* variables the per-variable arrays hold (fresh ones grow them) */
  uint32_t V0;       /* variables of the input: the fresh ones follow */
  uint64_t ext_vars; /* the input's external variables: the fresh ones follow */
  uint32_t *stamp;   /* [2V] bounded variable addition: a literal's last column */
  uint32_t *count;   /* [2V] bounded variable addition: a literal's entries */
  uint64_t *hop;     /* [2V] bounded variable addition: the 3-hop vectors */
  uint32_t *head;    /* [2V] bounded variable addition: a literal's last entry of P */
  uint64_t *h3;      /* [2V] bounded variable addition: a literal's 3-hop value + 1 (0: none) */
  gsat_simp_ext *ext;
  const gsat_proof_sink *proof;
  const gsat_simp_config *cfg;
  gsat_worker_stats *n;
  uint64_t steps, limit;
  uint32_t polls;
  uint64_t lits;             /* literals of the formula loaded */
  const uint8_t *sweep_only; /* [V] sweeping: only the variables marked (NULL: all) */
  uint64_t reward_left;      /* sweeping: steps its proofs may still add to the limit */
  int unsat, oom;
} simp;

/* Doubles the capacity *cap of array *a of elem-byte entries (at least 8);
 * 0 (s->oom set) when out of memory. */
static int grow_array(simp *s, void **a, uint32_t *cap, size_t elem) {
  const uint32_t n = *cap ? 2 * *cap : 8;
  void *b = realloc(*a, (size_t)n * elem);
  if (!b) {
    s->oom = 1;
    return 0;
  }
  *a = b;
  *cap = n;
  return 1;
}

static void push(simp *s, vec *v, uint32_t x) {
  if (v->n == v->cap && !grow_array(s, (void **)&v->a, &v->cap, sizeof *v->a)) return;
  v->a[v->n++] = x;
}

static uint32_t *lits_of(simp *s, uint32_t c) {
  return s->mem.a + c + HDR;
}
static uint32_t size_of(const simp *s, uint32_t c) {
  return s->mem.a[c];
}
static uint32_t *flags_of(simp *s, uint32_t c) {
  return &s->mem.a[c + 1];
}
/* A clause's signature: bit (variable mod 32) of each of its variables; a
 * clause subsumes or strengthens another only when its bits are among the
 * other's. */
static uint32_t signature(const gsat_lit *l, uint32_t k) {
  uint32_t sig = 0;
  for (uint32_t i = 0; i < k; i++) sig |= 1u << (GSAT_VAR(l[i]) & 31);
  return sig;
}
static uint32_t sig_of(const simp *s, uint32_t c) {
  return s->mem.a[c + 2];
}
/* The clauses of variable v. */
static uint32_t occurrences(const simp *s, gsat_var v) {
  return s->occ[GSAT_LIT(v, 0)].n + s->occ[GSAT_LIT(v, 1)].n;
}

static int dead(simp *s, uint32_t c) {
  return (*flags_of(s, c) & DELETED) != 0;
}

static void log_add(simp *s, const gsat_lit *l, uint32_t k) {
  if (s->proof) s->proof->add(s->proof->data, l, k);
}
static void log_del(simp *s, const gsat_lit *l, uint32_t k) {
  if (s->proof) s->proof->del(s->proof->data, l, k);
}

/* Whether the work budget or the time is used up (the stop flag too). */
static int out_of_time(simp *s) {
  if (s->unsat || s->oom || s->steps > s->limit) return 1;
  if ((++s->polls & 0x3ff) != 0) return 0;
  if (s->cfg->stop && GSAT_FLAG_IS_RAISED(s->cfg->stop)) return 1;
  return s->cfg->deadline > 0 && gsat_seconds() >= s->cfg->deadline;
}

static void occ_remove(simp *s, gsat_lit l, uint32_t c) {
  vec *o = &s->occ[l];
  for (uint32_t i = 0; i < o->n; i++)
    if (o->a[i] == c) {
      o->a[i] = o->a[--o->n];
      return;
    }
}

static void touch_clause(simp *s, const gsat_lit *l, uint32_t k) {
  for (uint32_t i = 0; i < k; i++) s->touched[GSAT_VAR(l[i])] = 1;
}

static void refute(simp *s) {
  if (!s->unsat) log_add(s, NULL, 0);
  s->unsat = 1;
}

/* A root unit l (already in the proof or the input). */
static void assign(simp *s, gsat_lit l) {
  if (s->val[l] > 0) return;
  if (s->val[l] < 0) {
    refute(s);
    return;
  }
  s->val[l] = 1;
  s->val[GSAT_NOT(l)] = -1;
  push(s, &s->trail, l);
}

/* Deletes clause c (from the proof when log). */
static void delete_clause(simp *s, uint32_t c, int log) {
  uint32_t k = size_of(s, c);
  gsat_lit *l = lits_of(s, c);
  if (log) log_del(s, l, k);
  for (uint32_t i = 0; i < k; i++) occ_remove(s, l[i], c);
  touch_clause(s, l, k);
  *flags_of(s, c) |= DELETED;
}

/* Adds clause l[0..k-1] (no duplicate literals, no tautology), logged when
 * log; a unit is assigned, the empty clause refutes.  Returns the clause's
 * reference, or UINT32_MAX when none was stored. */
static uint32_t add_clause(simp *s, const gsat_lit *l, uint32_t k, int log) {
  if (log) log_add(s, l, k);
  if (k == 0) refute(s);
  if (k == 1) assign(s, l[0]);
  if (k < 2) return UINT32_MAX;
  uint32_t c = s->mem.n;
  push(s, &s->mem, k);
  push(s, &s->mem, 0);
  push(s, &s->mem, signature(l, k));
  for (uint32_t i = 0; i < k; i++) push(s, &s->mem, l[i]);
  push(s, &s->clauses, c);
  if (s->oom) return UINT32_MAX;
  for (uint32_t i = 0; i < k; i++) push(s, &s->occ[l[i]], c);
  touch_clause(s, l, k);
  return c;
}

/* Replaces clause c by l[0..k-1], a subset of its literals: the new clause is
 * logged before the old one is deleted; a unit is assigned (the clause then
 * goes), the empty clause refutes. */
static void shrink_clause(simp *s, uint32_t c, const gsat_lit *l, uint32_t k) {
  log_add(s, l, k);
  uint32_t n = size_of(s, c);
  gsat_lit *old = lits_of(s, c);
  log_del(s, old, n);
  touch_clause(s, old, n);
  if (k < 2) {
    delete_clause(s, c, 0);
    if (k == 0)
      refute(s);
    else
      assign(s, l[0]);
    return;
  }
  for (uint32_t i = 0; i < n; i++) s->mark[old[i]] = 1;
  for (uint32_t i = 0; i < k; i++) s->mark[l[i]] = 0;
  for (uint32_t i = 0; i < n; i++)
    if (s->mark[old[i]]) {
      s->mark[old[i]] = 0;
      occ_remove(s, old[i], c);
    }
  memmove(old, l, k * sizeof *l);
  s->mem.a[c] = k;
  s->mem.a[c + 2] = signature(old, k);
}

/* Root unit propagation over the occurrence lists. */
static void propagate(simp *s) {
  while (s->qhead < s->trail.n && !s->unsat && !s->oom) {
    gsat_lit t = s->trail.a[s->qhead++];
    while (s->occ[t].n) delete_clause(s, s->occ[t].a[s->occ[t].n - 1], 1);
    vec *o = &s->occ[GSAT_NOT(t)];
    while (o->n && !s->unsat) {
      uint32_t c = o->a[o->n - 1], k = 0, sat = 0;
      s->tmp.n = 0;
      s->steps += size_of(s, c); /* a long clause shrunk by each unit is quadratic */
      for (uint32_t i = 0; i < size_of(s, c); i++) {
        gsat_lit x = lits_of(s, c)[i];
        sat |= s->val[x] > 0;
        if (!s->val[x]) push(s, &s->tmp, x);
      }
      if (s->oom) return;
      k = s->tmp.n;
      if (sat)
        delete_clause(s, c, 1);
      else
        shrink_clause(s, c, s->tmp.a, k);
    }
  }
}

/* --- subsumption --------------------------------------------------------- */

static int by_size(const void *a, const void *b, void *data) {
  const simp *s = data;
  uint32_t x = size_of(s, *(const uint32_t *)a), y = size_of(s, *(const uint32_t *)b);
  return (x > y) - (x < y);
}

/* qsort_r is not portable C11: a plain insertion into size buckets instead. */
static void sort_by_size(simp *s, vec *v) {
  uint32_t maxk = 0;
  for (uint32_t i = 0; i < v->n; i++)
    if (size_of(s, v->a[i]) > maxk) maxk = size_of(s, v->a[i]);
  uint32_t *count = calloc((size_t)maxk + 2, sizeof *count);
  uint32_t *out = malloc(((size_t)v->n + 1) * sizeof *out);
  if (!count || !out) {
    free(count);
    free(out);
    s->oom = 1;
    return;
  }
  for (uint32_t i = 0; i < v->n; i++) count[size_of(s, v->a[i]) + 1]++;
  for (uint32_t k = 1; k <= maxk + 1; k++) count[k] += count[k - 1];
  for (uint32_t i = 0; i < v->n; i++) out[count[size_of(s, v->a[i])]++] = v->a[i];
  if (v->n) memcpy(v->a, out, v->n * sizeof *out); /* v->a may be NULL when empty */
  free(count);
  free(out);
  (void)by_size;
}

/* With the literals of c marked: whether c subsumes d (returns 1) or
 * strengthens it (returns 2, *flip: the literal of d to remove), else 0. */
static int subsumes(simp *s, uint32_t c, uint32_t d, gsat_lit *flip) {
  uint32_t kc = size_of(s, c), kd = size_of(s, d), hit = 0, flips = 0, miss = 0;
  const gsat_lit *l = lits_of(s, d);
  s->steps += kd;
  for (uint32_t i = 0; i < kd; i++) {
    if (s->mark[l[i]])
      hit++;
    else if (s->mark[GSAT_NOT(l[i])]) {
      if (++flips > 1) return 0;
      *flip = l[i];
    } else if (++miss > kd - kc) {
      return 0;
    }
  }
  if (hit == kc) return 1;
  return hit + 1 == kc && flips == 1 ? 2 : 0;
}

/* d loses literal f (self-subsuming resolution with c). */
static void strengthen(simp *s, uint32_t d, gsat_lit f) {
  s->tmp2.n = 0;
  for (uint32_t i = 0; i < size_of(s, d); i++)
    if (lits_of(s, d)[i] != f) push(s, &s->tmp2, lits_of(s, d)[i]);
  if (s->oom) return;
  shrink_clause(s, d, s->tmp2.a, s->tmp2.n);
  s->n->simp_strengthened++;
  if (!dead(s, d) && !(*flags_of(s, d) & QUEUED)) {
    *flags_of(s, d) |= QUEUED;
    push(s, &s->queue, d);
  }
}

/* Backward subsumption and strengthening by clause c. */
static void subsume_with(simp *s, uint32_t c) {
  uint32_t kc = size_of(s, c);
  gsat_lit *cl = lits_of(s, c), best = cl[0];
  for (uint32_t i = 1; i < kc; i++)
    if (s->occ[cl[i]].n + s->occ[GSAT_NOT(cl[i])].n < s->occ[best].n + s->occ[GSAT_NOT(best)].n)
      best = cl[i];
  s->tmp.n = 0;
  if (s->occ[best].n + s->occ[GSAT_NOT(best)].n > SUBSUME_OCC_LIMIT) return;
  for (uint32_t i = 0; i < s->occ[best].n; i++) push(s, &s->tmp, s->occ[best].a[i]);
  for (uint32_t i = 0; i < s->occ[GSAT_NOT(best)].n; i++)
    push(s, &s->tmp, s->occ[GSAT_NOT(best)].a[i]);
  if (s->oom) return;
  for (uint32_t i = 0; i < kc; i++) s->mark[cl[i]] = 1;
  gsat_lit flip = 0;
  const uint32_t sig = sig_of(s, c);
  s->steps += 4 * (uint64_t)s->tmp.n; /* a candidate's header read is a cache miss */
  for (uint32_t i = 0; i < s->tmp.n && !dead(s, c) && !s->unsat; i++) {
    uint32_t d = s->tmp.a[i];
    if (d == c || dead(s, d) || size_of(s, d) < kc || (sig & ~sig_of(s, d))) continue;
    int r = subsumes(s, c, d, &flip);
    if (r == 1) {
      *flags_of(s, c) &= ~HYPER; /* d's deletion needs c: c stays */
      delete_clause(s, d, 1);
      s->n->simp_subsumed++;
      s->n->simp_removed++;
    } else if (r == 2) {
      for (uint32_t j = 0; j < kc; j++) s->mark[lits_of(s, c)[j]] = 0;
      strengthen(s, d, flip);
      if (dead(s, c)) return;
      cl = lits_of(s, c); /* the arena does not move; c may not shrink */
      for (uint32_t j = 0; j < kc; j++) s->mark[cl[j]] = 1;
    }
  }
  for (uint32_t i = 0; i < size_of(s, c); i++) s->mark[lits_of(s, c)[i]] = 0;
}

/* Backward subsumption over the clauses of refs from index first on,
 * shortest first, then over every clause strengthened meanwhile. */
static void subsume_round(simp *s, uint32_t first) {
  s->queue.n = 0;
  for (uint32_t i = first; i < s->clauses.n; i++) {
    uint32_t c = s->clauses.a[i];
    if (dead(s, c)) continue;
    *flags_of(s, c) |= QUEUED;
    push(s, &s->queue, c);
  }
  sort_by_size(s, &s->queue);
  for (uint32_t i = 0; i < s->queue.n && !out_of_time(s); i++) {
    uint32_t c = s->queue.a[i];
    *flags_of(s, c) &= ~QUEUED;
    if (dead(s, c)) continue;
    subsume_with(s, c);
    propagate(s);
  }
  for (uint32_t i = 0; i < s->queue.n; i++) *flags_of(s, s->queue.a[i]) &= ~QUEUED;
}

/* --- bounded variable elimination ---------------------------------------- */

/* Marks the clauses of an AND gate (or equivalence) that defines literal x
 * (x = a1 AND ... AND ak: the binaries (NOT x, ai) and (x, NOT a1, ...,
 * NOT ak)) with GATE; returns whether one was found. */
static int find_and_gate(simp *s, gsat_lit x) {
  vec *bins = &s->occ[GSAT_NOT(x)], *longs = &s->occ[x];
  for (uint32_t i = 0; i < bins->n; i++) {
    uint32_t c = bins->a[i];
    if (size_of(s, c) != 2) continue;
    gsat_lit *l = lits_of(s, c);
    s->mark[l[0] == GSAT_NOT(x) ? l[1] : l[0]] = 1;
  }
  int found = 0;
  for (uint32_t i = 0; i < longs->n && !found; i++) {
    uint32_t c = longs->a[i], k = size_of(s, c), ok = 1;
    gsat_lit *l = lits_of(s, c);
    s->steps += k;
    for (uint32_t j = 0; j < k && ok; j++) ok = l[j] == x || s->mark[GSAT_NOT(l[j])];
    if (!ok) continue;
    found = 1;
    *flags_of(s, c) |= GATE;
    for (uint32_t j = 0; j < k; j++)
      if (l[j] != x) s->mark[GSAT_NOT(l[j])] = 2; /* the gate's inputs */
  }
  for (uint32_t i = 0; i < bins->n; i++) {
    uint32_t c = bins->a[i];
    if (size_of(s, c) != 2) continue;
    gsat_lit *l = lits_of(s, c), a = l[0] == GSAT_NOT(x) ? l[1] : l[0];
    if (s->mark[a] == 2) *flags_of(s, c) |= GATE, s->mark[a] = 3; /* one binary per input */
  }
  for (uint32_t i = 0; i < bins->n; i++) {
    uint32_t c = bins->a[i];
    if (size_of(s, c) != 2) continue;
    gsat_lit *l = lits_of(s, c);
    s->mark[l[0] == GSAT_NOT(x) ? l[1] : l[0]] = 0;
  }
  return found;
}

static void clear_gate(simp *s, gsat_var v) {
  for (uint32_t sign = 0; sign < 2; sign++)
    for (uint32_t i = 0; i < s->occ[GSAT_LIT(v, sign)].n; i++)
      *flags_of(s, s->occ[GSAT_LIT(v, sign)].a[i]) &= ~GATE;
}

/* The ternary clause of occ[x] that holds a and b, or UINT32_MAX. */
static uint32_t ternary_with(simp *s, gsat_lit x, gsat_lit a, gsat_lit b) {
  const vec *o = &s->occ[x];
  for (uint32_t i = 0; i < o->n; i++) {
    const uint32_t c = o->a[i];
    if (size_of(s, c) != 3) continue;
    const gsat_lit *l = lits_of(s, c);
    s->steps += 3;
    uint32_t hit = 0;
    for (uint32_t j = 0; j < 3; j++) hit += l[j] == a || l[j] == b;
    if (hit == 2) return c;
  }
  return UINT32_MAX;
}

/* The literal of ternary clause c that is neither a nor b. */
static gsat_lit third(simp *s, uint32_t c, gsat_lit a, gsat_lit b) {
  const gsat_lit *l = lits_of(s, c);
  return l[0] != a && l[0] != b ? l[0] : l[1] != a && l[1] != b ? l[1] : l[2];
}

/* Marks the clauses of an if-then-else gate that defines literal x
 * (x = c ? t : e: the clauses (NOT x, NOT c, t) (NOT x, c, e) (x, NOT c,
 * NOT t) (x, c, NOT e)) with GATE; returns whether one was found (Een and
 * Biere, SAT 2005, 3.2: any definition of x cuts the resolvents alike).
 * The same clauses define NOT x, so one call covers both signs. */
static int find_ite_gate(simp *s, gsat_lit x) {
  const vec *o = &s->occ[GSAT_NOT(x)];
  for (uint32_t i = 0; i < o->n; i++) {
    const uint32_t c1 = o->a[i];
    if (size_of(s, c1) != 3) continue;
    const gsat_lit a = third(s, c1, GSAT_NOT(x), GSAT_NOT(x)); /* one of the other two */
    const gsat_lit b = third(s, c1, GSAT_NOT(x), a);
    for (uint32_t swap = 0; swap < 2; swap++) {
      const gsat_lit nc = swap ? b : a, t = swap ? a : b; /* c1 = (NOT x, NOT c, t) */
      const uint32_t c3 = ternary_with(s, x, nc, GSAT_NOT(t));
      if (c3 == UINT32_MAX) continue;
      for (uint32_t j = 0; j < o->n; j++) {
        const uint32_t c2 = o->a[j];
        if (c2 == c1 || size_of(s, c2) != 3) continue;
        const gsat_lit *l = lits_of(s, c2);
        if (l[0] != GSAT_NOT(nc) && l[1] != GSAT_NOT(nc) && l[2] != GSAT_NOT(nc)) continue;
        const gsat_lit e = third(s, c2, GSAT_NOT(x), GSAT_NOT(nc)); /* c2 = (NOT x, c, e) */
        const uint32_t c4 = ternary_with(s, x, GSAT_NOT(nc), GSAT_NOT(e));
        if (c4 == UINT32_MAX) continue;
        *flags_of(s, c1) |= GATE, *flags_of(s, c2) |= GATE;
        *flags_of(s, c3) |= GATE, *flags_of(s, c4) |= GATE;
        return 1;
      }
    }
  }
  return 0;
}

#define XOR_MAX 5u /* the longest clause of a parity gate tried (16 clauses) */

/* The sign pattern of clause d over the variables marked with their
 * positions + 1 in mark[GSAT_LIT(var, 0)] (bit i: the literal at position i
 * is negative), or UINT32_MAX when d has another variable. */
static uint32_t sign_pattern(simp *s, uint32_t d) {
  const gsat_lit *l = lits_of(s, d);
  uint32_t p = 0;
  s->steps += size_of(s, d);
  for (uint32_t j = 0; j < size_of(s, d); j++) {
    const uint32_t at = s->mark[GSAT_LIT(GSAT_VAR(l[j]), 0)];
    if (!at) return UINT32_MAX;
    p |= (uint32_t)GSAT_SIGN(l[j]) << (at - 1);
  }
  return p;
}

static uint32_t popcount32(uint32_t x) {
  uint32_t n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

/* Marks with GATE (when mark) the clauses of v of size k whose sign
 * pattern has parity `parity`; returns the set of their patterns. */
static uint32_t parity_clauses(simp *s, gsat_var v, uint32_t k, uint32_t parity, int mark) {
  uint32_t seen = 0;
  for (uint32_t sign = 0; sign < 2; sign++) {
    const vec *o = &s->occ[GSAT_LIT(v, sign)];
    for (uint32_t i = 0; i < o->n; i++) {
      const uint32_t d = o->a[i];
      if (size_of(s, d) != k) continue;
      const uint32_t p = sign_pattern(s, d);
      if (p == UINT32_MAX || (popcount32(p) & 1u) != parity) continue;
      seen |= 1u << p;
      if (mark) *flags_of(s, d) |= GATE;
    }
  }
  return seen;
}

/* Whether the clauses of w (a variable of clause l[0..k-1]) hold the
 * 2^(k-1) clauses over l's variables whose count of negative literals has
 * l's parity (the parity in *parity): then they are marked with GATE. */
static int parity_gate(simp *s, gsat_var w, const gsat_lit *l, uint32_t k, uint32_t *parity) {
  *parity = 0;
  for (uint32_t j = 0; j < k; j++) {
    s->mark[GSAT_LIT(GSAT_VAR(l[j]), 0)] = (uint8_t)(j + 1);
    *parity ^= GSAT_SIGN(l[j]);
  }
  const int found = popcount32(parity_clauses(s, w, k, *parity, 0)) == 1u << (k - 1);
  if (found) parity_clauses(s, w, k, *parity, 1);
  for (uint32_t j = 0; j < k; j++) s->mark[GSAT_LIT(GSAT_VAR(l[j]), 0)] = 0;
  return found;
}

/* Marks the clauses of a parity (XOR) gate on v with GATE: for a clause c
 * of v with k <= XOR_MAX literals, the 2^(k-1) clauses over c's variables
 * whose count of negative literals has c's parity (v XOR the others is
 * constant); returns whether one was found. */
static int find_xor_gate(simp *s, gsat_var v) {
  const vec *o = &s->occ[GSAT_LIT(v, 0)];
  for (uint32_t i = 0; i < o->n; i++) {
    const uint32_t c = o->a[i], k = size_of(s, c);
    uint32_t parity;
    if (k >= 3 && k <= XOR_MAX && parity_gate(s, v, lits_of(s, c), k, &parity)) return 1;
  }
  return 0;
}

/* Looks for a definition of v: AND (of either sign), parity, if-then-else;
 * its clauses marked with GATE.  Returns 0 (none), 1 AND, 2 ITE, 3 XOR. */
static int find_gate(simp *s, gsat_var v) {
  if (find_and_gate(s, GSAT_LIT(v, 0))) return 1;
  clear_gate(s, v);
  if (find_and_gate(s, GSAT_LIT(v, 1))) return 1;
  clear_gate(s, v);
  if (find_xor_gate(s, v)) return 3; /* before ITE: x = a XOR b is x = a ? NOT b : b */
  if (find_ite_gate(s, GSAT_LIT(v, 0))) return 2;
  clear_gate(s, v);
  return 0;
}

/* The resolvent of c and d on variable v into s->tmp; 0 when tautological. */
static int resolve(simp *s, uint32_t c, uint32_t d, gsat_var v) {
  s->tmp.n = 0;
  const gsat_lit *a = lits_of(s, c), *b = lits_of(s, d);
  uint32_t ka = size_of(s, c), kb = size_of(s, d), taut = 0;
  s->steps += ka + kb;
  for (uint32_t i = 0; i < ka; i++)
    if (GSAT_VAR(a[i]) != v) {
      s->mark[a[i]] = 1;
      push(s, &s->tmp, a[i]);
    }
  for (uint32_t i = 0; i < kb && !taut; i++) {
    if (GSAT_VAR(b[i]) == v || s->mark[b[i]]) continue;
    if (s->mark[GSAT_NOT(b[i])])
      taut = 1;
    else
      push(s, &s->tmp, b[i]);
  }
  for (uint32_t i = 0; i < ka; i++) s->mark[a[i]] = 0;
  return !taut && !s->oom;
}

/* Whether the pair (c, d) needs its resolvent: with a gate, only a gate
 * clause against a non-gate one (Een and Biere, 3.2). */
static int needed(simp *s, uint32_t c, uint32_t d, int gate) {
  if (!gate) return 1;
  return ((*flags_of(s, c) & GATE) != 0) != ((*flags_of(s, d) & GATE) != 0);
}

/* Counts v's needed resolvents; UINT32_MAX when over bound or too long. */
static uint32_t count_resolvents(simp *s, gsat_var v, int gate, uint32_t bound) {
  vec *p = &s->occ[GSAT_LIT(v, 0)], *q = &s->occ[GSAT_LIT(v, 1)];
  uint32_t count = 0;
  for (uint32_t i = 0; i < p->n; i++)
    for (uint32_t j = 0; j < q->n; j++) {
      if (!needed(s, p->a[i], q->a[j], gate) || !resolve(s, p->a[i], q->a[j], v)) continue;
      if (++count > bound || s->tmp.n > s->cfg->clause_limit) return UINT32_MAX;
    }
  return count;
}

/* Pushes clause c (with pivot p) to the extension stack. */
static void push_ext(simp *s, uint32_t c, gsat_lit p) {
  gsat_simp_ext *e = s->ext;
  uint32_t k = size_of(s, c);
  if (e->len + k + 1 > e->cap) {
    uint64_t cap = e->cap ? 2 * e->cap : 1024;
    while (cap < e->len + k + 1) cap *= 2;
    gsat_lit *a = realloc(e->lits, cap * sizeof *a);
    if (!a) {
      s->oom = 1;
      return;
    }
    e->lits = a;
    e->cap = cap;
  }
  e->lits[e->len++] = p;
  for (uint32_t i = 0; i < k; i++)
    if (lits_of(s, c)[i] != p) e->lits[e->len++] = lits_of(s, c)[i];
  e->lits[e->len++] = k;
}

/* Eliminates v: resolvents added (logged), v's clauses pushed to the
 * extension stack, then deleted (logged). */
static void eliminate(simp *s, gsat_var v, int gate) {
  for (uint32_t sign = 0; sign < 2; sign++) {
    vec *p = &s->occ[GSAT_LIT(v, sign)], *q = &s->occ[GSAT_LIT(v, !sign)];
    for (uint32_t i = 0; sign == 0 && i < p->n && !s->unsat; i++)
      for (uint32_t j = 0; j < q->n && !s->unsat; j++) {
        uint32_t c = p->a[i], d = q->a[j];
        if (!needed(s, c, d, gate) || !resolve(s, c, d, v)) continue;
        s->tmp2.n = 0;
        for (uint32_t t = 0; t < s->tmp.n; t++) push(s, &s->tmp2, s->tmp.a[t]);
        if (!s->oom) add_clause(s, s->tmp2.a, s->tmp2.n, 1);
      }
  }
  clear_gate(s, v);
  for (uint32_t sign = 0; sign < 2; sign++) {
    vec *p = &s->occ[GSAT_LIT(v, sign)];
    while (p->n && !s->oom) {
      uint32_t c = p->a[p->n - 1];
      push_ext(s, c, GSAT_LIT(v, sign));
      delete_clause(s, c, 1);
      s->n->simp_removed++;
    }
  }
  s->elim[v] = 1;
  s->n->simp_eliminated++;
}

/* Tries to eliminate v (clauses <= resolvents bound, Een and Biere). */
static void try_eliminate(simp *s, gsat_var v) {
  uint32_t np = s->occ[GSAT_LIT(v, 0)].n, nn = s->occ[GSAT_LIT(v, 1)].n;
  if (s->elim[v] || s->val[GSAT_LIT(v, 0)] || np + nn == 0) return;
  if (np > s->cfg->occ_limit || nn > s->cfg->occ_limit) return;
  const int kind = find_gate(s, v), gate = kind != 0;
  uint32_t count = count_resolvents(s, v, gate, np + nn + s->cfg->elim_bound);
  if (count == UINT32_MAX) {
    clear_gate(s, v);
    return;
  }
  s->n->simp_gates += gate;
  s->n->simp_ite_gates += kind == 2;
  s->n->simp_xor_gates += kind == 3;
  eliminate(s, v, gate);
  propagate(s);
}

static uint64_t cost_of(simp *s, gsat_var v) {
  return (uint64_t)s->occ[GSAT_LIT(v, 0)].n * s->occ[GSAT_LIT(v, 1)].n + s->occ[GSAT_LIT(v, 0)].n +
         s->occ[GSAT_LIT(v, 1)].n;
}

static int by_cost(const void *a, const void *b) {
  const uint64_t *x = a, *y = b;
  return (x[0] > y[0]) - (x[0] < y[0]);
}

/* Rounds of elimination over the touched variables, cheapest first, each
 * followed by subsumption of the resolvents, until nothing is eliminated. */
static void elim_rounds(simp *s) {
  uint64_t *cand = malloc(((size_t)s->V + 1) * 2 * sizeof *cand);
  if (!cand) {
    s->oom = 1;
    return;
  }
  for (int round = 0; round < 8 && !out_of_time(s); round++) {
    uint32_t nc = 0, before = (uint32_t)s->n->simp_eliminated, first = s->clauses.n;
    for (gsat_var v = 0; v < s->V; v++)
      if (s->touched[v] && !s->elim[v] && !s->val[GSAT_LIT(v, 0)]) {
        cand[2 * nc] = cost_of(s, v);
        cand[2 * nc++ + 1] = v;
      }
    memset(s->touched, 0, s->V);
    qsort(cand, nc, 2 * sizeof *cand, by_cost);
    for (uint32_t i = 0; i < nc && !out_of_time(s); i++)
      try_eliminate(s, (gsat_var)cand[2 * i + 1]);
    if (s->n->simp_eliminated == before) break;
    if (s->cfg->subsume) subsume_round(s, first);
  }
  free(cand);
}

/* --- failed literals ----------------------------------------------------- */

/* Propagates l (and what it implies) on a scratch assignment over the
 * occurrence lists, from trail position start; returns 0 on a conflict.
 * The literals assigned are left in s->tmp2 for the caller to undo, those a
 * clause of 3 or more literals implied in s->hbr. */
static int probe_propagate(simp *s, gsat_lit l) {
  s->tmp2.n = s->hbr.n = 0;
  s->val[l] = 1;
  s->val[GSAT_NOT(l)] = -1;
  push(s, &s->tmp2, l);
  for (uint32_t h = 0; h < s->tmp2.n && !s->oom; h++) {
    vec *o = &s->occ[GSAT_NOT(s->tmp2.a[h])];
    for (uint32_t i = 0; i < o->n; i++) {
      uint32_t c = o->a[i], k = size_of(s, c), free_n = 0;
      gsat_lit *cl = lits_of(s, c), u = 0;
      s->steps += k;
      int sat = 0;
      for (uint32_t j = 0; j < k && !sat && free_n < 2; j++) {
        if (s->val[cl[j]] > 0)
          sat = 1;
        else if (!s->val[cl[j]])
          u = cl[j], free_n++;
      }
      if (sat || free_n > 1) continue;
      if (free_n == 0) return 0;
      s->val[u] = 1;
      s->val[GSAT_NOT(u)] = -1;
      push(s, &s->tmp2, u);
      if (k > 2) push(s, &s->hbr, u);
    }
  }
  return 1;
}

static int binary_occurrences(simp *s, gsat_lit l) {
  for (uint32_t i = 0; i < s->occ[l].n; i++)
    if (size_of(s, s->occ[l].a[i]) == 2) return 1;
  return 0;
}

/* Hyper-binary resolution after a probe of l that did not fail: each
 * literal u that a clause of 3 or more literals implied gets the binary
 * (NOT l, u), the resolvent of that clause with the binaries of the implication
 * chain from l (Bacchus, "Enhancing Davis Putnam with Extended Binary Clause
 * Reasoning", AAAI 2002; Gershman and Strichman, "HyperBinFast", 2005): RUP,
 * as propagating l implies u.  At most s->hbr_cap in all (probe_round:
 * a quarter of the clauses made before the round, plus 100). */
static void hyper_binaries(simp *s, gsat_lit l) {
  for (uint32_t i = 0; i < s->hbr.n && s->hbr_cap && !s->oom; i++) {
    const gsat_lit b[2] = {GSAT_NOT(l), s->hbr.a[i]};
    const uint32_t c = add_clause(s, b, 2, 1);
    if (c != UINT32_MAX) *flags_of(s, c) |= HYPER;
    s->hbr_cap--;
    s->n->simp_hbr++;
    s->steps += 8; /* the new clause's occurrences */
  }
}

/* Probes each root of the binary implication graph (a literal l with
 * binary clauses (NOT l, y) but none (l, y)); a failed one makes NOT l a
 * unit (a RUP lemma), one that did not fail adds its hyper-binary
 * resolvents (with cfg->hbr), which backward subsumption then uses (with
 * cfg->subsume). */
static void probe_round(simp *s) {
  const uint32_t first = s->clauses.n;
  s->hbr_cap = s->cfg->hbr ? first / 4 + 100 : 0;
  for (gsat_lit l = 0; l < 2 * s->V && !out_of_time(s); l++) {
    if (s->val[l] || s->elim[GSAT_VAR(l)]) continue;
    if (binary_occurrences(s, l) || !binary_occurrences(s, GSAT_NOT(l))) continue;
    int ok = probe_propagate(s, l);
    for (uint32_t i = 0; i < s->tmp2.n; i++) {
      s->val[s->tmp2.a[i]] = 0;
      s->val[GSAT_NOT(s->tmp2.a[i])] = 0;
    }
    if (ok) {
      hyper_binaries(s, l);
      continue;
    }
    gsat_lit u = GSAT_NOT(l);
    s->n->simp_failed++;
    add_clause(s, &u, 1, 1);
    propagate(s);
  }
  if (s->cfg->subsume && s->clauses.n > first) subsume_round(s, first);
}

/* Deletes the hyper-binary resolvents that subsumed no clause, before
 * variable addition and elimination, where their occurrences would only
 * cost (Kissat keeps them as redundant clauses alike).  Sound: each is
 * implied by the clauses without it, those that strengthened a clause too
 * (the shorter clause is implied by the formula and implies the longer);
 * one that subsumed a clause stays (its flag was cleared), as does one that
 * equivalent-literal substitution rewrote (a new clause). */
static void drop_hyper(simp *s) {
  for (uint32_t i = 0; i < s->clauses.n; i++) {
    uint32_t c = s->clauses.a[i];
    if (!dead(s, c) && (*flags_of(s, c) & HYPER)) delete_clause(s, c, 1);
  }
}

/* --- equivalent literals ------------------------------------------------ */

/* Tarjan's strongly connected components of the binary implication graph
 * (an edge u -> v for each binary clause (NOT u, v)), iteratively; each
 * component's representative is its literal of the smallest variable, and
 * repr[] maps every literal to its representative.  A component with a
 * literal and its negation makes that literal's negation a unit (RUP along
 * the implication chain), returned in *failed (UINT32_MAX: none). */
typedef struct tarjan {
  uint32_t *index, *low, *stack, *call, *edge;
  uint32_t *first, *succ; /* the graph: successors of u at succ[first[u] ..
                             first[u + 1] - 1] (the binary clauses, read once) */
  uint8_t *on;
  uint32_t top, depth, counter;
} tarjan;

static void scc_found(simp *s, tarjan *t, gsat_lit u, gsat_lit *repr, gsat_lit *failed) {
  uint32_t start = t->top;
  do start--;
  while (t->stack[start] != u);
  gsat_lit r = u;
  for (uint32_t i = start; i < t->top; i++) {
    gsat_lit m = t->stack[i];
    t->on[m] = 0;
    s->mark[m] = 1;
    if (GSAT_VAR(m) < GSAT_VAR(r)) r = m;
  }
  for (uint32_t i = start; i < t->top; i++) {
    gsat_lit m = t->stack[i];
    if (s->mark[GSAT_NOT(m)] && *failed == UINT32_MAX) *failed = GSAT_NOT(m);
    if (m != r && repr[m] == m && repr[GSAT_NOT(m)] == GSAT_NOT(m))
      repr[m] = r, repr[GSAT_NOT(m)] = GSAT_NOT(r);
  }
  for (uint32_t i = start; i < t->top; i++) s->mark[t->stack[i]] = 0;
  t->top = start;
}

/* The next successor of u from edge position *e on (a free literal), or
 * UINT32_MAX. */
static gsat_lit next_edge(simp *s, const tarjan *t, gsat_lit u, uint32_t *e) {
  while (t->first[u] + *e < t->first[u + 1]) {
    gsat_lit v = t->succ[t->first[u] + (*e)++];
    s->steps++;
    if (!s->val[v]) return v;
  }
  return UINT32_MAX;
}

/* Counts (place 0) or places (place 1) the edges NOT a -> b and NOT b -> a
 * of the binary clause (a, b); placing, t->first[u + 1] counts u's edges
 * placed so far. */
static void graph_edges(tarjan *t, gsat_lit a, gsat_lit b, int place) {
  if (!place) {
    t->first[GSAT_NOT(a) + 2]++, t->first[GSAT_NOT(b) + 2]++;
    return;
  }
  t->succ[t->first[GSAT_NOT(a) + 1]++] = b;
  t->succ[t->first[GSAT_NOT(b) + 1]++] = a;
}

/* Counts or places (graph_edges) the edges of every binary clause of the
 * graph: the live binary clauses, then cfg->extra_bins; returns how many
 * clauses. */
static uint64_t graph_bins(simp *s, tarjan *t, int place) {
  uint64_t n = s->cfg->num_extra_bins;
  for (uint32_t i = 0; i < s->clauses.n; i++) {
    uint32_t c = s->clauses.a[i];
    if (dead(s, c) || size_of(s, c) != 2) continue;
    graph_edges(t, lits_of(s, c)[0], lits_of(s, c)[1], place);
    n++;
  }
  for (uint64_t i = 0; i < s->cfg->num_extra_bins; i++)
    graph_edges(t, s->cfg->extra_bins[2 * i], s->cfg->extra_bins[2 * i + 1], place);
  return n;
}

/* The binary implication graph in t->first, t->succ: an edge NOT a -> b and
 * NOT b -> a for each live binary clause (a, b) and each of cfg->extra_bins.
 * 0: out of memory. */
static int build_graph(simp *s, tarjan *t) {
  const size_t L = 2 * (size_t)s->V;
  t->first = calloc(L + 2, sizeof *t->first);
  if (!t->first) return 0;
  const uint64_t edges = 2 * graph_bins(s, t, 0);
  s->steps += s->clauses.n + s->cfg->num_extra_bins;
  if (edges >= UINT32_MAX) return 0;
  for (size_t l = 2; l < L + 2; l++) t->first[l] += t->first[l - 1];
  t->succ = malloc((edges + 1) * sizeof *t->succ);
  if (!t->succ) return 0;
  graph_bins(s, t, 1);
  return 1;
}

static void visit(simp *s, tarjan *t, gsat_lit root, gsat_lit *repr, gsat_lit *failed) {
  t->index[root] = t->low[root] = t->counter++;
  t->stack[t->top++] = root, t->on[root] = 1;
  t->call[0] = root, t->edge[0] = 0, t->depth = 1;
  while (t->depth) {
    gsat_lit u = t->call[t->depth - 1];
    gsat_lit v = next_edge(s, t, u, &t->edge[t->depth - 1]);
    if (v != UINT32_MAX) {
      if (t->index[v] == UINT32_MAX) {
        t->index[v] = t->low[v] = t->counter++;
        t->stack[t->top++] = v, t->on[v] = 1;
        t->call[t->depth] = v, t->edge[t->depth++] = 0;
      } else if (t->on[v] && t->index[v] < t->low[u]) {
        t->low[u] = t->index[v];
      }
      continue;
    }
    t->depth--;
    if (t->depth && t->low[u] < t->low[t->call[t->depth - 1]])
      t->low[t->call[t->depth - 1]] = t->low[u];
    if (t->low[u] == t->index[u]) scc_found(s, t, u, repr, failed);
  }
}

/* Replaces clause c by its image under repr: a tautology goes, another
 * image is added before c is deleted (RUP with the equivalences). */
static void substitute_clause(simp *s, uint32_t c, const gsat_lit *repr) {
  s->tmp.n = 0;
  int taut = 0;
  for (uint32_t i = 0; i < size_of(s, c); i++) {
    gsat_lit x = repr[lits_of(s, c)[i]];
    if (s->mark[GSAT_NOT(x)]) taut = 1;
    if (s->mark[x]) continue;
    s->mark[x] = 1;
    push(s, &s->tmp, x);
  }
  for (uint32_t i = 0; i < s->tmp.n; i++) s->mark[s->tmp.a[i]] = 0;
  if (!taut && !s->oom) add_clause(s, s->tmp.a, s->tmp.n, 1);
  delete_clause(s, c, 1);
}

static void push_ext_lits(simp *s, gsat_lit a, gsat_lit b) {
  gsat_simp_ext *e = s->ext;
  if (e->len + 3 > e->cap) {
    uint64_t cap = e->cap ? 2 * e->cap : 1024;
    gsat_lit *x = realloc(e->lits, cap * sizeof *x);
    if (!x) {
      s->oom = 1;
      return;
    }
    e->lits = x, e->cap = cap;
  }
  e->lits[e->len++] = a, e->lits[e->len++] = b, e->lits[e->len++] = 2;
}

/* Substitutes every literal by its representative: the equivalences
 * (NOT m, r) (m, NOT r) are added to the proof (RUP along the chains), the
 * clauses rewritten, the equivalences pushed to the extension stack (m
 * takes r's value) and deleted from the proof; m's variable counts as
 * eliminated. */
static void substitute(simp *s, const gsat_lit *repr) {
  for (gsat_var v = 0; v < s->V; v++) {
    gsat_lit m = GSAT_LIT(v, 0), r = repr[m];
    if (r == m) continue;
    gsat_lit a[2] = {GSAT_NOT(m), r}, b[2] = {m, GSAT_NOT(r)};
    log_add(s, a, 2), log_add(s, b, 2);
  }
  for (gsat_var v = 0; v < s->V && !s->unsat && !s->oom; v++)
    for (uint32_t sign = 0; sign < 2 && repr[GSAT_LIT(v, 0)] != GSAT_LIT(v, 0); sign++) {
      vec *o = &s->occ[GSAT_LIT(v, sign)];
      while (o->n && !s->oom) substitute_clause(s, o->a[o->n - 1], repr);
    }
  for (gsat_var v = 0; v < s->V; v++) {
    gsat_lit m = GSAT_LIT(v, 0), r = repr[m];
    if (r == m) continue;
    gsat_lit a[2] = {GSAT_NOT(m), r}, b[2] = {m, GSAT_NOT(r)};
    push_ext_lits(s, b[0], b[1]);
    push_ext_lits(s, a[0], a[1]);
    log_del(s, a, 2), log_del(s, b, 2);
    s->elim[v] = 1;
    s->n->simp_substituted++;
  }
}

/* The strongly connected components of the binary implication graph
 * (visit) into repr, from every free literal; a literal whose negation is
 * in its component into *failed (UINT32_MAX: none).  0: out of memory. */
static int components(simp *s, gsat_lit *repr, gsat_lit *failed) {
  const size_t L = 2 * (size_t)s->V;
  tarjan t;
  memset(&t, 0, sizeof t);
  t.index = malloc((L + 1) * sizeof *t.index), t.low = malloc((L + 1) * sizeof *t.low);
  t.stack = malloc((L + 1) * sizeof *t.stack), t.call = malloc((L + 1) * sizeof *t.call);
  t.edge = malloc((L + 1) * sizeof *t.edge), t.on = calloc(L + 1, 1);
  *failed = UINT32_MAX;
  int ok = t.index && t.low && t.stack && t.call && t.edge && t.on && build_graph(s, &t);
  for (size_t l = 0; ok && l < L; l++) t.index[l] = UINT32_MAX, repr[l] = (gsat_lit)l;
  for (gsat_lit l = 0; ok && l < L && !out_of_time(s); l++)
    if (!s->val[l] && !s->elim[GSAT_VAR(l)] && t.index[l] == UINT32_MAX)
      visit(s, &t, l, repr, failed);
  free(t.index), free(t.low), free(t.stack), free(t.call), free(t.edge), free(t.on);
  free(t.first), free(t.succ);
  return ok;
}

/* Equivalent-literal substitution over the strongly connected components
 * of the binary implication graph (Li, "Equivalent literal propagation in
 * the DLL procedure", 2003; as in Biere's solvers). */
static void els_round(simp *s) {
  gsat_lit *repr = malloc((2 * (size_t)s->V + 1) * sizeof *repr), failed = UINT32_MAX;
  if (!repr || !components(s, repr, &failed)) {
    s->oom = 1;
  } else if (failed != UINT32_MAX) {
    s->n->simp_failed++;
    add_clause(s, &failed, 1, 1);
    propagate(s);
  } else if (!out_of_time(s)) {
    substitute(s, repr);
    propagate(s);
  }
  free(repr);
}

/* A technique's step budget in the preprocessing: cfg->effort steps per
 * literal of the formula, at least a million. */
static uint64_t base_budget(const simp *s) {
  const uint64_t limit = (uint64_t)s->cfg->effort * s->lits;
  return limit < 1000000u ? 1000000u : limit;
}

/* --- congruence closure -------------------------------------------------- */

/* Gates are read off the clauses: AND gates y = AND(x_1 .. x_n) (the
 * binaries (NOT y, x_i) and the clause (y, NOT x_1, ..., NOT x_n), y of
 * either sign, so OR gates too), parity gates (every clause over k <= 5
 * variables with one parity of negative literals: each of the k variables
 * is the XOR of the others, a gate per variable) and if-then-else gates
 * y = c ? t : e.  A gate's key is its type and its inputs mapped to their
 * classes' representatives (union-find over literals), normalized: AND
 * inputs sorted, duplicates gone; XOR inputs as positive variables, signs
 * folded into the output, pairs cancelled; ITE with a positive condition
 * and a positive then-input.  Two gates with the same key have equivalent
 * outputs, which merges their classes; the gates over a variable of the
 * smaller class are keyed again, until no key changes (closure).  Each
 * equivalence goes to the proof as its two binary clauses, RUP from the
 * gates' clauses and the equivalences before it (AND), or after case
 * splits on the inputs' classes (XOR, ITE: lemmas, deleted again); the
 * binary clauses then join the formula and the equivalent-literal
 * substitution takes them, as it takes sweeping's.  A gate whose inputs
 * collapse (an AND over x and NOT x, an XOR whose inputs cancel) gives a
 * unit or an equivalence to an input.  After Biere, Fazekas, Fleury and
 * Froleyks, "Clausal Congruence Closure", SAT 2024. */

enum { CONG_AND, CONG_XOR, CONG_ITE, CONG_DEAD };
enum { KEY_OK, KEY_SKIP, KEY_UNIT, KEY_EQUIV };

/* XOR gates: found through variables with at most CONG_OCC_LIMIT clauses;
 * ITE gates: on variables with at most CONG_ITE_LIMIT ternary clauses of
 * each sign (the search is quadratic in them); a proof splits on at most
 * CONG_SPLIT_MAX classes; at most CONG_ROUNDS rounds of closure and
 * substitution, within CONG_EFFORT times a technique's budget (the gates
 * are read in linear time, but with several steps per literal); a hash
 * entry: ENTRY_HDR words (hash, next + 1, gate, flip, key length), then the
 * key. */
#define CONG_OCC_LIMIT 256u
#define CONG_ITE_LIMIT 16u
#define CONG_SPLIT_MAX 8u
#define CONG_ROUNDS    4u
#define CONG_EFFORT    4u
#define ENTRY_HDR      5u

typedef struct cgate {
  gsat_lit out;   /* the output */
  uint32_t in, n; /* the inputs: cong.ins.a[in .. in + n - 1] */
  uint8_t type;   /* CONG_AND, CONG_XOR, CONG_ITE (c, t, e), CONG_DEAD: done */
  uint8_t parity; /* XOR: out = XOR(inputs) XOR parity */
} cgate;

typedef struct cong {
  simp *s;
  cgate *g;
  uint32_t ng, gcap;
  vec ins;                /* the gates' inputs */
  uint32_t *first, *uses; /* gates with an input over v: uses[first[v] .. first[v + 1] - 1] */
  gsat_lit *rep;          /* [V] v's positive literal as a literal of its class's representative */
  uint32_t *next;         /* [V] the next variable of v's class (a cycle) */
  uint32_t *size;         /* [V] a representative's class size */
  uint8_t *queued;        /* [ng] */
  vec queue;              /* gates to key (again), from qhead on */
  uint32_t qhead;
  uint32_t *bins, *terns; /* [2V] binary and ternary clauses of each literal */
  uint8_t *sets;          /* clauses of 3 to XOR_MAX literals by the hash of their variables */
  uint32_t sets_mask;
  uint32_t *bucket, mask; /* hash table: entry + 1 of each chain's head */
  vec table;              /* entries: ENTRY_HDR words, then the key */
  vec key;                /* the key of the gate at hand */
  vec split;              /* the classes a proof splits on */
  vec lemmas;             /* a proof's case-split lemmas: literals, then the size */
  vec eqs;                /* equivalences proved: pairs (a, b), a = b */
  vec units;              /* units proved */
  int conflict;           /* a literal proved equal to its negation */
} cong;

static gsat_lit find_rep(const cong *c, gsat_lit l) {
  return c->rep[GSAT_VAR(l)] ^ GSAT_SIGN(l);
}

static void add_gate(cong *c, uint8_t type, gsat_lit out, const gsat_lit *in, uint32_t n,
                     uint8_t parity) {
  simp *s = c->s;
  if (c->ng == c->gcap && !grow_array(s, (void **)&c->g, &c->gcap, sizeof *c->g)) return;
  cgate *g = &c->g[c->ng++];
  g->out = out, g->in = c->ins.n, g->n = n, g->type = type, g->parity = parity;
  for (uint32_t i = 0; i < n; i++) push(s, &c->ins, in[i]);
  s->n->cong_gates++;
}

/* The AND gate x = AND(...) of the first clause (x, NOT a_1, ..., NOT a_k),
 * k >= 2, whose every (NOT x, a_i) is a clause. */
static void extract_and(cong *c, gsat_lit x) {
  simp *s = c->s;
  const vec *bins = &s->occ[GSAT_NOT(x)], *longs = &s->occ[x];
  uint32_t nb = 0;
  for (uint32_t i = 0; i < bins->n; i++) {
    const uint32_t d = bins->a[i];
    if (size_of(s, d) != 2) continue;
    const gsat_lit *l = lits_of(s, d);
    s->mark[l[0] == GSAT_NOT(x) ? l[1] : l[0]] = 1, nb++;
  }
  s->steps += bins->n;
  for (uint32_t i = 0; nb >= 2 && i < longs->n; i++) {
    const uint32_t d = longs->a[i], k = size_of(s, d);
    if (k < 3 || k > nb + 1) continue;
    const gsat_lit *l = lits_of(s, d);
    uint32_t ok = 1;
    s->steps += k;
    for (uint32_t j = 0; j < k && ok; j++) ok = l[j] == x || s->mark[GSAT_NOT(l[j])];
    if (!ok) continue;
    s->tmp2.n = 0;
    for (uint32_t j = 0; j < k; j++)
      if (l[j] != x) push(s, &s->tmp2, GSAT_NOT(l[j]));
    if (!s->oom) add_gate(c, CONG_AND, x, s->tmp2.a, s->tmp2.n, 0);
    break;
  }
  for (uint32_t i = 0; i < bins->n; i++) {
    const uint32_t d = bins->a[i];
    if (size_of(s, d) != 2) continue;
    const gsat_lit *l = lits_of(s, d);
    s->mark[l[0] == GSAT_NOT(x) ? l[1] : l[0]] = 0;
  }
}

/* A hash of the variables of clause d, in any order, and of the parity of
 * its negative literals: the clauses of a parity gate share it, and so do
 * the clause pairs (NOT x, NOT c, t) (x, NOT c, NOT t) of an if-then-else. */
static uint32_t set_hash(simp *s, uint32_t d) {
  uint32_t h = size_of(s, d), parity = 0;
  for (uint32_t j = 0; j < size_of(s, d); j++) {
    const gsat_lit l = lits_of(s, d)[j];
    uint32_t x = GSAT_VAR(l) * 0x9e3779b1u;
    h += (x ^ (x >> 16)) * 0x85ebca6bu;
    parity ^= GSAT_SIGN(l);
  }
  return h + parity * 0x5bd1e995u;
}

/* One pass over the clauses, for the filters of the gates' search: the
 * binary and ternary clauses of each literal (c->bins, c->terns), and the
 * clauses of 3 to XOR_MAX literals by set_hash (c->sets, saturating; a
 * collision only adds: a parity gate over k variables needs 2^(k-1)
 * clauses of one hash, an if-then-else two pairs).  0: out of memory. */
static int count_clauses(cong *c) {
  simp *s = c->s;
  uint32_t n = 1024;
  while (n < 2 * s->clauses.n) n *= 2;
  c->sets = calloc(n, 1);
  c->bins = calloc(2 * (size_t)s->V + 1, sizeof *c->bins);
  c->terns = calloc(2 * (size_t)s->V + 1, sizeof *c->terns);
  if (!c->sets || !c->bins || !c->terns) return 0;
  c->sets_mask = n - 1;
  for (uint32_t i = 0; i < s->clauses.n; i++) {
    const uint32_t d = s->clauses.a[i], k = size_of(s, d);
    if (dead(s, d)) continue;
    s->steps++;
    for (uint32_t j = 0; k <= 3 && j < k; j++) (k == 2 ? c->bins : c->terns)[lits_of(s, d)[j]]++;
    if (k < 3 || k > XOR_MAX) continue;
    uint8_t *x = &c->sets[set_hash(s, d) & c->sets_mask];
    if (*x < 255) ++*x;
    s->steps += k;
  }
  return 1;
}

/* The parity constraints of the clauses of 3 to XOR_MAX literals, each
 * found once (its clauses flagged GATE) through the rarest of its
 * variables, where the clauses over its variables may be enough: a gate
 * per variable of the constraint. */
static void extract_xors(cong *c) {
  simp *s = c->s;
  for (uint32_t i = 0; i < s->clauses.n && !out_of_time(s); i++) {
    const uint32_t d = s->clauses.a[i], k = size_of(s, d);
    if (dead(s, d) || k < 3 || k > XOR_MAX || (*flags_of(s, d) & GATE)) continue;
    s->steps++;
    if (c->sets[set_hash(s, d) & c->sets_mask] < 1u << (k - 1)) continue;
    const gsat_lit *l = lits_of(s, d);
    gsat_var w = GSAT_VAR(l[0]); /* the rarest variable of d: its clauses hold the gate's */
    for (uint32_t j = 1; j < k; j++)
      if (occurrences(s, GSAT_VAR(l[j])) < occurrences(s, w)) w = GSAT_VAR(l[j]);
    uint32_t q;
    if (occurrences(s, w) > CONG_OCC_LIMIT || !parity_gate(s, w, l, k, &q)) continue;
    /* the forbidden assignments have parity q: the variables' XOR is NOT q */
    for (uint32_t y = 0; y < k; y++) {
      s->tmp2.n = 0;
      for (uint32_t j = 0; j < k; j++)
        if (j != y) push(s, &s->tmp2, GSAT_LIT(GSAT_VAR(l[j]), 0));
      if (!s->oom) add_gate(c, CONG_XOR, GSAT_LIT(GSAT_VAR(l[y]), 0), s->tmp2.a, k - 1, !q);
    }
  }
}

static void clear_gate_flags(simp *s) {
  for (uint32_t i = 0; i < s->clauses.n; i++) *flags_of(s, s->clauses.a[i]) &= ~GATE;
}

/* The ternary clauses of l that share their set_hash with another clause
 * into t (at most CONG_ITE_LIMIT). */
static uint32_t ternaries(cong *c, gsat_lit l, uint32_t *t) {
  simp *s = c->s;
  uint32_t n = 0;
  for (uint32_t i = 0; i < s->occ[l].n && n < CONG_ITE_LIMIT; i++) {
    const uint32_t d = s->occ[l].a[i];
    if (size_of(s, d) == 3 && c->sets[set_hash(s, d) & c->sets_mask] >= 2) t[n++] = d;
  }
  s->steps += s->occ[l].n;
  return n;
}

/* The two literals of ternary clause d other than l, into o[0..1]. */
static void others(simp *s, uint32_t d, gsat_lit l, gsat_lit *o) {
  const gsat_lit *k = lits_of(s, d);
  const uint32_t skip = k[0] == l ? 0 : k[1] == l ? 1 : 2;
  o[0] = k[skip == 0 ? 1 : 0], o[1] = k[skip == 2 ? 1 : 2];
}

/* Whether one of the ternary clauses t[0..n-1] of x holds a and b. */
static int has_ternary(simp *s, const uint32_t *t, uint32_t n, gsat_lit x, gsat_lit a, gsat_lit b) {
  for (uint32_t i = 0; i < n; i++) {
    gsat_lit o[2];
    others(s, t[i], x, o);
    if ((o[0] == a && o[1] == b) || (o[0] == b && o[1] == a)) return 1;
  }
  return 0;
}

/* The first if-then-else gate x = c ? t : e of the ternary clauses of v,
 * (NOT x, NOT c, t) (NOT x, c, e) (x, NOT c, NOT t) (x, c, NOT e) with t
 * and e of different variables, into c->g; only where each sign of v has
 * 2 to CONG_ITE_LIMIT ternary clauses that share their set_hash with
 * another clause (the search is quadratic in them). */
static void extract_ite(cong *c, gsat_var v) {
  simp *s = c->s;
  const gsat_lit x = GSAT_LIT(v, 0);
  uint32_t neg[CONG_ITE_LIMIT], pos[CONG_ITE_LIMIT];
  const uint32_t nn = ternaries(c, GSAT_NOT(x), neg), np = ternaries(c, x, pos);
  if (nn < 2 || np < 2) return;
  s->steps += nn * nn * np;
  for (uint32_t i = 0; i < nn; i++)
    for (uint32_t j = 0; j < nn; j++) {
      gsat_lit a[2], b[2];
      others(s, neg[i], GSAT_NOT(x), a), others(s, neg[j], GSAT_NOT(x), b);
      for (uint32_t k = 0; k < 4; k++) { /* a[k & 1] is NOT c, b[k >> 1] is c */
        const gsat_lit nc = a[k & 1], t = a[!(k & 1)], e = b[!(k >> 1)];
        if (b[k >> 1] != GSAT_NOT(nc) || GSAT_VAR(t) == GSAT_VAR(e)) continue;
        if (!has_ternary(s, pos, np, x, nc, GSAT_NOT(t))) continue;
        if (!has_ternary(s, pos, np, x, GSAT_NOT(nc), GSAT_NOT(e))) continue;
        const gsat_lit cte[3] = {GSAT_NOT(nc), t, e};
        add_gate(c, CONG_ITE, x, cte, 3, 0);
        return;
      }
    }
}

/* Every gate of the live clauses into c->g. */
static void extract_gates(cong *c) {
  simp *s = c->s;
  if (!count_clauses(c)) {
    s->oom = 1;
    return;
  }
  extract_xors(c);
  clear_gate_flags(s);
  for (gsat_var v = 0; v < s->V && !out_of_time(s); v++) {
    const gsat_lit x = GSAT_LIT(v, 0);
    if (s->val[x] || s->elim[v]) continue;
    if (c->bins[GSAT_NOT(x)] >= 2) extract_and(c, x);
    if (c->bins[x] >= 2) extract_and(c, GSAT_NOT(x));
    if (c->terns[x] >= 2 && c->terns[GSAT_NOT(x)] >= 2 && c->terns[x] <= CONG_ITE_LIMIT &&
        c->terns[GSAT_NOT(x)] <= CONG_ITE_LIMIT)
      extract_ite(c, v);
  }
}

/* The gates by input variable (c->first, c->uses).  0: out of memory. */
static int index_uses(cong *c) {
  const uint32_t V = c->s->V;
  c->first = calloc((size_t)V + 2, sizeof *c->first);
  c->uses = malloc(((size_t)c->ins.n + 1) * sizeof *c->uses);
  if (!c->first || !c->uses) return 0;
  for (uint32_t i = 0; i < c->ins.n; i++) c->first[GSAT_VAR(c->ins.a[i]) + 2]++;
  for (uint32_t v = 2; v < V + 2; v++) c->first[v] += c->first[v - 1];
  for (uint32_t g = 0; g < c->ng; g++)
    for (uint32_t i = 0; i < c->g[g].n; i++)
      c->uses[c->first[GSAT_VAR(c->ins.a[c->g[g].in + i]) + 1]++] = g;
  return 1;
}

static int by_lit(const void *a, const void *b) {
  const gsat_lit x = *(const gsat_lit *)a, y = *(const gsat_lit *)b;
  return (x > y) - (x < y);
}

/* Whether the class of out is among the key's (a gate defined by itself). */
static int cyclic(const cong *c, gsat_lit out) {
  for (uint32_t i = 0; i < c->key.n; i++)
    if (GSAT_VAR(c->key.a[i]) == GSAT_VAR(find_rep(c, out))) return 1;
  return 0;
}

/* AND key: the sorted distinct representatives; x and NOT x make a unit. */
static int and_key(cong *c, const cgate *g, gsat_lit *out) {
  *out = g->out;
  for (uint32_t i = 0; i < g->n; i++) push(c->s, &c->key, find_rep(c, c->ins.a[g->in + i]));
  qsort(c->key.a, c->key.n, sizeof *c->key.a, by_lit);
  uint32_t j = 0;
  for (uint32_t i = 0; i < c->key.n; i++) {
    if (j && c->key.a[j - 1] == c->key.a[i]) continue;
    if (j && c->key.a[j - 1] == GSAT_NOT(c->key.a[i])) return KEY_UNIT;
    c->key.a[j++] = c->key.a[i];
  }
  c->key.n = j;
  if (cyclic(c, g->out)) return KEY_SKIP;
  return j == 1 ? KEY_EQUIV : KEY_OK;
}

/* XOR key: the sorted representatives' variables, pairs cancelled, their
 * signs folded into *out. */
static int xor_key(cong *c, const cgate *g, gsat_lit *out) {
  uint32_t parity = g->parity;
  for (uint32_t i = 0; i < g->n; i++) {
    const gsat_lit r = find_rep(c, c->ins.a[g->in + i]);
    parity ^= GSAT_SIGN(r);
    push(c->s, &c->key, r & ~1u);
  }
  *out = g->out ^ parity;
  qsort(c->key.a, c->key.n, sizeof *c->key.a, by_lit);
  uint32_t j = 0;
  for (uint32_t i = 0; i < c->key.n; i++) {
    if (j && c->key.a[j - 1] == c->key.a[i]) {
      j--;
      continue;
    }
    c->key.a[j++] = c->key.a[i];
  }
  c->key.n = j;
  if (cyclic(c, g->out)) return KEY_SKIP;
  return j == 0 ? KEY_UNIT : j == 1 ? KEY_EQUIV : KEY_OK;
}

/* ITE key (c, t, e): c and t positive (NOT c swaps t and e, NOT t negates
 * the output); t = e makes the output t. */
static int ite_key(cong *c, const cgate *g, gsat_lit *out) {
  gsat_lit k = find_rep(c, c->ins.a[g->in]), t = find_rep(c, c->ins.a[g->in + 1]);
  gsat_lit e = find_rep(c, c->ins.a[g->in + 2]);
  if (GSAT_SIGN(k)) {
    const gsat_lit x = t;
    k = GSAT_NOT(k), t = e, e = x;
  }
  *out = g->out ^ GSAT_SIGN(t);
  if (GSAT_SIGN(t)) t = GSAT_NOT(t), e = GSAT_NOT(e);
  push(c->s, &c->key, t);
  if (t == e) return cyclic(c, g->out) ? KEY_SKIP : KEY_EQUIV;
  push(c->s, &c->key, k), push(c->s, &c->key, e);
  if (GSAT_VAR(t) == GSAT_VAR(e) || GSAT_VAR(k) == GSAT_VAR(t) || GSAT_VAR(k) == GSAT_VAR(e))
    return KEY_SKIP;
  return cyclic(c, g->out) ? KEY_SKIP : KEY_OK;
}

/* The key of gate g into c->key and its output, with the key's flips, into
 * *out: KEY_OK, KEY_SKIP (not keyed), KEY_UNIT (*out is false), KEY_EQUIV
 * (*out equals c->key.a[0]). */
static int gate_key(cong *c, uint32_t g, gsat_lit *out) {
  const cgate *gate = &c->g[g];
  c->key.n = 0;
  c->s->steps += gate->n;
  if (gate->type == CONG_AND) return and_key(c, gate, out);
  if (gate->type == CONG_XOR) return xor_key(c, gate, out);
  if (gate->type == CONG_ITE) return ite_key(c, gate, out);
  return KEY_SKIP;
}

/* The classes a proof over gates g1 and g2 (UINT32_MAX: none) splits on
 * into c->split: those of the XOR and ITE inputs but the classes of the
 * clause's literals t[0..k-1] (AND: none, its clauses propagate).  -1 when
 * an output's class is an input's (no proof of this kind) or more than
 * CONG_SPLIT_MAX classes. */
static int split_classes(cong *c, uint32_t g1, uint32_t g2, const gsat_lit *t, uint32_t k) {
  simp *s = c->s;
  c->split.n = 0;
  for (uint32_t j = 0; j < 2; j++) {
    const uint32_t g = j ? g2 : g1;
    for (uint32_t i = 0; g != UINT32_MAX && i < c->g[g].n; i++) {
      const gsat_lit r = find_rep(c, c->ins.a[c->g[g].in + i]) & ~1u;
      if (!s->mark[r]) s->mark[r] = 1, push(s, &c->split, r);
    }
  }
  int bad = s->mark[find_rep(c, c->g[g1].out) & ~1u] != 0;
  if (g2 != UINT32_MAX) bad |= s->mark[find_rep(c, c->g[g2].out) & ~1u] != 0;
  for (uint32_t i = 0; i < k; i++) s->mark[find_rep(c, t[i]) & ~1u] = 0;
  uint32_t m = 0;
  for (uint32_t i = 0; i < c->split.n; i++) {
    const gsat_lit r = c->split.a[i];
    if (s->mark[r]) c->split.a[m++] = r;
    s->mark[r] = 0;
  }
  c->split.n = c->g[g1].type == CONG_AND ? 0 : m;
  return bad || c->split.n > CONG_SPLIT_MAX ? -1 : (int)c->split.n;
}

/* Logs clause t[0..k-1] after the lemmas (t, NOT p_0, ..., NOT p_{d-1}) for
 * every assignment p of the first d split classes, d from all of them down
 * to 1, and deletes the lemmas: each is RUP by the two lemmas one level
 * deeper, the deepest because the gates' clauses then propagate both
 * outputs; t by the two of the first level. */
static void log_split(cong *c, const gsat_lit *t, uint32_t k) {
  simp *s = c->s;
  const uint32_t m = c->split.n;
  c->lemmas.n = 0;
  for (uint32_t d = m; d >= 1; d--)
    for (uint32_t bits = 0; bits < (1u << d); bits++) {
      const uint32_t b = c->lemmas.n;
      for (uint32_t i = 0; i < k; i++) push(s, &c->lemmas, t[i]);
      for (uint32_t i = 0; i < d; i++)
        push(s, &c->lemmas, c->split.a[i] ^ (((bits >> i) & 1u) ^ 1u));
      if (s->oom) return;
      log_add(s, c->lemmas.a + b, k + d);
      push(s, &c->lemmas, k + d);
      s->steps += k + d;
    }
  log_add(s, t, k);
  for (uint32_t i = c->lemmas.n; i > 0;) {
    const uint32_t n = c->lemmas.a[i - 1];
    i -= n + 1;
    log_del(s, c->lemmas.a + i, n);
  }
}

static void enqueue(cong *c, uint32_t g) {
  if (c->queued[g] || c->g[g].type == CONG_DEAD) return;
  c->queued[g] = 1;
  push(c->s, &c->queue, g);
}

/* Joins the classes of representatives ra = rb: the smaller one's
 * variables take the other representative, their gates are keyed again. */
static void join(cong *c, gsat_lit ra, gsat_lit rb) {
  if (c->size[GSAT_VAR(ra)] > c->size[GSAT_VAR(rb)]) {
    const gsat_lit x = ra;
    ra = rb, rb = x;
  }
  const gsat_var va = GSAT_VAR(ra), vb = GSAT_VAR(rb);
  const gsat_lit to = rb ^ GSAT_SIGN(ra); /* va's positive literal */
  gsat_var m = va;
  do {
    c->rep[m] = to ^ GSAT_SIGN(c->rep[m]);
    for (uint32_t i = c->first[m]; i < c->first[m + 1]; i++) enqueue(c, c->uses[i]);
    m = c->next[m];
  } while (m != va);
  const uint32_t x = c->next[va];
  c->next[va] = c->next[vb], c->next[vb] = x;
  c->size[vb] += c->size[va];
}

/* Unit u of gate g, proved and kept for after the pass. */
static void prove_unit(cong *c, uint32_t g, gsat_lit u) {
  if (split_classes(c, g, UINT32_MAX, &u, 1) < 0) return;
  log_split(c, &u, 1);
  push(c->s, &c->units, u);
  c->s->n->cong_units++;
  c->g[g].type = CONG_DEAD;
}

/* Output a of gate g1 equals b (the output of gate g2, or with g2
 * UINT32_MAX an input of g1's): proved, kept for after the pass, and the
 * classes joined. */
static void merge(cong *c, uint32_t g1, gsat_lit a, uint32_t g2, gsat_lit b) {
  const gsat_lit ra = find_rep(c, a), rb = find_rep(c, b);
  const gsat_lit t1[2] = {GSAT_NOT(a), b}, t2[2] = {a, GSAT_NOT(b)};
  if (ra == rb || split_classes(c, g1, g2, t1, 2) < 0) return;
  c->s->n->cong_equivs++;
  if (GSAT_VAR(a) == GSAT_VAR(b)) { /* a = NOT a: both units */
    log_split(c, t1, 1), log_split(c, t2, 1);
    push(c->s, &c->units, t1[0]), push(c->s, &c->units, t2[0]);
    c->conflict = 1;
    return;
  }
  log_split(c, t1, 2), log_split(c, t2, 2);
  push(c->s, &c->eqs, a), push(c->s, &c->eqs, b);
  if (ra == GSAT_NOT(rb))
    c->conflict = 1; /* the substitution refutes */
  else
    join(c, ra, rb);
}

static uint32_t key_hash(const cong *c, uint32_t type) {
  uint32_t h = (type + 1) * 0x9e3779b1u;
  for (uint32_t i = 0; i < c->key.n; i++) h = (h ^ c->key.a[i]) * 0x85ebca6bu, h ^= h >> 15;
  return h;
}

/* Keys gate g: a gate with its key in the table makes the outputs equal,
 * else g's entry joins the table; a collapsed key gives a unit or an
 * equivalence to an input. */
static void congruent(cong *c, uint32_t g) {
  gsat_lit out;
  const int k = gate_key(c, g, &out);
  if (c->s->oom || k == KEY_SKIP) return;
  if (k == KEY_UNIT) {
    prove_unit(c, g, GSAT_NOT(out));
    return;
  }
  if (k == KEY_EQUIV) {
    merge(c, g, out, UINT32_MAX, c->key.a[0]);
    return;
  }
  const uint32_t type = c->g[g].type, h = key_hash(c, type), n = c->key.n;
  for (uint32_t e = c->bucket[h & c->mask]; e; e = c->table.a[e]) {
    const uint32_t *x = c->table.a + e - 1;
    c->s->steps++;
    if (x[0] != h || x[2] == g || (x[3] & 0xffu) != type || x[4] != n) continue;
    if (memcmp(x + ENTRY_HDR, c->key.a, n * sizeof *c->key.a)) continue;
    merge(c, g, out, x[2], c->g[x[2]].out ^ (x[3] >> 8));
    return;
  }
  const uint32_t at = c->table.n;
  push(c->s, &c->table, h), push(c->s, &c->table, c->bucket[h & c->mask]);
  push(c->s, &c->table, g), push(c->s, &c->table, type | (out ^ c->g[g].out) << 8);
  push(c->s, &c->table, n);
  for (uint32_t i = 0; i < n; i++) push(c->s, &c->table, c->key.a[i]);
  if (!c->s->oom) c->bucket[h & c->mask] = at + 1;
}

/* The union-find, the queue of every gate and the table.  0: out of memory. */
static int cong_init(cong *c) {
  const size_t V = c->s->V;
  uint32_t b = 1024;
  while (b < 2 * c->ng) b *= 2;
  c->mask = b - 1;
  c->bucket = calloc(b, sizeof *c->bucket);
  c->rep = malloc((V + 1) * sizeof *c->rep), c->next = malloc((V + 1) * sizeof *c->next);
  c->size = malloc((V + 1) * sizeof *c->size), c->queued = calloc((size_t)c->ng + 1, 1);
  if (!c->bucket || !c->rep || !c->next || !c->size || !c->queued || !index_uses(c)) return 0;
  for (gsat_var v = 0; v < V; v++) c->rep[v] = GSAT_LIT(v, 0), c->next[v] = v, c->size[v] = 1;
  for (uint32_t g = 0; g < c->ng; g++) enqueue(c, g);
  return !c->s->oom;
}

static void cong_free(cong *c) {
  free(c->bins), free(c->terns), free(c->sets), free(c->g), free(c->ins.a), free(c->first),
      free(c->uses), free(c->rep), free(c->next);
  free(c->size), free(c->queued), free(c->queue.a), free(c->bucket), free(c->table.a);
  free(c->key.a), free(c->split.a), free(c->lemmas.a), free(c->eqs.a), free(c->units.a);
}

/* One closure over the gates of the live clauses; the equivalences it
 * proved join the formula as binary clauses (in the proof already), its
 * units are assigned.  Returns how many it proved. */
static uint32_t congruence_pass(simp *s) {
  cong c;
  memset(&c, 0, sizeof c);
  c.s = s;
  extract_gates(&c);
  if (!s->oom && !cong_init(&c)) s->oom = 1;
  while (!s->oom && c.qhead < c.queue.n && !c.conflict && !out_of_time(s)) {
    const uint32_t g = c.queue.a[c.qhead++];
    c.queued[g] = 0;
    congruent(&c, g);
    if (c.qhead > 4096 && 2 * c.qhead > c.queue.n) {
      memmove(c.queue.a, c.queue.a + c.qhead, (c.queue.n - c.qhead) * sizeof *c.queue.a);
      c.queue.n -= c.qhead, c.qhead = 0;
    }
  }
  for (uint32_t i = 0; i + 1 < c.eqs.n && !s->oom; i += 2) {
    const gsat_lit a = c.eqs.a[i], b = c.eqs.a[i + 1];
    const gsat_lit t1[2] = {GSAT_NOT(a), b}, t2[2] = {a, GSAT_NOT(b)};
    add_clause(s, t1, 2, 0), add_clause(s, t2, 2, 0);
  }
  for (uint32_t i = 0; i < c.units.n && !s->unsat; i++) add_clause(s, c.units.a + i, 1, 0);
  const uint32_t found = c.eqs.n / 2 + c.units.n;
  cong_free(&c);
  propagate(s);
  return found;
}

/* Congruence closure (above) and the substitution of what it proved, again
 * while a round proves something, at most CONG_ROUNDS rounds: substituted
 * and deduplicated (the merged gates' clauses become duplicates, which
 * subsumption removes), the formula may show gates it did not.  One
 * budget for all: CONG_EFFORT times a technique's in preprocessing, at
 * least an inprocessing round's budget of a technique (cfg->steps). */
static void congruence(simp *s) {
  const double t0 = gsat_seconds();
  s->steps = 0;
  s->limit = base_budget(s) * CONG_EFFORT;
  if (s->cfg->steps > s->limit) s->limit = s->cfg->steps;
  for (uint32_t r = 0; r < CONG_ROUNDS && !s->unsat && !s->oom; r++) {
    if (!congruence_pass(s) || !s->cfg->equiv || s->unsat || out_of_time(s)) break;
    const uint32_t first = s->clauses.n;
    els_round(s);
    if (s->cfg->subsume) subsume_round(s, first);
  }
  s->n->cong_us += (uint64_t)((gsat_seconds() - t0) * 1e6);
}

/* --- SAT sweeping -------------------------------------------------------- */

/* For each variable x (at most cfg->sweep_vars a round), its environment
 * (the live clauses of x, then those of the variables in them, and so on
 * cfg->sweep_depth times, at most cfg->sweep_clauses clauses: a subset of
 * the formula) is solved by a small solver (core/mini.h); a model gives the
 * candidates: x's backbone value, and the literals y equal to x in it.
 * More models drop candidates; one that survives is proved by two calls
 * under assumptions, (x, NOT y) and (NOT x, y), both unsatisfiable.  The
 * small solver's lemmas go to the proof (each is RUP: the environment is in
 * the formula), then the unit or the binary clauses (NOT x, y) (x, NOT y),
 * which join the formula for the equivalent-literal substitution; the
 * lemmas are deleted when the environment is done.  After Kissat's
 * sweep.c (Biere, Fazekas, Fleury and Heisinger, "CaDiCaL, Kissat,
 * Paracooba, Plingeling and Treengeling entering the SAT Competition 2020",
 * and Kissat's later sweeping of equivalences), without its kitten. */

#define SWEEP_SOLVE_TICKS 20000u  /* the small solver's watch visits per call */
#define SWEEP_PRE_LITS    5u      /* preprocessing: base steps per literal of the formula */
#define SWEEP_PRE_STEPS   250000u /* preprocessing: base steps at most */
#define SWEEP_MIN_STEPS   20000u  /* base steps at least */
#define SWEEP_PRE_CAP     100u    /* preprocessing: rewards at most this percent of the base */

typedef struct sweeper {
  simp *s;
  gsat_mini *m;
  uint32_t *loc; /* [V] a variable's index in the environment, UINT32_MAX: none */
  uint8_t *done; /* [V] proved equivalent to a variable swept: swept no more */
  vec vars;      /* the environment's variables, by index */
  vec env;       /* the environment's clauses */
  vec lemmas;    /* the lemmas logged for it: the literals, then the size */
  vec units;     /* units learned or proved (in the proof), assigned after it */
  vec cand;      /* candidate literals: equal to x in every model so far */
  uint64_t ticks;
} sweeper;

static gsat_lit global_lit(const sweeper *w, gsat_lit l) {
  return GSAT_LIT(w->vars.a[GSAT_VAR(l)], GSAT_SIGN(l));
}

/* gsat_mini_learn_fn: the lemma goes to the proof under the round's names. */
static void sweep_learn(void *data, const gsat_lit *l, uint32_t k) {
  sweeper *w = data;
  simp *s = w->s;
  if (k == 0) {
    refute(s);
    return;
  }
  const uint32_t b = w->lemmas.n;
  for (uint32_t i = 0; i < k; i++) push(s, &w->lemmas, global_lit(w, l[i]));
  if (s->oom) return;
  log_add(s, w->lemmas.a + b, k);
  if (k == 1) {
    push(s, &w->units, w->lemmas.a[b]);
    w->lemmas.n = b; /* a unit stays in the proof: it is assigned */
    return;
  }
  push(s, &w->lemmas, k);
}

static void env_var(sweeper *w, gsat_var v) {
  if (w->loc[v] != UINT32_MAX) return;
  w->loc[v] = w->vars.n;
  push(w->s, &w->vars, v);
}

/* x's environment into w->env and w->vars (x first), breadth first. */
static void collect(sweeper *w, gsat_var x) {
  simp *s = w->s;
  const uint32_t limit = s->cfg->sweep_clauses;
  env_var(w, x);
  for (uint32_t d = 0, begin = 0; d <= s->cfg->sweep_depth && w->env.n < limit; d++) {
    const uint32_t end = w->vars.n;
    for (uint32_t i = begin; i < end && w->env.n < limit; i++)
      for (uint32_t sign = 0; sign < 2; sign++) {
        const vec *o = &s->occ[GSAT_LIT(w->vars.a[i], sign)];
        for (uint32_t j = 0; j < o->n && w->env.n < limit; j++) {
          uint32_t c = o->a[j];
          if (*flags_of(s, c) & SWEPT) continue;
          *flags_of(s, c) |= SWEPT;
          push(s, &w->env, c);
          s->steps += size_of(s, c);
          for (uint32_t k = 0; k < size_of(s, c); k++) env_var(w, GSAT_VAR(lits_of(s, c)[k]));
        }
      }
    begin = end;
  }
}

/* The environment into the small solver, in local literals.  0: out of
 * memory. */
static int load_env(sweeper *w) {
  simp *s = w->s;
  if (!gsat_mini_reset(w->m, w->vars.n)) return 0;
  for (uint32_t i = 0; i < w->env.n; i++) {
    uint32_t c = w->env.a[i], k = size_of(s, c);
    s->tmp.n = 0;
    for (uint32_t j = 0; j < k; j++) {
      gsat_lit l = lits_of(s, c)[j];
      push(s, &s->tmp, GSAT_LIT(w->loc[GSAT_VAR(l)], GSAT_SIGN(l)));
    }
    if (s->oom || !gsat_mini_add(w->m, s->tmp.a, k)) return 0;
  }
  return 1;
}

/* One call of the small solver under assume[0..n-1], at most
 * SWEEP_SOLVE_TICKS ticks and what is left of the budget; its ticks count
 * as steps. */
static int sweep_solve(sweeper *w, const gsat_lit *assume, uint32_t n) {
  simp *s = w->s;
  const uint64_t before = w->ticks, left = s->limit > s->steps ? s->limit - s->steps : 0;
  const uint64_t ticks = left < SWEEP_SOLVE_TICKS ? left : SWEEP_SOLVE_TICKS;
  int r = gsat_mini_solve(w->m, assume, n, &w->ticks, before + ticks, sweep_learn, w);
  s->steps += w->ticks - before;
  if (r == GSAT_MINI_NOMEM) s->oom = 1;
  return r;
}

/* Drops the candidates from position from on that the last model tells
 * apart from x (local literal 0: x positive). */
static void refine(sweeper *w, uint32_t from) {
  const int vx = gsat_mini_value(w->m, GSAT_LIT(0, 0));
  uint32_t j = from;
  for (uint32_t i = from; i < w->cand.n; i++)
    if (gsat_mini_value(w->m, w->cand.a[i]) == vx) w->cand.a[j++] = w->cand.a[i];
  w->cand.n = j;
}

/* The candidates from the first model: each free variable of the
 * environment (x's excepted) in the sign equal to x. */
static void candidates(sweeper *w) {
  const int vx = gsat_mini_value(w->m, GSAT_LIT(0, 0));
  w->cand.n = 0;
  for (uint32_t y = 1; y < w->vars.n; y++)
    if (!w->done[w->vars.a[y]])
      push(w->s, &w->cand, GSAT_LIT(y, gsat_mini_value(w->m, GSAT_LIT(y, 0)) != vx));
}

/* A proof's reward: sweep_reward steps more, while the cap allows. */
static void reward(simp *s) {
  const uint64_t r = s->cfg->sweep_reward < s->reward_left ? s->cfg->sweep_reward : s->reward_left;
  s->limit += r;
  s->reward_left -= r;
}

/* Whether x's value in the first model is a backbone: then the unit is
 * logged and queued. */
static int backbone(sweeper *w) {
  const gsat_lit t = GSAT_LIT(0, !gsat_mini_value(w->m, GSAT_LIT(0, 0))), f = GSAT_NOT(t);
  const int r = sweep_solve(w, &f, 1);
  if (r == GSAT_MINI_SAT) refine(w, 0);
  if (r != GSAT_MINI_UNSAT || w->s->unsat) return 0;
  const gsat_lit u = global_lit(w, t);
  log_add(w->s, &u, 1);
  push(w->s, &w->units, u);
  w->s->n->sweep_units++;
  reward(w->s);
  return 1;
}

/* Proves the candidates equivalent to x in turn, up to the first proved:
 * its binary clauses join the formula. */
static void equivalences(sweeper *w) {
  const gsat_lit x = GSAT_LIT(0, 0);
  for (uint32_t i = 0; i < w->cand.n && !out_of_time(w->s); i++) {
    const gsat_lit y = w->cand.a[i];
    const gsat_lit a[2] = {x, GSAT_NOT(y)}, b[2] = {GSAT_NOT(x), y};
    int r = sweep_solve(w, a, 2);
    if (r == GSAT_MINI_UNSAT) r = sweep_solve(w, b, 2);
    if (r == GSAT_MINI_SAT) refine(w, i + 1);
    if (r != GSAT_MINI_UNSAT || w->s->unsat) continue;
    const gsat_lit gx = global_lit(w, x), gy = global_lit(w, y);
    const gsat_lit c[2] = {GSAT_NOT(gx), gy}, d[2] = {gx, GSAT_NOT(gy)};
    add_clause(w->s, c, 2, 1);
    add_clause(w->s, d, 2, 1);
    w->done[GSAT_VAR(gy)] = 1;
    w->s->n->sweep_equivs++;
    reward(w->s);
    return;
  }
}

/* Forgets the environment: its lemmas leave the proof, its units are
 * assigned and propagated. */
static void sweep_done(sweeper *w) {
  simp *s = w->s;
  for (uint32_t i = w->lemmas.n; i > 0;) {
    const uint32_t k = w->lemmas.a[i - 1];
    i -= k + 1;
    log_del(s, w->lemmas.a + i, k);
  }
  for (uint32_t i = 0; i < w->vars.n; i++) w->loc[w->vars.a[i]] = UINT32_MAX;
  for (uint32_t i = 0; i < w->env.n; i++) *flags_of(s, w->env.a[i]) &= ~SWEPT;
  for (uint32_t i = 0; i < w->units.n && !s->unsat; i++) assign(s, w->units.a[i]);
  w->vars.n = w->env.n = w->lemmas.n = w->units.n = w->cand.n = 0;
  propagate(s);
}

static void sweep_var(sweeper *w, gsat_var x) {
  collect(w, x);
  w->s->n->sweep_vars++;
  if (!load_env(w)) {
    w->s->oom = 1;
  } else if (sweep_solve(w, NULL, 0) == GSAT_MINI_SAT) {
    candidates(w);
    if (!backbone(w)) equivalences(w);
  }
  sweep_done(w);
}

/* Whether v is worth sweeping: free, not eliminated or proved equivalent,
 * in clauses of both signs. */
static int sweepable(simp *s, const sweeper *w, gsat_var v) {
  return !s->val[GSAT_LIT(v, 0)] && !s->elim[v] && !w->done[v] && s->occ[GSAT_LIT(v, 0)].n &&
         s->occ[GSAT_LIT(v, 1)].n && (!s->sweep_only || s->sweep_only[v]);
}

/* Sweeps the sweepable variables from *first on, wrapping around, at most
 * cfg->sweep_vars, within the budget; *first gets the variable it stopped
 * at (where the next round goes on). */
static void sweep_vars(simp *s, sweeper *w, uint32_t *first) {
  const uint32_t start = *first < s->V ? *first : 0;
  uint32_t swept = 0, i = 0;
  for (; i < s->V && !s->oom && swept < s->cfg->sweep_vars && !out_of_time(s); i++) {
    const gsat_var v = (start + i) % s->V;
    if (sweepable(s, w, v)) sweep_var(w, v), swept++;
  }
  *first = (start + i) % (s->V ? s->V : 1);
}

/* One pass of sweeping: the first from cfg->sweep_next on (which it
 * updates), the later ones (s->sweep_only) over the marked variables. */
static void sweep_round(simp *s) {
  sweeper w;
  memset(&w, 0, sizeof w);
  w.s = s;
  w.m = gsat_mini_new();
  w.loc = malloc(((size_t)s->V + 1) * sizeof *w.loc);
  w.done = calloc((size_t)s->V + 1, 1);
  if (!w.m || !w.loc || !w.done) s->oom = 1;
  for (gsat_var v = 0; !s->oom && v < s->V; v++) w.loc[v] = UINT32_MAX;
  uint32_t first = 0;
  if (!s->sweep_only && s->cfg->sweep_next) first = *s->cfg->sweep_next;
  sweep_vars(s, &w, &first);
  if (!s->sweep_only && s->cfg->sweep_next) *s->cfg->sweep_next = first;
  gsat_mini_free(w.m);
  free(w.loc), free(w.done);
  free(w.vars.a), free(w.env.a), free(w.lemmas.a), free(w.units.a), free(w.cand.a);
}

/* --- bounded variable addition ------------------------------------------- */

/* Structured bounded variable addition (Haberlandt, Green and Heule,
 * "Effective Auxiliary Variables via Structured Reencoding", SAT 2023,
 * Algorithm 1, after Manthey, Heule and Biere, "Automated Reencoding of
 * Boolean Formulas", HVC 2012, section 3).  A match is a set of literals
 * M_lit = {k_1 .. k_m} and a set of remainders R_1 .. R_n such that every
 * clause (k_i OR R_j) is in the formula; its m * n clauses are replaced by
 * (x OR k_i) and (NOT x OR R_j) over a fresh variable x, m + n clauses:
 * resolving them on x gives back the m * n.  The matrix of a match: row i,
 * column j holds the clause (k_i OR R_j); row 0 is the literal l tried. */
typedef struct bva {
  gsat_lit l;          /* the literal tried (row 0) */
  uint32_t rows, cols; /* m and n */
  vec mat, next;       /* the matrix, row-major, and its next version */
  vec col;             /* the first column number of each column of the matrix */
  vec lits;            /* M_lit, row by row */
  vec pl, pd, pj, pn;  /* P: literal, clause, first column number, the literal's previous entry */
  vec start;           /* P's entries of first column j: start[j] .. start[j + 1] - 1 */
  vec live, keep;      /* per first column: still in the matrix; the clause of the row added */
  vec seen;            /* literals with a count (s->count) */
  vec hop_seen;        /* literals with a 3-hop entry (s->hop) */
  int hops;            /* s->hop holds l's two-hop vector (1), too dear (-1) */
  uint32_t epoch;      /* s->stamp's value of the current column */
  uint64_t *heap;      /* max-heap of (occurrences << 32 | literal) */
  uint32_t heap_n, heap_cap;
  int dry;        /* the first pass: matches only counted, their clauses USED */
  uint64_t found; /* the first pass: clauses its matches would remove */
} bva;

#define HOP_LIMIT  100000u /* clause visits of a 3-hop vector at most: else no tie-break */
#define GATE_SHARE 32      /* the gate's pass takes 1/32 of the first budget of the pass after */

/* The reduction of a match of m literals and n remainders (clauses removed
 * less clauses added). */
static int64_t reduction(uint32_t m, uint32_t n) {
  return (int64_t)m * n - m - n;
}

static void heap_push(simp *s, bva *b, gsat_lit l) {
  if (b->heap_n == b->heap_cap && !grow_array(s, (void **)&b->heap, &b->heap_cap, sizeof *b->heap))
    return;
  uint64_t x = (uint64_t)s->occ[l].n << 32 | l;
  uint32_t i = b->heap_n++;
  for (; i && b->heap[(i - 1) / 2] < x; i = (i - 1) / 2) b->heap[i] = b->heap[(i - 1) / 2];
  b->heap[i] = x;
}

static uint64_t heap_pop(bva *b) {
  uint64_t top = b->heap[0], x = b->heap[--b->heap_n];
  uint32_t i = 0;
  for (;;) {
    uint32_t c = 2 * i + 1;
    if (c >= b->heap_n) break;
    if (c + 1 < b->heap_n && b->heap[c + 1] > b->heap[c]) c++;
    if (b->heap[c] <= x) break;
    b->heap[i] = b->heap[c];
    i = c;
  }
  if (b->heap_n) b->heap[i] = x;
  return top;
}

/* Grows *p from old to n elements of size elem, the new ones zero. */
static int grow_zero(void **p, size_t elem, size_t old, size_t n) {
  void *q = realloc(*p, n * elem);
  if (!q) return 0;
  memset((char *)q + old * elem, 0, (n - old) * elem);
  *p = q;
  return 1;
}

/* A fresh variable in *x: the per-variable arrays grown when full; 0 when
 * out of memory or past the largest variable of the search or of DIMACS. */
static int new_var(simp *s, gsat_var *x) {
  if (s->V + 1 >= GSAT_MAX_SEARCH_VARS || s->ext_vars + (s->V - s->V0) >= GSAT_MAX_DIMACS_VAR)
    return 0; /* no room for the variable: no replacement */
  if (s->V == s->vcap) {
    const size_t old = s->vcap, cap = old + old / 4 + 64;
    int ok = grow_zero((void **)&s->occ, sizeof *s->occ, 2 * old + 1, 2 * cap + 1) &&
             grow_zero((void **)&s->val, 1, 2 * old + 1, 2 * cap + 1) &&
             grow_zero((void **)&s->mark, 1, 2 * old + 1, 2 * cap + 1) &&
             grow_zero((void **)&s->stamp, sizeof *s->stamp, 2 * old + 1, 2 * cap + 1) &&
             grow_zero((void **)&s->count, sizeof *s->count, 2 * old + 1, 2 * cap + 1) &&
             grow_zero((void **)&s->hop, sizeof *s->hop, 2 * old + 1, 2 * cap + 1) &&
             grow_zero((void **)&s->head, sizeof *s->head, 2 * old + 1, 2 * cap + 1) &&
             grow_zero((void **)&s->h3, sizeof *s->h3, 2 * old + 1, 2 * cap + 1) &&
             grow_zero((void **)&s->elim, 1, old + 1, cap + 1) &&
             grow_zero((void **)&s->touched, 1, old + 1, cap + 1);
    if (!ok) {
      s->oom = 1;
      return 0;
    }
    s->vcap = (uint32_t)cap;
  }
  *x = s->V++;
  s->touched[*x] = 1;
  return 1;
}

/* The literal of clause c other than l with the fewest occurrences. */
static gsat_lit least_occurring(simp *s, uint32_t c, gsat_lit l) {
  const gsat_lit *cl = lits_of(s, c);
  gsat_lit best = UINT32_MAX;
  for (uint32_t i = 0; i < size_of(s, c); i++)
    if (cl[i] != l && (best == UINT32_MAX || s->occ[cl[i]].n < s->occ[best].n)) best = cl[i];
  return best;
}

/* The literal by which clause d differs from the marked remainder (d has
 * its size), or UINT32_MAX when it differs by more than one literal. */
static gsat_lit extra_literal(simp *s, uint32_t d) {
  const gsat_lit *dl = lits_of(s, d);
  gsat_lit extra = UINT32_MAX;
  s->steps += size_of(s, d);
  for (uint32_t i = 0; i < size_of(s, d); i++) {
    if (s->mark[dl[i]] & 1) continue;
    if (extra != UINT32_MAX) return UINT32_MAX;
    extra = dl[i];
  }
  return extra;
}

/* The entries of P for column j (Algorithm 1, lines 8-12): each clause
 * (k OR R_j), k a literal not in M_lit nor of l's variable, the clause in
 * no row yet; one entry per literal and column, chained by literal. */
static void column_entries(simp *s, bva *b, uint32_t j) {
  const uint32_t c = b->mat.a[j], k = size_of(s, c);
  const gsat_lit *cl = lits_of(s, c);
  for (uint32_t i = 0; i < k; i++) s->mark[cl[i]] |= 1;
  s->mark[b->l] &= ~1u;
  const vec *o = &s->occ[least_occurring(s, c, b->l)];
  b->epoch++;
  s->steps += o->n;
  for (uint32_t i = 0; i < o->n; i++) {
    const uint32_t d = o->a[i];
    if (size_of(s, d) != k || (*flags_of(s, d) & (MATCHED | USED))) continue;
    const gsat_lit e = extra_literal(s, d);
    if (e == UINT32_MAX || GSAT_VAR(e) == GSAT_VAR(b->l) || (s->mark[e] & 2)) continue;
    if (s->stamp[e] == b->epoch) continue;
    s->stamp[e] = b->epoch;
    if (!s->count[e]++) push(s, &b->seen, e), s->head[e] = UINT32_MAX;
    push(s, &b->pn, s->head[e]), s->head[e] = b->pl.n;
    push(s, &b->pl, e), push(s, &b->pd, d), push(s, &b->pj, j);
  }
  for (uint32_t i = 0; i < k; i++) s->mark[cl[i]] &= ~1u;
}

/* Adds the variables of the clauses of variable v, each times w, to
 * s->hop at offset base (the vectors of the 3-hop heuristic: entry u of
 * the adjacency matrix A is the number of clauses with both u and v). */
static void add_neighbours(simp *s, bva *b, gsat_var v, uint64_t w, uint32_t base) {
  for (uint32_t sign = 0; sign < 2; sign++) {
    const vec *o = &s->occ[GSAT_LIT(v, sign)];
    for (uint32_t i = 0; i < o->n; i++) {
      const gsat_lit *cl = lits_of(s, o->a[i]);
      s->steps += size_of(s, o->a[i]);
      for (uint32_t t = 0; t < size_of(s, o->a[i]); t++) {
        const uint32_t at = base + GSAT_VAR(cl[t]);
        if (!s->hop[at]) push(s, &b->hop_seen, at);
        s->hop[at] += w;
      }
    }
  }
}

/* s->hop[V + u] = (A A e_l)[u], the two-hop vector of l's variable, with
 * the one-hop vector A e_l at s->hop[0 .. V - 1]; b->hops -1 when it would
 * visit more than HOP_LIMIT clauses. */
static void two_hops(simp *s, bva *b) {
  const gsat_var v = GSAT_VAR(b->l);
  add_neighbours(s, b, v, 1, 0);
  uint64_t visits = 0;
  const uint32_t n1 = b->hop_seen.n;
  for (uint32_t i = 0; i < n1; i++) visits += occurrences(s, b->hop_seen.a[i]);
  b->hops = visits > HOP_LIMIT ? -1 : 1;
  for (uint32_t i = 0; i < n1 && b->hops > 0; i++) {
    const gsat_var u = b->hop_seen.a[i];
    add_neighbours(s, b, u, s->hop[u], s->V);
  }
}

/* The 3-hop heuristic of SBVA (section 4.2): (A^3)[l][k] = the one-hop
 * vector of k's variable times l's two-hop vector. */
static uint64_t three_hops(simp *s, bva *b, gsat_lit k) {
  if (s->h3[k]) return s->h3[k] - 1; /* l's vectors and the occurrences stay while l is tried */
  if (!b->hops) two_hops(s, b);
  if (b->hops < 0) return 0;
  uint64_t h = 0;
  for (uint32_t sign = 0; sign < 2; sign++) {
    const vec *o = &s->occ[GSAT_LIT(GSAT_VAR(k), sign)];
    for (uint32_t i = 0; i < o->n; i++) {
      const gsat_lit *cl = lits_of(s, o->a[i]);
      s->steps += size_of(s, o->a[i]);
      for (uint32_t t = 0; t < size_of(s, o->a[i]); t++) h += s->hop[s->V + GSAT_VAR(cl[t])];
    }
  }
  s->h3[k] = h + 1;
  return h;
}

/* The literal of P with the most entries (line 13), the first found of
 * them; its count in *best_n, the number of literals with that count in
 * *ties.  UINT32_MAX when P is empty. */
static gsat_lit most_entries(simp *s, const bva *b, uint32_t *best_n, uint32_t *ties) {
  gsat_lit best = UINT32_MAX;
  *best_n = *ties = 0;
  s->steps += b->seen.n / 4 + 1;
  for (uint32_t i = 0; i < b->seen.n; i++) {
    const uint32_t n = s->count[b->seen.a[i]];
    if (n == *best_n) ++*ties;
    if (n <= *best_n) continue;
    best = b->seen.a[i], *best_n = n, *ties = 1;
  }
  return best;
}

/* Among the literals of P with n entries, the one of the largest 3-hop
 * heuristic (SBVA, section 4.2), the first found on a tie. */
static gsat_lit break_tie(simp *s, bva *b, uint32_t n) {
  gsat_lit best = UINT32_MAX;
  uint64_t best_h = 0;
  for (uint32_t i = 0; i < b->seen.n; i++) {
    const gsat_lit e = b->seen.a[i];
    if (s->count[e] != n) continue;
    const uint64_t h = three_hops(s, b, e);
    if (best == UINT32_MAX || h > best_h) best = e, best_h = h;
  }
  return best;
}

static void clear_counts(simp *s, bva *b) {
  for (uint32_t i = 0; i < b->seen.n; i++) s->count[b->seen.a[i]] = 0, s->h3[b->seen.a[i]] = 0;
  b->seen.n = 0;
}

/* P for the first columns, once (lines 8-12 for the first row): as no
 * clause of P holds l, and a column keeps only where the row added has an
 * entry (a clause of P that a row takes is an entry of no other live
 * column), P of a later row is this P less the entries of the columns gone
 * and of M_lit. */
static void collect_entries(simp *s, bva *b) {
  b->pl.n = b->pd.n = b->pj.n = b->pn.n = b->start.n = b->col.n = b->live.n = b->keep.n = 0;
  for (uint32_t j = 0; j < b->cols && !s->oom; j++) {
    push(s, &b->start, b->pl.n);
    push(s, &b->col, j), push(s, &b->live, 1), push(s, &b->keep, UINT32_MAX);
    column_entries(s, b, j);
  }
  push(s, &b->start, b->pl.n);
}

/* Drops first column j: its entries leave the counts of P. */
static void drop_column(simp *s, bva *b, uint32_t j) {
  b->live.a[j] = 0;
  s->steps += b->start.a[j + 1] - b->start.a[j];
  for (uint32_t i = b->start.a[j]; i < b->start.a[j + 1]; i++)
    if (!(s->mark[b->pl.a[i]] & 2)) s->count[b->pl.a[i]]--;
}

/* Adds row k to the match (lines 16-17): the columns without an entry of
 * k go; each kept column gets k's clause. */
static void add_row(simp *s, bva *b, gsat_lit k) {
  for (uint32_t i = s->head[k]; i != UINT32_MAX; i = b->pn.a[i]) {
    s->steps++;
    if (!b->live.a[b->pj.a[i]] || (*flags_of(s, b->pd.a[i]) & MATCHED)) continue;
    b->keep.a[b->pj.a[i]] = b->pd.a[i]; /* a clause twice (equal columns) kept once */
    *flags_of(s, b->pd.a[i]) |= MATCHED;
  }
  s->mark[k] |= 2, s->count[k] = 0;
  b->next.n = 0;
  for (uint32_t r = 0; r < b->rows; r++)
    for (uint32_t j = 0; j < b->cols; j++) {
      const uint32_t c = b->mat.a[r * b->cols + j];
      if (b->keep.a[b->col.a[j]] != UINT32_MAX)
        push(s, &b->next, c);
      else
        *flags_of(s, c) &= ~MATCHED;
    }
  uint32_t cols = 0;
  for (uint32_t j = 0; j < b->cols; j++) {
    const uint32_t f = b->col.a[j], d = b->keep.a[f];
    if (d == UINT32_MAX) {
      drop_column(s, b, f);
      continue;
    }
    push(s, &b->next, d);
    b->keep.a[f] = UINT32_MAX;
    b->col.a[cols++] = f;
  }
  const vec old = b->mat;
  b->mat = b->next, b->next = old;
  b->rows++, b->cols = cols;
  push(s, &b->lits, k);
}

/* Grows the match of l one literal at a time while the reduction grows
 * (lines 6-18). */
static void grow_match(simp *s, bva *b) {
  collect_entries(s, b);
  while (!s->oom) {
    uint32_t n, ties;
    gsat_lit k = most_entries(s, b, &n, &ties);
    const int grows = k != UINT32_MAX && reduction(b->rows + 1, n) > reduction(b->rows, b->cols);
    if (!grows) break;
    if (ties > 1 && s->cfg->bva_tiebreak && !b->dry) k = break_tie(s, b, n);
    add_row(s, b, k);
  }
  clear_counts(s, b);
}

/* Replaces the matched clauses (lines 20-24): (x OR k_i) first, RAT on x
 * (no clause holds NOT x), then (NOT x OR R_j), RAT on NOT x (its
 * resolvents with the (x OR k_i) are the matched clauses), then the
 * matched clauses deleted; the literals whose counts changed queued. */
static void replace_match(simp *s, bva *b) {
  gsat_var x;
  if (!new_var(s, &x)) return;
  for (uint32_t r = 0; r < b->rows; r++) {
    const gsat_lit c[2] = {GSAT_LIT(x, 0), b->lits.a[r]};
    add_clause(s, c, 2, 1);
  }
  for (uint32_t j = 0; j < b->cols && !s->oom; j++) {
    s->tmp2.n = 0;
    push(s, &s->tmp2, GSAT_LIT(x, 1));
    for (uint32_t i = 0; i < size_of(s, b->mat.a[j]); i++)
      if (lits_of(s, b->mat.a[j])[i] != b->l) push(s, &s->tmp2, lits_of(s, b->mat.a[j])[i]);
    if (!s->oom) add_clause(s, s->tmp2.a, s->tmp2.n, 1);
  }
  for (uint32_t i = 0; i < b->rows * b->cols && !s->oom; i++) {
    const uint32_t c = b->mat.a[i];
    for (uint32_t t = 0; t < size_of(s, c); t++) {
      const gsat_lit k = lits_of(s, c)[t];
      if (!(s->mark[k] & 4)) s->mark[k] |= 4, push(s, &b->seen, k);
    }
    delete_clause(s, c, 1);
  }
  for (uint32_t i = 0; i < b->seen.n; i++) { /* queued with their counts after the deletions */
    s->mark[b->seen.a[i]] &= ~4u;
    heap_push(s, b, b->seen.a[i]);
  }
  b->seen.n = 0;
  heap_push(s, b, GSAT_LIT(x, 0)), heap_push(s, b, GSAT_LIT(x, 1));
  s->n->bva_vars++;
  s->limit += (uint64_t)s->cfg->bva_effort * (uint64_t)reduction(b->rows, b->cols);
  s->n->bva_matched += (uint64_t)b->rows * b->cols;
  s->n->bva_removed += (uint64_t)reduction(b->rows, b->cols);
}

/* Tries literal l (lines 3-24): M_lit = {l}, its clauses (of at most
 * bva_size literals) the columns; the match grown, replaced when it reduces
 * the formula. */
static void try_literal(simp *s, bva *b, gsat_lit l) {
  b->l = l, b->rows = 1, b->cols = 0, b->hops = 0;
  b->mat.n = b->lits.n = 0;
  s->steps += s->occ[l].n;
  for (uint32_t i = 0; i < s->occ[l].n; i++) {
    const uint32_t c = s->occ[l].a[i];
    if ((s->cfg->bva_size && size_of(s, c) > s->cfg->bva_size) || (*flags_of(s, c) & USED))
      continue;
    push(s, &b->mat, c);
    *flags_of(s, c) |= MATCHED;
  }
  b->cols = b->mat.n;
  push(s, &b->lits, l);
  s->mark[l] |= 2;
  grow_match(s, b);
  for (uint32_t i = 0; i < b->rows * b->cols; i++) *flags_of(s, b->mat.a[i]) &= ~MATCHED;
  for (uint32_t i = 0; i < b->lits.n; i++) s->mark[b->lits.a[i]] &= ~2u;
  for (uint32_t i = 0; i < b->hop_seen.n; i++) s->hop[b->hop_seen.a[i]] = 0;
  b->hop_seen.n = 0;
  if (s->oom || b->rows < 2 || reduction(b->rows, b->cols) <= 0) return;
  if (!b->dry) {
    replace_match(s, b);
    return;
  }
  for (uint32_t i = 0; i < b->rows * b->cols; i++) *flags_of(s, b->mat.a[i]) |= USED;
  b->found += (uint64_t)reduction(b->rows, b->cols);
}

/* One pass over the literals, by occurrences, most first (Algorithm 1,
 * line 1), within limit steps: each tried again whenever a replacement
 * changed its count (a replacement adds bva_effort steps per clause it
 * removes to the limit, so that the work follows the gain: a large
 * at-most-one is re-encoded to the end, small scattered matches are not
 * chased); the gate's pass (b->dry) tries each once and ends when it found
 * share percent of the live clauses. */
static void bva_pass(simp *s, bva *b, uint64_t live, uint32_t share, uint64_t limit) {
  s->steps = 0;
  s->limit = limit;
  b->heap_n = 0;
  for (gsat_lit l = 0; l < 2 * s->V && !s->oom; l++)
    if (s->occ[l].n) heap_push(s, b, l);
  while (b->heap_n && !out_of_time(s) && !(b->dry && b->found * 100 >= share * live)) {
    const uint64_t top = heap_pop(b);
    const gsat_lit l = (gsat_lit)top;
    if (!(top >> 32) || (top >> 32) != s->occ[l].n) continue; /* stale */
    try_literal(s, b, l);
  }
}

/* Whether BVA should replace: share 0, or a first pass, whose matches
 * are disjoint and replace nothing, finds within limit steps matches that
 * would remove at least share percent of the live clauses (the formula
 * holds large at-most-one-like structure, as pigeonhole formulas do).  The
 * pass breaks no ties: large structure shows in the first literals tried. */
static int bva_gate(simp *s, bva *b, uint32_t share, uint64_t limit) {
  if (!share) return 1;
  uint64_t live = 0;
  for (uint32_t i = 0; i < s->clauses.n; i++) live += !dead(s, s->clauses.a[i]);
  b->dry = 1, b->found = 0;
  bva_pass(s, b, live, share, limit);
  for (uint32_t i = 0; i < s->clauses.n; i++) *flags_of(s, s->clauses.a[i]) &= ~USED;
  s->steps += s->clauses.n;
  b->dry = 0;
  s->n->bva_found += b->found;
  return b->found * 100 >= share * live;
}

/* The round: the gate, then the pass that replaces. */
static void bva_round(simp *s) {
  const size_t L = 2 * (size_t)s->vcap + 1;
  s->stamp = calloc(L, sizeof *s->stamp);
  s->count = calloc(L, sizeof *s->count);
  s->hop = calloc(L, sizeof *s->hop);
  s->head = calloc(L, sizeof *s->head);
  s->h3 = calloc(L, sizeof *s->h3);
  bva b;
  memset(&b, 0, sizeof b);
  if (!s->stamp || !s->count || !s->hop || !s->head || !s->h3) s->oom = 1;
  const uint64_t base = s->lits > 100000u ? s->lits : 100000u; /* one step per literal */
  if (!s->oom && bva_gate(s, &b, s->cfg->bva_share, base / GATE_SHARE)) bva_pass(s, &b, 0, 0, base);
  free(b.mat.a), free(b.next.a), free(b.lits.a), free(b.pl.a), free(b.pd.a), free(b.pj.a);
  free(b.pn.a), free(b.start.a), free(b.col.a), free(b.live.a), free(b.keep.a);
  free(b.seen.a), free(b.hop_seen.a), free(b.heap);
}

/* --- set-up and result --------------------------------------------------- */

static gsat_status load(simp *s, const gsat_db *in, gsat_error *err) {
  s->V = s->vcap = s->V0 = in->num_vars;
  s->ext_vars = in->ext_vars;
  size_t V = s->V;
  s->occ = calloc(2 * V + 1, sizeof *s->occ);
  s->val = calloc(2 * V + 1, 1);
  s->mark = calloc(2 * V + 1, 1);
  s->elim = calloc(V + 1, 1);
  s->touched = malloc(V + 1);
  GSAT_RETURN_IF(!s->occ || !s->val || !s->mark || !s->elim || !s->touched, err, NOMEM,
                 "out of memory for the simplification of %u variables", s->V);
  memset(s->touched, 1, V + 1);
  for (uint32_t i = 0; i < in->num_units; i++) assign(s, in->units[i]);
  for (uint32_t c = 0; c < in->num_clauses && !s->oom; c++) {
    uint32_t b = in->clause_start[c];
    add_clause(s, in->clause_lits + b, in->clause_start[c + 1] - b, 0);
    s->lits += in->clause_start[c + 1] - b;
  }
  GSAT_RETURN_IF(s->oom, err, NOMEM, "out of memory loading the clauses to simplify");
  return GSAT_OK;
}

/* out from the live clauses, the root units and one unit per eliminated
 * variable.  That unit is not logged: the variable occurs in no clause, so
 * no lemma can use it.  (As a RAT lemma it would be sound, but drat-trim
 * ignores the deletion of a clause that is a reason at its top level, and a
 * kept clause of the variable could then contradict the unit.) */
static gsat_status store(simp *s, const gsat_db *in, gsat_db *out, gsat_error *err) {
  memset(out, 0, sizeof *out);
  out->num_vars = s->V;
  out->ext_vars = in->ext_vars;
  out->empty_clause = s->unsat;
  uint64_t nlits = 0;
  uint32_t nc = 0, units = s->trail.n;
  for (uint32_t i = 0; i < s->clauses.n; i++)
    if (!dead(s, s->clauses.a[i])) nc++, nlits += size_of(s, s->clauses.a[i]);
  for (gsat_var v = 0; v < s->V; v++) units += s->elim[v];
  out->ext_var = malloc(((size_t)s->V + 1) * sizeof *out->ext_var);
  out->units = malloc(((size_t)units + 1) * sizeof *out->units);
  out->clause_start = malloc(((size_t)nc + 1) * sizeof *out->clause_start);
  out->clause_lits = malloc((nlits + 1) * sizeof *out->clause_lits);
  if (!out->ext_var || !out->units || !out->clause_start || !out->clause_lits) {
    gsat_db_free(out);
    return gsat_error_set(err, GSAT_NOMEM, "out of memory for the simplified formula");
  }
  if (in->num_vars) memcpy(out->ext_var, in->ext_var, (size_t)in->num_vars * sizeof *out->ext_var);
  for (gsat_var v = in->num_vars; v < s->V; v++)
    out->ext_var[v] = (gsat_var)(in->ext_vars + (v - in->num_vars));
  if (s->trail.n) memcpy(out->units, s->trail.a, (size_t)s->trail.n * sizeof *out->units);
  out->num_units = s->trail.n;
  for (gsat_var v = 0; v < s->V; v++)
    if (s->elim[v]) out->units[out->num_units++] = GSAT_LIT(v, 1);
  gsat_features *f = &out->features;
  f->min_len = nc ? UINT32_MAX : 0;
  uint64_t pos = 0, bin = 0;
  for (uint32_t i = 0; i < s->clauses.n; i++) {
    uint32_t c = s->clauses.a[i], k = size_of(s, c);
    if (dead(s, c)) continue;
    out->clause_start[out->num_clauses++] = (uint32_t)pos;
    memcpy(out->clause_lits + pos, lits_of(s, c), k * sizeof *out->clause_lits);
    pos += k;
    out->stream_entries += (uint64_t)k * k;
    bin += k == 2;
    if (k > f->max_len) f->max_len = k;
    if (k < f->min_len) f->min_len = k;
  }
  out->clause_start[nc] = (uint32_t)pos;
  f->vars = s->V;
  f->clauses = nc;
  f->lits = nlits;
  f->mean_len = nc ? (double)nlits / nc : 0;
  f->binary_fraction = nc ? (double)bin / nc : 0;
  return GSAT_OK;
}

static void release(simp *s) {
  for (size_t l = 0; s->occ && l < 2 * (size_t)s->V; l++) free(s->occ[l].a);
  free(s->occ);
  free(s->mem.a);
  free(s->clauses.a);
  free(s->trail.a);
  free(s->tmp.a);
  free(s->tmp2.a);
  free(s->queue.a);
  free(s->hbr.a);
  free(s->val);
  free(s->mark);
  free(s->elim);
  free(s->touched);
  free(s->stamp);
  free(s->count);
  free(s->hop);
  free(s->head);
  free(s->h3);
}

void gsat_simp_config_default(gsat_simp_config *c) {
  gsat_options o;
  gsat_options_init(&o);
  memset(c, 0, sizeof *c);
  gsat_simp_config_from_options(c, &o);
  c->clause_limit = 100;
}

void gsat_simp_config_from_options(gsat_simp_config *c, const gsat_options *o) {
#define FROM_OPTION(field, option) c->field = o->option;
  GSAT_SIMP_OPTIONS(FROM_OPTION)
#undef FROM_OPTION
}

/* Runs technique fn under its own step budget and clock, adding the
 * microseconds to *us. */
static void timed(simp *s, void (*fn)(simp *), uint64_t *us) {
  double t0 = gsat_seconds();
  s->steps = 0;
  s->limit = s->cfg->steps ? s->cfg->steps : base_budget(s);
  fn(s);
  *us += (uint64_t)((gsat_seconds() - t0) * 1e6);
}

static void subsume_all(simp *s) {
  subsume_round(s, 0);
}

/* SAT sweeping's budget in steps: its base (in preprocessing
 * SWEEP_PRE_LITS steps per literal of the formula, within SWEEP_MIN_STEPS ..
 * SWEEP_PRE_STEPS; in inprocessing cfg->sweep_effort per mille of the
 * search's checks since the last round, at least SWEEP_MIN_STEPS), so that
 * sweeping takes a share of the search's work as Kissat's does; *cap gets
 * the rewards' bound, cfg->sweep_reward_cap percent of the base (at most
 * SWEEP_PRE_CAP in preprocessing, which cannot tell yet whether the search
 * is long enough to repay it). */
static uint64_t sweep_base(const simp *s, uint64_t *cap) {
  uint64_t base = s->cfg->sweep_ref ? s->cfg->sweep_ref / 1000 * s->cfg->sweep_effort
                                    : s->lits * SWEEP_PRE_LITS;
  if (!s->cfg->sweep_ref && base > SWEEP_PRE_STEPS) base = SWEEP_PRE_STEPS;
  if (base < SWEEP_MIN_STEPS) base = SWEEP_MIN_STEPS;
  uint32_t percent = s->cfg->sweep_reward_cap;
  if (!s->cfg->sweep_ref && percent > SWEEP_PRE_CAP) percent = SWEEP_PRE_CAP;
  *cap = base / 100 * percent;
  return base;
}

/* Rounds of SAT sweeping, each followed (with cfg->equiv) by the
 * substitution of the equivalences it proved, while a round proves one and
 * at most cfg->sweep_rounds: an equivalence substituted makes others
 * provable within an environment (in a circuit, the gates over two
 * equivalent pairs of inputs).  After the first round only the variables
 * whose clauses the substitution changed are swept.  One budget for all,
 * in steps (clause literals read, the small solver's watch visits): the
 * base (sweep_base), plus sweep_reward for each equivalence or unit proved
 * up to the cap, so that the work follows the gain (as in variable
 * addition) without outgrowing the search where thousands are proved. */
static void sweep_and_substitute(simp *s) {
  const double t0 = gsat_seconds();
  uint8_t *dirty = malloc((size_t)s->V + 1), *saved = malloc((size_t)s->V + 1);
  if (!dirty || !saved) s->oom = 1;
  s->steps = 0;
  s->limit = sweep_base(s, &s->reward_left);
  s->sweep_only = NULL;
  for (uint32_t r = 0; r < s->cfg->sweep_rounds && !s->unsat && !s->oom; r++) {
    const uint64_t found = s->n->sweep_equivs;
    sweep_round(s);
    if (!s->cfg->equiv || s->n->sweep_equivs == found || s->unsat || out_of_time(s)) break;
    memcpy(saved, s->touched, s->V);
    memset(s->touched, 0, s->V);
    els_round(s);
    memcpy(dirty, s->touched, s->V);
    for (gsat_var v = 0; v < s->V; v++) s->touched[v] |= saved[v];
    s->sweep_only = dirty;
  }
  s->sweep_only = NULL;
  free(dirty), free(saved);
  s->n->sweep_us += (uint64_t)((gsat_seconds() - t0) * 1e6);
}

/* A count that grows with every change of the formula by the subsumption,
 * probing and the equivalences: the closure reads the gates once before
 * them, where a subsuming binary clause cannot hide an XOR's clause yet, and
 * again after them where the first found nothing and they changed something
 * (units, substituted literals reveal gates); where the first found
 * something, the inprocessing rounds read the gates again. */
static uint64_t changes(const simp *s) {
  const gsat_worker_stats *n = s->n;
  return s->trail.n + n->simp_subsumed + n->simp_strengthened + n->simp_failed + n->simp_hbr +
         n->simp_substituted;
}

gsat_status gsat_simp_run(const gsat_db *in, const gsat_simp_config *cfg,
                          const gsat_proof_sink *proof, gsat_db *out, gsat_simp_ext *ext,
                          gsat_worker_stats *n, gsat_error *err) {
  simp s;
  memset(&s, 0, sizeof s);
  s.cfg = cfg;
  s.proof = proof;
  s.ext = ext;
  s.n = n;
  gsat_status st = load(&s, in, err);
  if (st == GSAT_OK) {
    propagate(&s);
    if (cfg->congruence && !s.unsat) congruence(&s);
    const uint64_t before = changes(&s), proved = n->cong_equivs + n->cong_units;
    if (cfg->subsume) timed(&s, subsume_all, &n->simp_subsume_us);
    if (cfg->probe) timed(&s, probe_round, &n->simp_probe_us);
    if (cfg->equiv) timed(&s, els_round, &n->simp_equiv_us);
    if (cfg->congruence && !s.unsat && !(n->cong_equivs + n->cong_units - proved) &&
        changes(&s) != before)
      congruence(&s);
    if (cfg->sweep && !s.unsat) sweep_and_substitute(&s);
    if (cfg->probe && cfg->hbr && !s.unsat) drop_hyper(&s);
    if (cfg->bva) timed(&s, bva_round, &n->bva_us);
    if (cfg->elim) timed(&s, elim_rounds, &n->simp_elim_us);
    n->simp_units += s.trail.n - in->num_units;
    if (s.oom) st = gsat_error_set(err, GSAT_NOMEM, "out of memory while simplifying");
  }
  if (st == GSAT_OK) st = store(&s, in, out, err);
  release(&s);
  if (st != GSAT_OK) gsat_simp_ext_free(ext);
  return st;
}

void gsat_simp_extend(const gsat_simp_ext *ext, uint8_t *model) {
  uint64_t i = ext->len;
  while (i > 0) {
    uint32_t k = ext->lits[i - 1];
    const gsat_lit *c = ext->lits + (i - 1 - k);
    int sat = 0;
    for (uint32_t j = 0; j < k && !sat; j++) sat = model[GSAT_VAR(c[j])] == !GSAT_SIGN(c[j]);
    if (!sat) model[GSAT_VAR(c[0])] = (uint8_t)!GSAT_SIGN(c[0]);
    i -= k + 1;
  }
}

void gsat_simp_ext_free(gsat_simp_ext *ext) {
  free(ext->lits);
  memset(ext, 0, sizeof *ext);
}
