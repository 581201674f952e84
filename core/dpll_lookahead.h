/* The look-ahead decision heuristic of the DPLL step code (--decide=lookahead),
 * after the look-ahead solvers march (Heule and van Maaren, "Look-Ahead Based
 * SAT Solvers", Handbook of Satisfiability, ch. 5, 2009) and kcnfs (Dubois and
 * Dequen, "A backbone-search heuristic for efficient solving of hard 3-SAT
 * formulae", IJCAI 2001).  dpll.h includes it in its template part (no include
 * guard; the instance's GSAT_DPLL_FN, GSAT_DPLL_AT and team primitives).
 *
 * The reduced formula (per clause its unassigned literals, per literal its
 * unsatisfied clauses and their preselection sum) has two representations,
 * the instance's compile-time choice (GSAT_DPLL_LA_KEPT, dpll.h; dpll_types.h,
 * GSAT_LA_KEPT, says which team takes which and why), each a few steps that
 * make the node's formula (la_node) below which every other step is shared:
 *  - kept along the tree (the Handbook's section 5.3, march's clause sizes)
 *    for the literals la_trail reflects: lists whose satisfied clauses are
 *    swapped out and back as stacks; the search's BCP runs over it
 *    (la_propagate, la_bcp: called by propagate) and takes it back to the
 *    first trail position that changed on backtracking (la_unapply, latest
 *    first): a node costs the clauses of the variables that changed;
 *  - built again in each round by a scan of every clause (la_scan; the lists
 *    filled in an order that depends on the team), the search's BCP over the
 *    occurrence streams (propagate_lit).
 * A decision is made in rounds.  A round:
 *  1. preselects candidate variables by a clause-reduction approximation (the
 *     Handbook's section 5.4, "preselection"): each unassigned literal of an
 *     unsatisfied clause with u unassigned literals scores gsat_la_pre_weight
 *     (u) (4^-u, so short clauses weigh most; la_pre); a variable scores
 *     (a + 1)(b + 1) - 1 for its literals' sums a, b; the best C variables are
 *     taken (C = gsat_la_count of the variables that score), ties by the
 *     smaller index;
 *  2. looks ahead on both literals of each candidate: a member of the team
 *     assumes the literal in its own look-ahead assignment (la_bits, over the
 *     shared assignment, which no member changes meanwhile) and propagates it
 *     alone over the reduced formula by counting, per clause, the literals it
 *     falsified (la_cnt, march's clause-size counters: a clause is read only
 *     when one literal is left); the reduction (section 5.3, "weighted new
 *     clauses"; kcnfs's weights) sums, over the literals it sets, the clauses
 *     they shorten, each weighted by gsat_la_weight of the unassigned literals
 *     left (5^-u, new binary clauses weigh most); the 2 C literals spread
 *     over the team's members (the lanes of a warp; a loop in a team of one);
 *  3. a literal whose look-ahead conflicts has failed (section 5.3.2, "failed
 *     literals"): the negations of the round's failed literals are assigned
 *     and propagated (both literals of a candidate failed, or a conflict: the
 *     node is refuted), and the round is repeated on the new assignment.
 * A round without a failed literal decides (section 5.3.1, the product rule):
 * the candidate with the largest d(x) d(-x), ties by d(x) + d(-x), then the
 * smaller index, branching first on the literal with the smaller reduction
 * (the less constrained branch, more likely satisfiable).
 *
 * Every result is a function of the set of assigned literals (not of the trail
 * order, nor of which member looked ahead on which literal: a member's
 * look-ahead reads the shared assignment, which does not change during the
 * round, the reduced formula and its own bits and counts; the lists' order
 * does not matter), so the tree is the same for every team, split and
 * representation; the failed literals' negations stay on the trail at the
 * current level.  Heuristic work counts the variables of the selection
 * rounds and the list entries and clause literals that the look-aheads read
 * and clear, and: kept, the list entries and clause literals that taking the
 * reduced formula back touches; scanned, the clause literals of each scan.
 * Literal checks count the BCP's reads (kept: list entries and clause
 * literals; scanned: occurrence stream entries), so they differ between the
 * representations, the nodes do not. */

/* Preselection weight of each unassigned literal of an unsatisfied clause with
 * u unassigned literals: 4^(7 - u), 1 from 7 on. */
TEAM_HD uint32_t GSAT_DPLL_FN(la_pre_weight)(uint32_t u) {
  return u >= 7 ? 1u : 1u << (2 * (7 - u));
}

