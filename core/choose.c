#include "core/choose.h"

#include <math.h>
#include <stdio.h>

#include "base/plural.h"

/* Pigeonhole-like: binary clauses (at-most-one constraints) and clauses of
 * one other length that together hold every variable exactly once (each
 * pigeon's "in some hole" clause), and exactly the binary clauses of the
 * encoding: "no two pigeons in a hole" (L holes times C(longs, 2)), with or
 * without "no pigeon in two holes" (longs times C(L, 2)); graph colouring
 * (sw100: one "some colour" clause per vertex, each variable once) has other
 * binary counts and short proofs.  Returns the holes L (the long clauses'
 * length), 0 when f is not such a formula; *pigeons the long clauses. */
static uint32_t pigeonhole_holes(const gsat_features *f, double *pigeons) {
  const double b = f->binary_fraction, L = f->max_len, longs = f->clauses * (1 - b);
  const double binaries = f->clauses * b, holes = L * longs * (longs - 1) / 2,
               both = holes + longs * L * (L - 1) / 2;
  *pigeons = longs;
  const int like = f->clauses && f->min_len == 2 && L > 2 && b >= 0.5 &&
                   fabs(f->mean_len - (2 * b + L * (1 - b))) < 1e-9 &&
                   fabs(longs * L - f->vars) < 0.5 &&
                   (fabs(binaries - holes) < 0.5 || fabs(binaries - both) < 0.5);
  return like ? f->max_len : 0;
}

/* The clause length k when every clause of f has it (uniform k-SAT), else
 * 0. */
static uint32_t uniform_length(const gsat_features *f) {
  return f->clauses && f->min_len == f->max_len ? f->max_len : 0;
}

/* The satisfiability threshold of uniform random k-SAT in clauses per
 * variable for k = 5, 6, 7 (Mertens, Mezard and Zecchina, "Threshold values
 * of random k-SAT from the cavity method", Random Struct. Alg. 2006), 0 for
 * other k. */
static double ksat_threshold(uint32_t k) {
  return k == 5 ? 21.117 : k == 6 ? 43.37 : k == 7 ? 87.79 : 0;
}

gsat_decide_choice gsat_choose_decide(const gsat_features *f, gsat_decide option, int on_gpu) {
  gsat_decide_choice c = {option, "requested"};
  if (option != GSAT_DECIDE_AUTO) return c;
  const double ratio = f->vars ? (double)f->clauses / f->vars : 0;
  double pigeons;
  const uint32_t holes = pigeonhole_holes(f, &pigeons);
  /* Look-ahead where it measured faster (docs/lookahead.md, "Choice"):
   * uniform random 3-SAT near the threshold from GSAT_LA_AUTO_3SAT_VARS_*
   * variables on (fewer nodes by 30-40x), pigeonhole from
   * GSAT_LA_AUTO_HOLES holes on (the GPU 1.3-2.6x the static order), uniform
   * random 5- to 7-SAT near the threshold on the CPU (one thread: 2.3-2.8x
   * MOMS; on the GPU MOMS stays 1.7-5x faster). */
  const uint32_t k = uniform_length(f);
  const double th = ksat_threshold(k);
  const uint32_t la_vars = on_gpu ? GSAT_LA_AUTO_3SAT_VARS_GPU : GSAT_LA_AUTO_3SAT_VARS_CPU;
  if (k == 3 && ratio >= GSAT_LA_AUTO_RATIO_LO && ratio <= GSAT_LA_AUTO_RATIO_HI &&
      f->vars >= la_vars) {
    c.decide = GSAT_DECIDE_LOOKAHEAD;
    snprintf(c.reason, sizeof c.reason,
             "auto: uniform 3-SAT, %u variables (%s: from %u), %.2f clauses per variable", f->vars,
             on_gpu ? "GPU" : "CPU", la_vars, ratio);
  } else if (!on_gpu && k >= GSAT_LA_AUTO_KSAT_MIN && k <= GSAT_LA_AUTO_KSAT_MAX && th > 0 &&
             ratio >= GSAT_LA_AUTO_KSAT_LO * th && ratio <= GSAT_LA_AUTO_KSAT_HI * th) {
    c.decide = GSAT_DECIDE_LOOKAHEAD;
    snprintf(c.reason, sizeof c.reason,
             "auto: uniform %u-SAT, %u variables, %.2f clauses per variable", k, f->vars, ratio);
  } else if (holes >= GSAT_LA_AUTO_HOLES) {
    c.decide = GSAT_DECIDE_LOOKAHEAD;
    snprintf(c.reason, sizeof c.reason, "auto: pigeonhole-like, %.0f pigeons, %u holes", pigeons,
             holes);
  } else if (f->clauses && f->binary_fraction >= 0.5) {
    /* Mostly binary clauses (pigeonhole and other at-most-one encodings): the
     * static order is cheapest per node and MOMS saves too few nodes to pay
     * its scan. */
    c.decide = GSAT_DECIDE_STATIC;
    snprintf(c.reason, sizeof c.reason, "auto: %.0f%% binary clauses", 100 * f->binary_fraction);
  } else {
    c.decide = GSAT_DECIDE_MOMS;
    snprintf(c.reason, sizeof c.reason, "auto: %.0f%% binary clauses, mean length %.2f",
             100 * f->binary_fraction, f->mean_len);
  }
  return c;
}

