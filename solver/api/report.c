/* gsat_print_statistics: the statistics of the last read and solve as `c` lines. */
#include <inttypes.h>

#include "solver/api/gsat.h"

static void rate(FILE *out, const char *name, double count, double seconds) {
  fprintf(out, "c %-22s %14.0f /s\n", name, seconds > 0 ? count / seconds : 0.0);
}

void gsat_print_statistics(gsat_solver *s, FILE *out) {
  const gsat_statistics *st = gsat_get_statistics(s);
  fprintf(out, "c ---- [ statistics ] ----\n");
  fprintf(out, "c %-22s %14.3f s\n", "parse time", st->parse_seconds);
  fprintf(out, "c %-22s %14.3f s\n", "build time", st->build_seconds);
  fprintf(out, "c %-22s %14.3f s\n", "search time", st->search_seconds);
  fprintf(out, "c %-22s %14s (%s)\n", "backend", st->backend, st->backend_reason);
  fprintf(out, "c %-22s %14s (%s)\n", "search", st->search, st->search_reason);
  if (st->search[0] != 'c')
    fprintf(out, "c %-22s %14s (%s)\n", "decide", st->decide, st->decide_reason);
  fprintf(out, "c %-22s %14" PRIu32 " vars, %" PRIu32 " clauses, %" PRIu64 " literals, %" PRIu32
               " units\n", "formula", st->vars, st->clauses, st->literals, st->units);
  fprintf(out, "c %-22s %14" PRIu64 "\n", "nodes", st->nodes);
  fprintf(out, "c %-22s %14" PRIu64 "\n", "literal checks", st->checks);
  rate(out, "literal checks", (double)st->checks, st->search_seconds);
  rate(out, "nodes", (double)st->nodes, st->search_seconds);
  fprintf(out, "c %-22s %14" PRIu64 "\n", "replay checks", st->replay_checks);
  fprintf(out, "c %-22s %14" PRIu64 "\n", "heuristic work", st->heuristic);
  fprintf(out, "c %-22s %14" PRIu64 "\n", "propagations", st->propagations);
  fprintf(out, "c %-22s %14" PRIu64 "\n", "conflicts", st->conflicts);
  rate(out, "propagations", (double)st->propagations, st->search_seconds);
  rate(out, "conflicts", (double)st->conflicts, st->search_seconds);
  if (st->search[0] == 'c') {
    fprintf(out, "c %-22s %14" PRIu64 "\n", "decisions", st->decisions);
    rate(out, "decisions", (double)st->decisions, st->search_seconds);
    fprintf(out, "c %-22s %14" PRIu64 "\n", "restarts", st->restarts);
    rate(out, "restarts", (double)st->restarts, st->search_seconds);
    fprintf(out, "c %-22s %14" PRIu64 "\n", "reductions", st->reductions);
    fprintf(out, "c %-22s %14" PRIu64 "\n", "learned clauses", st->learned);
    fprintf(out, "c %-22s %14" PRIu64 "\n", "learned literals", st->learned_literals);
    rate(out, "learned literals", (double)st->learned_literals, st->search_seconds);
    fprintf(out, "c %-22s %14" PRIu64 "\n", "minimized literals", st->minimized_literals);
    fprintf(out, "c %-22s %14" PRIu64 "\n", "deleted clauses", st->deleted_clauses);
    if (st->workers > 1) {
      fprintf(out, "c %-22s %14" PRIu64 "\n", "shared clauses out", st->shared_exported);
      fprintf(out, "c %-22s %14" PRIu64 "\n", "shared clauses in", st->shared_imported);
    }
  }
  fprintf(out, "c %-22s %14" PRIu64 "\n", "cubes", st->cubes);
  fprintf(out, "c %-22s %14" PRIu64 "\n", "donations", st->donations);
  fprintf(out, "c %-22s %14" PRIu32 "\n", "workers", st->workers);
  if (st->ranks) fprintf(out, "c %-22s %14" PRIu32 " (MPI)\n", "ranks", st->ranks);
  if (st->backend[0] == 'g') {
    fprintf(out, "c %-22s %s\n", "device", st->device);
    fprintf(out, "c %-22s %14s, %" PRIu32 " blocks x %" PRIu32 " threads\n", "gpu mapping",
            st->gpu_map, st->gpu_blocks, st->gpu_threads);
    fprintf(out, "c %-22s %14.3f s\n", "context time", st->context_seconds);
    fprintf(out, "c %-22s %14s\n", "gpu layout", st->gpu_layout);
    fprintf(out, "c %-22s %14.3f s\n", "upload time", st->upload_seconds);
    fprintf(out, "c %-22s %14.6f s\n", "layout build time", st->layout_seconds);
    fprintf(out, "c %-22s %14.3f s\n", "kernel time", st->kernel_seconds);
    fprintf(out, "c %-22s %14.3f\n", "occupancy (theory)", st->occupancy);
    fprintf(out, "c %-22s %13.1f%% search, %.1f%% replay, %.1f%% idle\n", "worker time",
            100 * st->gpu_busy, 100 * st->gpu_replay, 100 * (1 - st->gpu_busy - st->gpu_replay));
    fprintf(out, "c %-22s %14" PRIu64 " lane, %" PRIu64 " warp, %" PRIu64 " block\n", "steals",
            st->steals_lane, st->steals_warp, st->steals_block);
  }
  if (st->rank && st->ranks > 1) {
    fprintf(out, "c %6s %7s %14s %14s %8s %9s %7s %7s %8s %8s %8s\n", "rank", "threads",
            "nodes", "nodes/s", "cubes", "donations", "steals", "given", "requests",
            "refused", "busy s");
    for (uint32_t i = 0; i < st->ranks; i++) {
      const gsat_rank_statistics *k = &st->rank[i];
      fprintf(out, "c %6" PRIu32 " %7" PRIu32 " %14" PRIu64 " %14.0f %8" PRIu64 " %9" PRIu64
                   " %7" PRIu64 " %7" PRIu64 " %8" PRIu64 " %8" PRIu64 " %8.3f\n",
              i, k->threads, k->nodes,
              k->search_seconds > 0 ? k->nodes / k->search_seconds : 0.0, k->cubes,
              k->donations, k->steals, k->given, k->requests, k->refused, k->busy_seconds);
    }
  }
  if (st->worker && st->workers > 1) {
    fprintf(out, "c %6s %14s %16s %14s %8s %9s %8s\n", "worker", "nodes", "checks", "checks/s",
            "cubes", "donations", "busy s");
    for (uint32_t i = 0; i < st->workers; i++) {
      const gsat_worker_statistics *w = &st->worker[i];
      fprintf(out, "c %6" PRIu32 " %14" PRIu64 " %16" PRIu64 " %14.0f %8" PRIu64 " %9" PRIu64
                   " %8.3f\n",
              i, w->nodes, w->checks, w->busy_seconds > 0 ? w->checks / w->busy_seconds : 0.0,
              w->cubes, w->donations, w->busy_seconds);
    }
  }
}