/* Reduction weight of a shortened clause left with u unassigned literals
 * (u >= 2): 5^(7 - u), 1 from 7 on (a new binary clause weighs 3125).  A
 * chain of selects, not a loop or a table: a table indexed by u would live
 * in a GPU thread's local memory, read once per list entry. */
TEAM_HD uint64_t GSAT_DPLL_FN(la_weight)(uint32_t u) {
  return u >= 7 ? 1 : u == 6 ? 5 : u == 5 ? 25 : u == 4 ? 125 : u == 3 ? 625 : 3125;
}

/* Candidates of a round when n variables score: n / GSAT_LA_FRACTION within
 * [GSAT_LA_MIN_CAND, GSAT_LA_MAX_CAND], and at most n. */
TEAM_HD uint32_t GSAT_DPLL_FN(la_count)(uint32_t n) {
  uint32_t c = n / GSAT_LA_FRACTION;
  c = c < GSAT_LA_MIN_CAND ? GSAT_LA_MIN_CAND : c > GSAT_LA_MAX_CAND ? GSAT_LA_MAX_CAND : c;
  return c < n ? c : n;
}

#if GSAT_DPLL_LA_KEPT /* the reduced formula kept along the tree */

/* The lists and the empty assignment's state (once per searcher, one
 * member): la_list from la_lstart[l] to la_lend[l] holds the clauses with
 * literal l (la_locc: the clause literal's index, la_lpos: its entry), each
 * clause has all its literals unassigned, la_score[l] sums la_pre_weight of
 * the lengths of l's clauses, la_trail reflects nothing. */
TEAM_HD void GSAT_DPLL_FN(la_starts)(gsat_dpll *s, const gsat_db_view *db) {
  const uint32_t L = 2 * db->num_vars;
  for (uint32_t l = 0; l <= L; l++) s->la_lstart[l] = 0;
  for (uint32_t i = 0; i < db->num_lits; i++) s->la_lstart[db->clause_lits[i] + 1]++;
  for (uint32_t l = 0; l < L; l++) {
    s->la_lstart[l + 1] += s->la_lstart[l];
    s->la_lend[l] = s->la_lstart[l];
    s->la_score[l] = 0;
  }
  for (uint32_t c = 0; c < db->num_clauses; c++) {
    const uint32_t b = db->clause_start[c], e = db->clause_start[c + 1];
    s->la_cu[c] = e - b;
    for (uint32_t i = b; i < e; i++) {
      const gsat_lit l = db->clause_lits[i];
      const uint32_t p = s->la_lend[l]++;
      s->la_list[p] = c;
      s->la_locc[p] = i;
      s->la_lpos[i] = p;
      s->la_score[l] += GSAT_DPLL_FN(la_pre_weight)(e - b);
    }
  }
  s->la_top = 0;
}

/* Adds d (unsigned: wraps to subtract) to la_score of each literal of clause
 * c.  Returns its width. */
TEAM_HD uint32_t GSAT_DPLL_FN(la_spread)(gsat_dpll *s, const gsat_db_view *db, uint32_t c,
                                         uint32_t d) {
  const uint32_t b = db->clause_start[c], e = db->clause_start[c + 1];
  for (uint32_t i = b; i < e; i++) TEAM_ADD(&s->la_score[db->clause_lits[i]], d);
  return e - b;
}

/* Takes clause literal i (literal l, clause c) out of l's list: swaps its
 * entry with the list's last and shortens the list. */
TEAM_HD void GSAT_DPLL_FN(la_remove)(gsat_dpll *s, gsat_lit l, uint32_t i, uint32_t c) {
  const uint32_t p = s->la_lpos[i], q = --s->la_lend[l], j = s->la_locc[q];
  s->la_list[p] = s->la_list[q];
  s->la_locc[p] = j;
  s->la_lpos[j] = p;
  s->la_list[q] = c;
  s->la_locc[q] = i;
  s->la_lpos[i] = q;
}

/* The clauses that t satisfies (the unsatisfied ones with t: la_list of t)
 * leave the reduced formula (dir 1) or come back (dir 0, the entries in
 * reverse): their weights leave (return to) their literals' la_score, and
 * they leave (return to) the lists of their other literals, which change as
 * stacks in trail order (la_remove; a return lengthens the list over the
 * entry its removal left there).  t's own list does not change while t is
 * true.  The members take a clause's literals side by side (each in another
 * list).  Returns the list entries and literals visited. */
