/* Tests' tiny DRAT checker over internal literals (include after cmocka.h,
 * with MAXV variables, MAXC clauses of at most MAXK literals defined): every
 * lemma added must be RUP or RAT over the live clauses, every deletion must
 * name a live clause.  Quadratic: for formulas of a few dozen clauses. */
#ifndef GSAT_TESTS_RUP_CHECK_H
#define GSAT_TESTS_RUP_CHECK_H

#include <stdint.h>
#include <string.h>

#include "core/db.h"

typedef struct checker {
  gsat_lit c[MAXC][MAXK];
  uint32_t n[MAXC];
  uint8_t live[MAXC];
  uint32_t count;
  int bad;   /* a lemma neither RUP nor RAT, or a deletion of no clause */
  int rat;   /* lemmas that are RAT but not RUP */
  int empty; /* the empty clause was added */
} checker;

static void chk_load(checker *k, const gsat_db *db) {
  memset(k, 0, sizeof *k);
  for (uint32_t c = 0; c < db->num_clauses; c++) {
    uint32_t b = db->clause_start[c];
    k->n[k->count] = db->clause_start[c + 1] - b;
    memcpy(k->c[k->count], db->clause_lits + b, k->n[k->count] * sizeof(gsat_lit));
    k->live[k->count++] = 1;
  }
  for (uint32_t i = 0; i < db->num_units; i++) {
    k->c[k->count][0] = db->units[i];
    k->n[k->count] = 1;
    k->live[k->count++] = 1;
  }
}

/* Whether unit propagation from the assignment val (of 2 MAXV literals)
 * over the live clauses reaches a conflict. */
static int conflict(const checker *k, int8_t *val) {
  for (int changed = 1; changed;) {
    changed = 0;
    for (uint32_t c = 0; c < k->count; c++) {
      if (!k->live[c]) continue;
      uint32_t free_n = 0;
      gsat_lit u = 0;
      int sat = 0;
      for (uint32_t i = 0; i < k->n[c]; i++) {
        if (val[k->c[c][i]] > 0)
          sat = 1;
        else if (!val[k->c[c][i]])
          u = k->c[c][i], free_n++;
      }
      if (sat || free_n > 1) continue;
      if (!free_n) return 1;
      val[u] = 1, val[u ^ 1] = -1, changed = 1;
    }
  }
  return 0;
}

static int rup(const checker *k, const gsat_lit *l, uint32_t n, const gsat_lit *extra, uint32_t m) {
  int8_t val[2 * MAXV] = {0};
  for (uint32_t i = 0; i < n; i++) {
    if (val[l[i]] < 0) return 1;
    val[l[i] ^ 1] = 1, val[l[i]] = -1;
  }
  for (uint32_t i = 0; i < m; i++) {
    if (val[extra[i]] < 0) return 1;
    val[extra[i] ^ 1] = 1, val[extra[i]] = -1;
  }
  return conflict(k, val);
}

/* Whether l[0..n-1] is RAT on l[0]: every resolvent with a live clause
 * holding NOT l[0] is RUP. */
static int rat(const checker *k, const gsat_lit *l, uint32_t n) {
  for (uint32_t c = 0; c < k->count; c++) {
    gsat_lit rest[MAXK];
    uint32_t m = 0, has = 0;
    for (uint32_t i = 0; k->live[c] && i < k->n[c]; i++)
      if (k->c[c][i] == (l[0] ^ 1))
        has = 1;
      else
        rest[m++] = k->c[c][i];
    if (has && !rup(k, l, n, rest, m)) return 0;
  }
  return 1;
}

static void chk_add(void *data, const gsat_lit *l, uint32_t n) {
  checker *k = data;
  if (!rup(k, l, n, NULL, 0)) {
    k->rat++;
    if (n == 0 || !rat(k, l, n)) k->bad = 1;
  }
  if (n == 0) k->empty = 1;
  assert_true(k->count < MAXC && n <= MAXK);
  if (n) memcpy(k->c[k->count], l, n * sizeof *l); /* l may be NULL for the empty clause */
  k->n[k->count] = n;
  k->live[k->count++] = 1;
}

static void chk_del(void *data, const gsat_lit *l, uint32_t n) {
  checker *k = data;
  for (uint32_t c = 0; c < k->count; c++) {
    if (!k->live[c] || k->n[c] != n) continue;
    uint32_t same = 0;
    for (uint32_t i = 0; i < n; i++)
      for (uint32_t j = 0; j < n; j++) same += l[i] == k->c[c][j];
    if (same == n) {
      k->live[c] = 0;
      return;
    }
  }
  k->bad = 1;
}

#endif