gsat_search_choice gsat_choose_search(const gsat_features *f, gsat_search_kind option, int on_gpu,
                                      int bva) {
  gsat_search_choice c = {option, "requested"};
  if (option == GSAT_SEARCH_DPLL || option == GSAT_SEARCH_CDCL || option == GSAT_SEARCH_WALK)
    return c;
  const double ratio = f->vars ? (double)f->clauses / f->vars : 0;
  /* Uniform random 3-SAT near the threshold: every clause has 3 literals. */
  if (uniform_length(f) == 3 && ratio >= 3.5 && ratio <= 5.0) {
    c.search = GSAT_SEARCH_DPLL;
    snprintf(c.reason, sizeof c.reason, "auto: uniform 3-SAT, %.2f clauses per variable", ratio);
    return c;
  }
  /* Pigeonhole-like (pigeonhole_holes): no short resolution proof exists,
   * but bounded variable addition re-encodes the at-most-one constraints
   * into a formula that CDCL refutes quickly; the GPU's DPLL races only a
   * DPLL search on the CPU. */
  double longs;
  const uint32_t L = pigeonhole_holes(f, &longs);
  if (L && !on_gpu && bva) {
    c.search = GSAT_SEARCH_CDCL;
    snprintf(c.reason, sizeof c.reason,
             "auto: pigeonhole-like, %.0f %s of length %u; no GPU: CDCL after BVA (--bva)", longs,
             gsat_plural((uint64_t)longs, "clause", "clauses"), L);
    return c;
  }
  if (L) {
    c.search = GSAT_SEARCH_DPLL;
    snprintf(c.reason, sizeof c.reason,
             "auto: pigeonhole-like, %.0f %s of length %u cover the %u variables once", longs,
             gsat_plural((uint64_t)longs, "clause", "clauses"), L, f->vars);
    return c;
  }
  c.search = GSAT_SEARCH_CDCL;
  snprintf(c.reason, sizeof c.reason, "auto: %.0f%% binary clauses, mean length %.2f",
           100 * f->binary_fraction, f->mean_len);
  return c;
}

uint32_t gsat_choose_walkers(const gsat_features *f, int option, int by_auto, uint32_t threads) {
  if (threads < 2) return 0;
  if (option >= 0) return (uint32_t)option < threads ? (uint32_t)option : threads - 1;
  if (!by_auto || uniform_length(f) < 3) return 0;
  return threads >= GSAT_WALK_AUTO_MIN_THREADS || f->vars >= GSAT_WALK_AUTO_MIN_VARS ? 1 : 0;
}