TEAM_HD uint32_t GSAT_DPLL_FN(la_satisfy)(gsat_dpll *s, const gsat_db_view *db, gsat_lit t,
                                          uint32_t dir) {
  const uint32_t lo = s->la_lstart[t], hi = s->la_lend[t];
  uint32_t work = hi - lo; /* at most the formula's literals */
  for (uint32_t k = 0; k < hi - lo; k++) {
    const uint32_t c = s->la_list[dir ? lo + k : hi - 1 - k];
    const uint32_t w = GSAT_DPLL_FN(la_pre_weight)(s->la_cu[c]);
    const uint32_t b = db->clause_start[c], e = db->clause_start[c + 1];
    TEAM_FOR(i, b, e) {
      const gsat_lit l = db->clause_lits[i];
      s->la_score[l] += dir ? 0u - w : w;
      if (l != t && dir) GSAT_DPLL_FN(la_remove)(s, l, i, c);
      if (l != t && !dir) s->la_lend[l]++;
    }
    TEAM_SYNC();
    work += e - b;
  }
  return work;
}

/* Takes back literal t's reflection (la_bcp's, in reverse): the clauses
 * with NOT t regain an unassigned literal, the difference of their weights
 * passed to their literals' la_score (members take the clauses side by
 * side, la_score by TEAM_ADD), then those that t satisfied return to the
 * reduced formula (la_satisfy).  Returns the list entries and literals
 * visited (the team's). */
TEAM_HD uint64_t GSAT_DPLL_FN(la_unapply)(gsat_dpll *s, const gsat_db_view *db, gsat_lit t) {
  const gsat_lit f = GSAT_NOT(t);
  uint32_t own = 0; /* this member's entries and clause literals */
  TEAM_FOR(p, s->la_lstart[f], s->la_lend[f]) {
    const uint32_t c = s->la_list[p], u = s->la_cu[c];
    s->la_cu[c] = u + 1;
    own += 1 + GSAT_DPLL_FN(la_spread)(
                   s, db, c, GSAT_DPLL_FN(la_pre_weight)(u + 1) - GSAT_DPLL_FN(la_pre_weight)(u));
  }
  TEAM_SYNC();
  for (uint32_t d = TEAM_SIZE / 2; d; d >>= 1) own += TEAM_SHFL_XOR(own, d);
  return own + GSAT_DPLL_FN(la_satisfy)(s, db, t, 0);
}

/* BCP of literal t over the reduced formula (march's clause sizes): t's
 * satisfied clauses leave it (la_satisfy), and each unsatisfied clause with
 * NOT t loses an unassigned literal (la_cu, la_score); a clause
 * left with one literal not falsified by the reflected literals is read:
 * with a true literal nothing follows, with an unassigned one it is implied
 * (assigned after the round's reads, checked again first, as propagate_lit),
 * with neither it is a conflict.  Every clause of NOT t is counted, conflict
 * or not, so that the state reflects t.  Checks count the list entries and
 * the clause literals visited.  Returns 1 on conflict. */
TEAM_HD uint32_t GSAT_DPLL_FN(la_bcp)(gsat_dpll *s, const gsat_db_view *db, gsat_lit t) {
  const gsat_lit f = GSAT_NOT(t);
  const uint32_t lo = s->la_lstart[f], hi = s->la_lend[f];
  uint32_t own = 0; /* this member's clause literals: at most the formula's */
  uint32_t conflict = 0;
  s->n.checks += GSAT_DPLL_FN(la_satisfy)(s, db, t, 1) + (hi - lo);
  TEAM_ROUNDS(b, lo, hi) {
    const uint32_t p = b + TEAM_RANK;
    gsat_lit unit = GSAT_DPLL_NONE;
    int dead = 0;
    if (p < hi) {
      const uint32_t c = s->la_list[p], u = s->la_cu[c];
      s->la_cu[c] = u - 1;
      own += GSAT_DPLL_FN(la_spread)(
          s, db, c, GSAT_DPLL_FN(la_pre_weight)(u - 1) - GSAT_DPLL_FN(la_pre_weight)(u));
      if (u <= 2) { /* one left, or none */
        const uint32_t e = db->clause_start[c + 1];
        int sat = 0;
        own += e - db->clause_start[c];
        for (uint32_t i = db->clause_start[c]; i < e && !sat; i++) {
          const gsat_lit l = db->clause_lits[i];
          const int v = GSAT_DPLL_AT(s->val, l);
          sat = v > 0;
          if (v == 0) unit = l;
        }
        if (sat) unit = GSAT_DPLL_NONE;
        dead = !sat && unit == GSAT_DPLL_NONE;
      }
    }
    uint32_t units = TEAM_BALLOT(unit != GSAT_DPLL_NONE);
    conflict |= TEAM_ANY(dead);
    while (units && !conflict) {
      const gsat_lit x = TEAM_BCAST(unit, TEAM_FIRST(units));
      units &= units - 1;
      const int v = GSAT_DPLL_AT(s->val, x);
      conflict = v < 0;
      if (v == 0) GSAT_DPLL_FN(assign)(s, x);
    }
  }
  TEAM_SYNC();
  for (uint32_t d = TEAM_SIZE / 2; d; d >>= 1) own += TEAM_SHFL_XOR(own, d);
  s->n.checks += own;
  s->n.conflicts += conflict;
  return conflict;
}

