/* gsat_print_statistics: the statistics of the last read and solve as `c` lines. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "api/gsat.h"
#include "base/plural.h"

static void rate(FILE *out, const char *name, double count, double seconds) {
  fprintf(out, "c %-22s %14.0f /s\n", name, seconds > 0 ? count / seconds : 0.0);
}

/* The --stats rows of the counter table (core/counters.h). */
enum { SHOWN_ALL, SHOWN_DPLL, SHOWN_CDCL, SHOWN_PORTFOLIO, SHOWN_NONZERO, SHOWN_NO };
enum { RATE_NORATE, RATE_RATE };
typedef struct counter_line {
  const char *label;
  int shown, rate;
  size_t offset; /* of the uint64_t in gsat_statistics */
} counter_line;

static const counter_line counter_lines[] = {
#define LINE(F, name, in, dpll, cdcl, shown, rate, label, help)                                    \
  {label, SHOWN_##shown, RATE_##rate, offsetof(gsat_statistics, name)},
    GSAT_COUNTERS(LINE, _)
#undef LINE
};

/* Whether line c is printed for st (the search that ran, the value). */
static int counter_shown(const counter_line *c, const gsat_statistics *st, uint64_t value) {
  const int learns = st->search_id == GSAT_SEARCH_ID_CDCL;
  if (st->search_id == GSAT_SEARCH_ID_WALK) return c->shown == SHOWN_NONZERO && value != 0;
  switch (c->shown) {
  case SHOWN_ALL:
    return 1;
  case SHOWN_DPLL:
    return !learns;
  case SHOWN_CDCL:
    return learns;
  case SHOWN_PORTFOLIO:
    return learns && st->workers > 1;
  case SHOWN_NONZERO:
    return value != 0;
  default:
    return 0;
  }
}

/* One count line per shown counter, each followed by its rate when it has one. */
static void print_counters(FILE *out, const gsat_statistics *st) {
  for (size_t i = 0; i < sizeof counter_lines / sizeof counter_lines[0]; i++) {
    const counter_line *c = &counter_lines[i];
    const uint64_t value = *(const uint64_t *)((const char *)st + c->offset);
    if (!counter_shown(c, st, value)) continue;
    fprintf(out, "c %-22s %14" PRIu64 "\n", c->label, value);
    if (c->rate == RATE_RATE) rate(out, c->label, (double)value, st->search_seconds);
  }
}

/* The CDCL search's propagations per second of its time outside
 * simplification: the search time less the preprocessing and less the
 * inprocessing rounds' time per worker (each worker runs its own rounds), so
 * that BCP's speed with simplification on compares with it off.  Only where
 * simplification ran. */
static void print_search_rate(FILE *out, const gsat_statistics *st) {
  if (st->search_id != GSAT_SEARCH_ID_CDCL || !(st->preprocess_us || st->inproc_us)) return;
  const double workers = st->workers ? st->workers : 1;
  const double simp = (st->preprocess_us + st->inproc_us / workers) * 1e-6;
  rate(out, "search propagations", (double)st->propagations, st->search_seconds - simp);
}

void gsat_print_statistics(gsat_solver *s, FILE *out) {
  const gsat_statistics *st = gsat_get_statistics(s);
  fprintf(out, "c ---- [ statistics ] ----\n");
  fprintf(out, "c %-22s %14.3f s\n", "parse time", st->parse_seconds);
  fprintf(out, "c %-22s %14.3f s\n", "build time", st->build_seconds);
  fprintf(out, "c %-22s %14.3f s\n", "search time", st->search_seconds);
  fprintf(out, "c %-22s %14s (%s)\n", "backend", st->backend, st->backend_reason);
  fprintf(out, "c %-22s %14s (%s)\n", "search", st->search, st->search_reason);
  if (st->search_id != GSAT_SEARCH_ID_CDCL && st->search_id != GSAT_SEARCH_ID_WALK)
    fprintf(out, "c %-22s %14s (%s)\n", "decide", st->decide, st->decide_reason);
  fprintf(out, "c %-22s %14" PRIu32 " %s, %" PRIu32 " %s, %" PRIu64 " %s, %" PRIu32 " %s\n",
          "formula", st->vars, gsat_plural(st->vars, "var", "vars"), st->clauses,
          gsat_plural(st->clauses, "clause", "clauses"), st->literals,
          gsat_plural(st->literals, "literal", "literals"), st->units,
          gsat_plural(st->units, "unit", "units"));
  print_counters(out, st);
  print_search_rate(out, st);
  if (st->workers_requested)
    fprintf(out, "c %-22s %14" PRIu32 " (of %" PRIu32 " asked: no more fit in memory)\n", "workers",
            st->workers, st->workers_requested);
  else
    fprintf(out, "c %-22s %14" PRIu32 "\n", "workers", st->workers);
  if (st->ranks) fprintf(out, "c %-22s %14" PRIu32 " (MPI)\n", "ranks", st->ranks);
  if (st->backend_id == GSAT_BACKEND_ID_GPU) {
    fprintf(out, "c %-22s %s\n", "device", st->device);
    fprintf(out, "c %-22s %14s, %" PRIu32 " blocks x %" PRIu32 " threads\n", "gpu mapping",
            st->gpu_map, st->gpu_blocks, st->gpu_threads);
    fprintf(out, "c %-22s %14.3f s\n", "context time", st->context_seconds);
    if (st->search_id == GSAT_SEARCH_ID_CDCL) {
      fprintf(out, "c %-22s %14" PRIu32 " warps, %" PRIu32 " out of arena\n", "gpu cdcl searchers",
              st->gpu_cdcl_searchers, st->gpu_cdcl_retired);
      fprintf(out, "c %-22s %14.1f MiB learned clauses per searcher, %.1f MiB device memory\n",
              "gpu cdcl plan", st->gpu_cdcl_arena_bytes / 1048576.0,
              st->gpu_cdcl_device_bytes / 1048576.0);
      if (st->gpu_cdcl_cubes)
        fprintf(out, "c %-22s %14" PRIu64 " refuted, %" PRIu32 " of %" PRIu32 " tree nodes used\n",
                "gpu cdcl cubes", st->gpu_cdcl_cubes_refuted, st->gpu_cdcl_cube_nodes,
                st->gpu_cdcl_cube_cap);
      else
        fprintf(out, "c %-22s %14s\n", "gpu cdcl cubes", "off");
      if (st->gpu_cdcl_proof_ring_bytes)
        fprintf(out, "c %-22s %14" PRIu64 " clause records through a %.2f MiB ring\n",
                "gpu cdcl proof", st->gpu_cdcl_proof_records,
                st->gpu_cdcl_proof_ring_bytes / 1048576.0);
    } else {
      fprintf(out, "c %-22s %14s\n", "gpu layout", st->gpu_layout);
    }
    if (st->search[0] == 'w')
      fprintf(out, "c %-22s %14s memory, %" PRIu32 " per SM, %.1f KiB of %s state each\n",
              "gpu walkers", st->gpu_walk_memory, st->gpu_walk_per_sm,
              st->gpu_walk_state_bytes / 1024.0, st->gpu_walk_state);
    fprintf(out, "c %-22s %14.3f s\n", "upload time", st->upload_seconds);
    fprintf(out, "c %-22s %14.6f s\n", "layout build time", st->layout_seconds);
    fprintf(out, "c %-22s %14.3f s\n", "kernel time", st->kernel_seconds);
    fprintf(out, "c %-22s %14.3f\n", "occupancy (theory)", st->occupancy);
    fprintf(out, "c %-22s %13.1f%% search, %.1f%% replay, %.1f%% idle\n", "worker time",
            100 * st->gpu_busy, 100 * st->gpu_replay, 100 * (1 - st->gpu_busy - st->gpu_replay));
    fprintf(out, "c %-22s %14" PRIu64 " warp, %" PRIu64 " block\n", "steals", st->steals_warp,
            st->steals_block);
  }
  if (st->rank && st->ranks > 1 && st->search_id == GSAT_SEARCH_ID_CDCL) {
    fprintf(out, "c %6s %7s %14s %14s %12s %12s %10s %10s %8s %8s\n", "rank", "threads",
            "conflicts", "conflicts/s", "clauses out", "clauses in", "port out", "port in",
            "rounds", "search s");
    for (uint32_t i = 0; i < st->ranks; i++) {
      const gsat_rank_statistics *k = &st->rank[i];
      fprintf(out,
              "c %6" PRIu32 " %7" PRIu32 " %14" PRIu64 " %14.0f %12" PRIu64 " %12" PRIu64
              " %10" PRIu64 " %10" PRIu64 " %8" PRIu64 " %8.3f\n",
              i, k->threads, k->conflicts,
              k->search_seconds > 0 ? k->conflicts / k->search_seconds : 0.0, k->clauses_sent,
              k->clauses_received, k->port_out, k->port_in, k->rounds, k->search_seconds);
    }
  } else if (st->rank && st->ranks > 1) {
    fprintf(out, "c %6s %7s %14s %14s %8s %9s %7s %7s %8s %8s %8s\n", "rank", "threads", "nodes",
            "nodes/s", "cubes", "donations", "steals", "given", "requests", "refused", "busy s");
    for (uint32_t i = 0; i < st->ranks; i++) {
      const gsat_rank_statistics *k = &st->rank[i];
      fprintf(out,
              "c %6" PRIu32 " %7" PRIu32 " %14" PRIu64 " %14.0f %8" PRIu64 " %9" PRIu64 " %7" PRIu64
              " %7" PRIu64 " %8" PRIu64 " %8" PRIu64 " %8.3f\n",
              i, k->threads, k->nodes, k->search_seconds > 0 ? k->nodes / k->search_seconds : 0.0,
              k->cubes, k->donations, k->steals, k->given, k->requests, k->refused,
              k->busy_seconds);
    }
  }
  if (st->members) {
    fprintf(out, "c %-22s %14s\n", "answered by", st->answered_by[0] ? st->answered_by : "none");
    fprintf(out, "c %6s %6s %9s %9s %9s %9s %14s %14s %9s %9s %8s\n", "member", "search", "started",
            "searching", "ended", "context", "nodes|flips", "conflicts", "port out", "port in",
            "answer");
    for (uint32_t i = 0; i < st->members; i++) {
      const gsat_member_statistics *m = &st->member[i];
      char started[16], ended[16];
      snprintf(started, sizeof started, m->searched ? "%.3f" : "-", m->search_started_seconds);
      snprintf(ended, sizeof ended, m->returned ? "%.3f" : "-", m->ended_seconds);
      fprintf(out,
              "c %6s %6s %9.3f %9s %9s %9.3f %14" PRIu64 " %14" PRIu64 " %9" PRIu64 " %9" PRIu64
              " %8s\n",
              m->name, m->search, m->started_seconds, started, ended, m->context_seconds,
              strcmp(m->search, "walk") ? m->nodes : m->walk_flips, m->conflicts, m->port_out,
              m->port_in,
              m->status                         ? "failed"
              : !m->returned                    ? "setup"
              : m->answer == GSAT_SATISFIABLE   ? "sat"
              : m->answer == GSAT_UNSATISFIABLE ? "unsat"
                                                : "unknown");
    }
  }
  /* one line per worker, but not for the walkers: thousands */
  if (st->worker && st->workers > 1 && st->search_id != GSAT_SEARCH_ID_WALK) {
    fprintf(out, "c %6s %14s %16s %14s %8s %9s %8s\n", "worker", "nodes", "checks", "checks/s",
            "cubes", "donations", "busy s");
    for (uint32_t i = 0; i < st->workers; i++) {
      const gsat_worker_statistics *w = &st->worker[i];
      fprintf(out,
              "c %6" PRIu32 " %14" PRIu64 " %16" PRIu64 " %14.0f %8" PRIu64 " %9" PRIu64 " %8.3f\n",
              i, w->nodes, w->checks, w->busy_seconds > 0 ? w->checks / w->busy_seconds : 0.0,
              w->cubes, w->donations, w->busy_seconds);
    }
  }
}