/* The look-ahead search's BCP (propagate's, with --decide=lookahead): takes
 * the clause state back to the first position where la_trail and the trail
 * differ, at most qhead (la_unapply, heuristic work), and propagates
 * every trail literal from there (la_bcp), la_trail following.  Returns 1 on
 * conflict, 0 at a fixpoint (the state then reflects the whole trail). */
TEAM_HD uint32_t GSAT_DPLL_FN(la_propagate)(gsat_dpll *s, const gsat_db_view *db) {
  if (!s->la_ready) {
    TEAM_ONE(GSAT_DPLL_FN(la_starts)(s, db));
    s->la_ready = 1;
    s->la_top = 0;
  }
  TEAM_SYNC();
  const uint32_t top = s->la_top, lim = top < s->qhead ? top : s->qhead;
  uint32_t keep = 0;
  while (keep < lim && s->la_trail[keep] == GSAT_DPLL_AT(s->trail, keep)) keep++;
  uint64_t work = 0;
  for (uint32_t i = top; i > keep; i--) work += GSAT_DPLL_FN(la_unapply)(s, db, s->la_trail[i - 1]);
  s->n.heur += work;
  s->qhead = s->la_top = keep;
  while (s->qhead < s->trail_len) {
    const gsat_lit t = GSAT_DPLL_AT(s->trail, s->qhead);
    TEAM_ONE(s->la_trail[s->qhead] = t);
    s->la_top = ++s->qhead;
    if (GSAT_DPLL_FN(la_bcp)(s, db, t)) return 1;
  }
  return 0;
}

/* The preselection sum of literal l's unsatisfied clauses at the node. */
TEAM_HD uint32_t GSAT_DPLL_FN(la_pre)(const gsat_dpll *s, gsat_lit l) {
  return s->la_score[l];
}

/* The node's reduced formula and preselection sums (la_preselect's first
 * step): brings the kept state to the node (la_propagate; the node is a
 * fixpoint, so it only takes back and checks).  Returns 1. */
TEAM_HD uint32_t GSAT_DPLL_FN(la_node)(gsat_dpll *s, const gsat_db_view *db) {
  GSAT_DPLL_FN(la_propagate)(s, db);
  return 1;
}

#else /* the reduced formula built by each round's scan */

/* Evaluates clause c under the shared assignment: returns its unassigned
 * literals, or GSAT_DPLL_NONE when it is satisfied. */
TEAM_HD uint32_t GSAT_DPLL_FN(la_open)(const gsat_dpll *s, const gsat_db_view *db, uint32_t c) {
  const gsat_lit *lits = db->clause_lits + db->clause_start[c];
  const uint32_t width = db->clause_start[c + 1] - db->clause_start[c];
  uint32_t un = 0;
  for (uint32_t k = 0; k < width; k++) {
    const int v = GSAT_DPLL_AT(s->val, lits[k]);
    if (v > 0) return GSAT_DPLL_NONE;
    un += v == 0;
  }
  return un;
}

/* The preselection's scan of this member's clauses (CSR): sets la_cu of
 * each clause (its unassigned literals, NONE when satisfied) and, for each
 * unsatisfied clause with u unassigned literals, adds la_pre_weight (u) to
 * moms_count of each of them and puts the clause in its list (the round's
 * reduced formula: la_list from la_lstart to la_lend, in an order that
 * depends on the team; the look-ahead's results do not, la_literal).
 * Returns 1 when this member saw an unsatisfied clause. */
TEAM_HD uint32_t GSAT_DPLL_FN(la_scan)(gsat_dpll *s, const gsat_db_view *db) {
  uint32_t open = 0;
  TEAM_FOR(c, 0, db->num_clauses) {
    const uint32_t un = GSAT_DPLL_FN(la_open)(s, db, c);
    s->la_cu[c] = un;
    if (un == GSAT_DPLL_NONE) continue;
    open = 1;
    const gsat_lit *lits = db->clause_lits + db->clause_start[c];
    const uint32_t width = db->clause_start[c + 1] - db->clause_start[c];
    const uint32_t w = GSAT_DPLL_FN(la_pre_weight)(un);
    for (uint32_t k = 0; k < width; k++)
      if (GSAT_DPLL_AT(s->val, lits[k]) == 0) {
        TEAM_ADD(&GSAT_DPLL_AT(s->moms_count, lits[k]), w);
        s->la_list[TEAM_FETCH_ADD(&s->la_lend[lits[k]], 1u)] = c;
      }
  }
  return open;
}

/* The lists' fixed starts (once per searcher, one member): la_lstart[l] is
 * the number of occurrences of the literals before l in the clauses (la_lend
 * used to count them). */
TEAM_HD void GSAT_DPLL_FN(la_starts)(gsat_dpll *s, const gsat_db_view *db) {
  const uint32_t L = 2 * db->num_vars;
  for (uint32_t l = 0; l < L; l++) s->la_lend[l] = 0;
  for (uint32_t i = 0; i < db->num_lits; i++) s->la_lend[db->clause_lits[i]]++;
  uint32_t at = 0;
  for (uint32_t l = 0; l < L; l++) {
    s->la_lstart[l] = at;
    at += s->la_lend[l];
  }
  s->la_lstart[L] = at;
}

/* The preselection sum of literal l's unsatisfied clauses at the node
 * (la_scan's, in moms_count). */
TEAM_HD uint32_t GSAT_DPLL_FN(la_pre)(const gsat_dpll *s, gsat_lit l) {
  return GSAT_DPLL_AT(s->moms_count, l);
}

/* The node's reduced formula and preselection sums (la_preselect's first
 * step): the lists' starts once, then la_scan of every clause.  Returns 0
 * when no clause is unsatisfied. */
TEAM_HD uint32_t GSAT_DPLL_FN(la_node)(gsat_dpll *s, const gsat_db_view *db) {
  if (!s->la_ready) {
    TEAM_ONE(GSAT_DPLL_FN(la_starts)(s, db));
    s->la_ready = 1;
  }
  TEAM_SYNC();
  TEAM_FOR(l, 0, 2 * db->num_vars) {
    GSAT_DPLL_AT(s->moms_count, l) = 0;
    s->la_lend[l] = s->la_lstart[l];
  }
  TEAM_SYNC();
  const uint32_t open = TEAM_ANY(GSAT_DPLL_FN(la_scan)(s, db));
  TEAM_SYNC();
  s->n.heur += db->num_lits;
  return open;
}

#endif

/* The preselection score of variable v (0: assigned, or in no unsatisfied
 * clause). */
TEAM_HD uint64_t GSAT_DPLL_FN(la_score)(const gsat_dpll *s, uint32_t v) {
  if (GSAT_DPLL_AT(s->val, 2 * v)) return 0;
  const uint64_t a = GSAT_DPLL_FN(la_pre)(s, 2 * v), b = GSAT_DPLL_FN(la_pre)(s, 2 * v + 1);
  return (a + 1) * (b + 1) - 1; /* at most 2^64 - 1 */
}

/* The best-scoring variable after (bound, bound_var) in the order score
 * descending, index ascending (first: from the top), or NONE; *scoring gets
 * the number of variables that score (first round only). */
TEAM_HD uint32_t GSAT_DPLL_FN(la_next)(const gsat_dpll *s, uint32_t V, int first,
                                       unsigned long long bound, uint32_t bound_var,
                                       unsigned long long *best_out, uint32_t *scoring) {
  unsigned long long best = 0;
  uint32_t best_var = GSAT_DPLL_NONE, n = 0;
  TEAM_FOR(v, 0, V) {
    const unsigned long long sc = GSAT_DPLL_FN(la_score)(s, v);
    n += sc != 0;
    if (!sc || (!first && (sc > bound || (sc == bound && v <= bound_var)))) continue;
    if (sc > best) { /* v ascending: ties keep the smaller v */
      best = sc;
      best_var = v;
    }
  }
  for (uint32_t d = TEAM_SIZE / 2; d; d >>= 1) {
    const unsigned long long os = TEAM_SHFL_XOR(best, d);
    const uint32_t ov = TEAM_SHFL_XOR(best_var, d);
    if (os > best || (os == best && ov < best_var)) {
      best = os;
      best_var = ov;
    }
  }
  if (first) *scoring = TEAM_SUM(n);
  *best_out = best;
  return best_var;
}

/* Preselection: the node's reduced formula and sums (la_node), then the best
 * la_count of the variables by la_score to la_cand.  Returns the number of
 * candidates, 0 when no clause is unsatisfied. */
TEAM_HD uint32_t GSAT_DPLL_FN(la_preselect)(gsat_dpll *s, const gsat_db_view *db) {
  const uint32_t V = db->num_vars;
  if (!GSAT_DPLL_FN(la_node)(s, db)) return 0;
  unsigned long long bound = 0;
  uint32_t var = GSAT_DPLL_NONE, scoring = 0, c = 0, want = 1;
  for (; c < want; c++) {
    var = GSAT_DPLL_FN(la_next)(s, V, c == 0, bound, var, &bound, &scoring);
    if (var == GSAT_DPLL_NONE) break;
    if (c == 0) want = GSAT_DPLL_FN(la_count)(scoring);
    TEAM_ONE(s->la_cand[c] = var);
  }
  s->n.heur += (uint64_t)(c + 1) * V;
  return c; /* 0: no variable scores, every clause is satisfied */
}

/* Sets literal l in a member's look-ahead assignment. */
TEAM_HD void GSAT_DPLL_FN(la_set)(uint32_t *bits, gsat_lit l) {
  bits[l >> 5] |= 1u << (l & 31);
}

/* The value of literal l in a member's look-ahead: the shared assignment, else
 * the member's bits (l and its negation share a word). */
TEAM_HD int GSAT_DPLL_FN(la_value)(const gsat_dpll *s, const uint32_t *bits, gsat_lit l) {
  const int v = GSAT_DPLL_AT(s->val, l);
  if (v) return v;
  const uint32_t w = bits[l >> 5];
  return (w >> (l & 31) & 1) ? 1 : (w >> (GSAT_NOT(l) & 31) & 1) ? -1 : 0;
}

/* A look-ahead on literal x (unassigned) in member slot `slot` (its bits,
 * counts and queue): sets x in the slot's bits, queues it, and propagates
 * every queued literal t over the round's reduced formula: each clause in
 * la_list of NOT t (unsatisfied at the node, u = la_cu unassigned literals)
 * counts one more falsified literal in the slot's la_cnt; with one left the
 * clause is read (that literal is implied unless true), with none it is a
 * conflict.  The reduction adds la_weight (u - 1) for each such clause with u
 * >= 3 (the new clause that falsifying NOT t leaves; one that the look-ahead
 * also satisfies or shortens again counts as well, march's clause-size
 * measure), so that neither it nor the set of literals set depends on the
 * order of the lists or of the propagation.  *reads: list entries and clause
 * literals read; *queued: the literals it set (the slot's queue), which stay
 * set until la_clear.  Returns GSAT_LA_FAILED on conflict, else the
 * reduction. */
TEAM_HD uint64_t GSAT_DPLL_FN(la_literal)(const gsat_dpll *s, const gsat_db_view *db, gsat_lit x,
                                          uint32_t slot, uint32_t *queued, uint64_t *reads) {
  uint32_t *bits = s->la_bits + (size_t)slot * s->la_words;
  uint32_t *cnt = s->la_cnt + (size_t)slot * s->la_cstride;
  gsat_lit *queue = s->la_queue + (size_t)slot * db->num_vars;
  uint64_t diff = 0, r = 0;
  uint32_t n = 1;
  GSAT_DPLL_FN(la_set)(bits, x);
  queue[0] = x;
  for (uint32_t h = 0; h < n && diff != GSAT_LA_FAILED; h++) {
    const gsat_lit f = GSAT_NOT(queue[h]);
    for (uint32_t p = s->la_lstart[f]; p < s->la_lend[f]; p++) {
      const uint32_t c = s->la_list[p], k = ++cnt[c], u = s->la_cu[c];
      r++;
      diff += u >= 3 ? GSAT_DPLL_FN(la_weight)(u - 1) : 0;
      if (k + 1 < u) continue; /* two or more left unassigned */
      if (k == u) {            /* every one falsified */
        diff = GSAT_LA_FAILED;
        break;
      }
      gsat_lit unit = GSAT_DPLL_NONE; /* the one left: true, or unassigned */
      for (uint32_t i = db->clause_start[c]; i < db->clause_start[c + 1]; i++) {
        const gsat_lit l = db->clause_lits[i];
        const int v = GSAT_DPLL_FN(la_value)(s, bits, l);
        r++;
        if (v >= 0) {
          unit = v ? GSAT_DPLL_NONE : l;
          break;
        }
      }
      if (unit == GSAT_DPLL_NONE) continue;
      GSAT_DPLL_FN(la_set)(bits, unit);
      queue[n++] = unit;
    }
  }
  *reads += r;
  *queued = n;
  return diff;
}

/* Clears the n queued literals of slot's look-ahead (only they were set)
 * and the counts of the clauses in their negations' lists (only they were
 * counted).  Returns the list entries read. */
TEAM_HD uint64_t GSAT_DPLL_FN(la_clear)(const gsat_dpll *s, uint32_t slot, uint32_t n, uint32_t V) {
  uint32_t *bits = s->la_bits + (size_t)slot * s->la_words;
  uint32_t *cnt = s->la_cnt + (size_t)slot * s->la_cstride;
  const gsat_lit *queue = s->la_queue + (size_t)slot * V;
  uint64_t r = 0;
  for (uint32_t k = 0; k < n; k++) {
    const gsat_lit f = GSAT_NOT(queue[k]);
    bits[queue[k] >> 5] = 0;
    for (uint32_t p = s->la_lstart[f]; p < s->la_lend[f]; p++) cnt[s->la_list[p]] = 0;
    r += s->la_lend[f] - s->la_lstart[f];
  }
  return r;
}

/* Local learning (the Handbook's section 5.3.3, "necessary assignments"):
 * a literal y that the look-aheads of both x and NOT x set follows from the
 * assignment.  Marks in moms_count (free after the preselection, zeroed by
 * la_all) each literal of slot1's queue (NOT x's) that slot0's bits (x's)
 * hold. */
TEAM_HD void GSAT_DPLL_FN(la_necessary)(gsat_dpll *s, uint32_t slot0, uint32_t slot1, uint32_t n,
                                        uint32_t V) {
  const uint32_t *bits = s->la_bits + (size_t)slot0 * s->la_words;
  const gsat_lit *queue = s->la_queue + (size_t)slot1 * V;
  for (uint32_t k = 1; k < n; k++) {
    const gsat_lit y = queue[k];
    if (bits[y >> 5] >> (y & 31) & 1) TEAM_ADD(&GSAT_DPLL_AT(s->moms_count, y), 1u);
  }
}

/* Looks ahead on both literals of the c candidates into la_diff (literal
 * GSAT_LIT (la_cand[k], j) at 2 k + j) and marks the necessary assignments
 * (la_necessary).  The two literals of a candidate are looked ahead on side
 * by side, so that both implied sets exist at once: in a team of one by the
 * member in slots 0 and 1, in a larger team by members 2 p and 2 p + 1, each
 * in its own slot (the literals spread over the members as one per member). */
TEAM_HD void GSAT_DPLL_FN(la_all)(gsat_dpll *s, const gsat_db_view *db, uint32_t c) {
  const uint32_t V = db->num_vars, per = TEAM_SIZE >= 2 ? 2 : 1, width = TEAM_SIZE / per;
  unsigned long long reads = 0;
  TEAM_SYNC();
  TEAM_FOR(l, 0, 2 * V) GSAT_DPLL_AT(s->moms_count, l) = 0;
  TEAM_SYNC();
  for (uint32_t first = 0; first < c; first += width) { /* every member: the same rounds */
    const uint32_t k = first + TEAM_RANK / per;
    uint32_t queued[2] = {0, 0};
    for (uint32_t j = TEAM_RANK % per; k < c && j < 2; j += per) {
      uint64_t r = 0;
      const uint32_t slot = per == 1 ? j : TEAM_RANK;
      s->la_diff[2 * k + j] =
          GSAT_DPLL_FN(la_literal)(s, db, GSAT_LIT(s->la_cand[k], j), slot, &queued[j], &r);
      reads += r;
    }
    TEAM_SYNC();
    if (k < c && (per == 1 || TEAM_RANK % 2 == 1) && s->la_diff[2 * k] != GSAT_LA_FAILED &&
        s->la_diff[2 * k + 1] != GSAT_LA_FAILED)
      GSAT_DPLL_FN(la_necessary)
    (s, per == 1 ? 0 : TEAM_RANK - 1, per == 1 ? 1 : TEAM_RANK, queued[1], V);
    TEAM_SYNC();
    for (uint32_t j = TEAM_RANK % per; k < c && j < 2; j += per)
      reads += GSAT_DPLL_FN(la_clear)(s, per == 1 ? j : TEAM_RANK, queued[j], V);
  }
  TEAM_SYNC();
  for (uint32_t d = TEAM_SIZE / 2; d; d >>= 1) reads += TEAM_SHFL_XOR(reads, d);
  s->n.heur += reads;
  s->n.la += 2 * c;
  s->n.cand += c;
}

/* Assigns the negation of each failed literal of the round (candidate order),
 * then each necessary assignment (la_necessary; literal order), and
 * propagates.  *found: failed literals; *necessary: necessary literals
 * assigned.  Returns 1 when the node is refuted: both literals of a candidate
 * failed (one negation is false), a necessary literal is false, or the
 * propagation conflicts. */
TEAM_HD uint32_t GSAT_DPLL_FN(la_assign_failed)(gsat_dpll *s, const gsat_db_view *db, uint32_t c,
                                                uint32_t *found, uint32_t *necessary) {
  uint32_t nf = 0, nn = 0, conflict = 0;
  for (uint32_t i = 0; i < 2 * c && !conflict; i++) {
    if (s->la_diff[i] != GSAT_LA_FAILED) continue;
    nf++;
    const gsat_lit neg = GSAT_NOT(GSAT_LIT(s->la_cand[i >> 1], i & 1));
    const int v = GSAT_DPLL_AT(s->val, neg);
    if (v < 0)
      conflict = 1;
    else if (v == 0)
      GSAT_DPLL_FN(assign)(s, neg);
  }
  TEAM_SYNC();
  TEAM_ROUNDS(b, 0, 2 * db->num_vars) {
    const uint32_t l = b + TEAM_RANK;
    uint32_t m = TEAM_BALLOT(!conflict && l < 2 * db->num_vars && GSAT_DPLL_AT(s->moms_count, l));
    while (m && !conflict) {
      const gsat_lit y = b + (uint32_t)TEAM_FIRST(m);
      m &= m - 1;
      const int v = GSAT_DPLL_AT(s->val, y);
      if (v < 0)
        conflict = 1;
      else if (v == 0) {
        GSAT_DPLL_FN(assign)(s, y);
        nn++;
      }
    }
  }
  *found = nf;
  *necessary = nn;
  if (!conflict && (nf || nn)) conflict = GSAT_DPLL_FN(propagate)(s, db);
  return conflict;
}

/* The product rule over the round's c candidates (none failed): the largest
 * d(x) d(-x) (each capped at 2^31 - 1), ties by d(x) + d(-x), then the smaller
 * variable; its literal with the smaller reduction (ties: positive). */
TEAM_HD gsat_lit GSAT_DPLL_FN(la_pick)(const gsat_dpll *s, uint32_t c) {
  const unsigned long long cap = 0x7fffffffull;
  unsigned long long best_ab = 0, best_sum = 0;
  uint32_t best_var = GSAT_DPLL_NONE, best_neg = 0;
  TEAM_FOR(k, 0, c) {
    const unsigned long long a = s->la_diff[2 * k], b = s->la_diff[2 * k + 1];
    const unsigned long long ab = (a < cap ? a : cap) * (b < cap ? b : cap), sum = a + b;
    const uint32_t v = s->la_cand[k];
    if (best_var == GSAT_DPLL_NONE || ab > best_ab || (ab == best_ab && sum > best_sum) ||
        (ab == best_ab && sum == best_sum && v < best_var)) {
      best_ab = ab;
      best_sum = sum;
      best_var = v;
      best_neg = b < a;
    }
  }
  for (uint32_t d = TEAM_SIZE / 2; d; d >>= 1) {
    const unsigned long long oab = TEAM_SHFL_XOR(best_ab, d), osum = TEAM_SHFL_XOR(best_sum, d);
    const uint32_t ov = TEAM_SHFL_XOR(best_var, d), on = TEAM_SHFL_XOR(best_neg, d);
    const int better =
        ov != GSAT_DPLL_NONE &&
        (best_var == GSAT_DPLL_NONE || oab > best_ab ||
         (oab == best_ab && (osum > best_sum || (osum == best_sum && ov < best_var))));
    if (better) {
      best_ab = oab;
      best_sum = osum;
      best_var = ov;
      best_neg = on;
    }
  }
  return GSAT_LIT(best_var, best_neg);
}

/* The look-ahead decision (see the top of this file): rounds until one finds
 * no failed literal.  Returns the decision literal; NONE when every clause is
 * satisfied (a model), or, with s->conflict set, when the failed literals
 * refute the node. */
TEAM_HD gsat_lit GSAT_DPLL_FN(decide_lookahead)(gsat_dpll *s, const gsat_db_view *db) {
  for (;;) {
    const uint32_t c = GSAT_DPLL_FN(la_preselect)(s, db);
    if (!c) return GSAT_DPLL_NONE;
    GSAT_DPLL_FN(la_all)(s, db, c);
    uint32_t found = 0, necessary = 0;
    const uint32_t refuted = GSAT_DPLL_FN(la_assign_failed)(s, db, c, &found, &necessary);
    s->n.failed += found;
    if (refuted) {
      s->conflict = 1;
      return GSAT_DPLL_NONE;
    }
    if (!found && !necessary) return GSAT_DPLL_FN(la_pick)(s, c);
  }
}
