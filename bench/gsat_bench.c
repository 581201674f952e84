/* gsat-bench: GPU vs CPU tree-search throughput, measured side by side in one
 * process.  For every instance and configuration it solves with the
 * public API and prints one CSV row: instance, backend, mapping, threads,
 * answer, nodes, literal checks, search seconds, literal checks per second, the
 * ratio of checks per second to the 1-thread CPU run of the same instance, the
 * time from parse to answer, and the CUDA context time (reported separately);
 * the GPU's CNF layout (--gpu-layout) and its build time on the GPU close the
 * row. Configurations warp-csr and warp-slot fix the layout, so that the
 * layout A/B runs in one process. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>

#include "api/gsat.h"
#include "base/clock.h"

typedef struct config {
  const char *name, *backend, *map, *threads, *layout;
} config;

static const config all_configs[] = {
    {"cpu1", "cpu", "", "1", ""},
    {"cpuall", "cpu", "", "0", ""},
    {"warp", "gpu", "warp", "0", ""},
    {"warp-csr", "gpu", "warp", "0", "csr"},
    {"warp-slot", "gpu", "warp", "0", "slot"},
};

#define NUM_CONFIGS (sizeof all_configs / sizeof all_configs[0])

/* Marks in chosen[] the configurations named in the comma-separated list;
 * returns 0, or prints the first unknown name and returns -1. */
static int choose_configs(const char *configs, int chosen[NUM_CONFIGS]) {
  for (const char *at = configs; at;) {
    const char *comma = strchr(at, ',');
    size_t len = comma ? (size_t)(comma - at) : strlen(at), c = 0;
    while (c < NUM_CONFIGS &&
           (strlen(all_configs[c].name) != len || strncmp(at, all_configs[c].name, len)))
      c++;
    if (c == NUM_CONFIGS) {
      fprintf(stderr, "gsat-bench: unknown configuration '%.*s' in --configs\n", (int)len, at);
      return -1;
    }
    chosen[c] = 1;
    at = comma ? comma + 1 : NULL;
  }
  return 0;
}

static void usage(FILE *out) {
  fprintf(out, "usage: gsat-bench [--time-limit=S] [--configs=cpu1,cpuall,warp]\n"
               "                  [--decide=auto|static|moms] [--csv=FILE] [--stats]\n"
               "                  [--manifest=manifest.tsv] [--relaxed] file.cnf...\n"
               "Runs each configuration on each file and prints CSV rows (and writes "
               "FILE).\n"
               "Configurations: cpu1 cpuall warp (GPU layout auto) and warp-csr\n"
               "warp-slot (layout fixed).  --stats prints, per GPU "
               "run,\n"
               "the layout and its build time on the GPU (apart from the upload).\n"
               "Exits 1 if any run fails: an error, answers that disagree with each "
               "other or\n"
               "with the manifest's expected answer, or (UNSAT) a node count that "
               "differs\n"
               "from the 1-thread CPU run's (both heuristics are deterministic).  "
               "Models are checked by\n"
               "gsat_solve itself.\n");
}

/* Expected answer of path from a manifest.tsv (path column relative to it):
 * 10, 20, or 0 when unknown.  Matches on the manifest path being a suffix. */
static int expected_answer(const char *manifest, const char *path) {
  if (!manifest) return 0;
  FILE *f = fopen(manifest, "r");
  if (!f) return 0;
  char line[4096];
  int answer = 0;
  size_t plen = strlen(path);
  while (fgets(line, sizeof line, f)) {
    char *tab = strchr(line, '\t');
    if (!tab) continue;
    *tab = 0;
    size_t n = strlen(line);
    if (n > plen || strcmp(path + plen - n, line) || (n < plen && path[plen - n - 1] != '/'))
      continue;
    char *col = tab + 1;
    for (int k = 0; k < 3 && col; k++) col = strchr(col, '\t') ? strchr(col, '\t') + 1 : NULL;
    if (col) answer = !strncmp(col, "SAT", 3) ? 10 : !strncmp(col, "UNSAT", 5) ? 20 : 0;
    break;
  }
  fclose(f);
  return answer;
}

/* Loads a GPU configuration's kernels before the timed runs (CUDA loads each
 * kernel at its first launch, about 0.1 s, which would otherwise land on the
 * first instance): solves a 3-variable formula once with each heuristic. */
static void warm_up(const config *cf) {
  static const int32_t lits[] = {1, 2, 0, -1, 2, 0, 1, -2, 3, 0, -3, 1, 0};
  static const char *const heuristics[] = {"static", "moms"};
  if (strcmp(cf->backend, "gpu")) return;
  for (int h = 0; h < 2; h++) {
    gsat_solver *s = gsat_init();
    if (!s) return;
    gsat_set_option(s, "backend", cf->backend);
    gsat_set_option(s, "decide", heuristics[h]);
    if (cf->map[0]) gsat_set_option(s, "gpu_map", cf->map);
    if (cf->layout[0]) gsat_set_option(s, "gpu_layout", cf->layout);
    for (size_t k = 0; k < sizeof lits / sizeof lits[0]; k++) gsat_add(s, lits[k]);
    (void)gsat_solve(s);
    gsat_release(s);
  }
}

int main(int argc, char **argv) {
  const char *limit = "60", *configs = "cpu1,cpuall,warp", *decide = "auto", *csv = NULL;
  const char *manifest = NULL;
  int relaxed = 0, stats = 0;
  static struct option longopts[] = {{"time-limit", required_argument, 0, 't'},
                                     {"configs", required_argument, 0, 'c'},
                                     {"decide", required_argument, 0, 'd'},
                                     {"csv", required_argument, 0, 'o'},
                                     {"manifest", required_argument, 0, 'm'},
                                     {"relaxed", no_argument, 0, 'r'},
                                     {"stats", no_argument, 0, 's'},
                                     {"help", no_argument, 0, 'h'},
                                     {0, 0, 0, 0}};
  int ch;
  while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
    switch (ch) {
    case 't':
      limit = optarg;
      break;
    case 'c':
      configs = optarg;
      break;
    case 'd':
      decide = optarg;
      break;
    case 'o':
      csv = optarg;
      break;
    case 'm':
      manifest = optarg;
      break;
    case 'r':
      relaxed = 1;
      break;
    case 's':
      stats = 1;
      break;
    case 'h':
      usage(stdout);
      return 0;
    default:
      usage(stderr);
      return 1;
    }
  }
  if (optind >= argc) {
    usage(stderr);
    return 1;
  }
  int chosen[NUM_CONFIGS] = {0};
  if (choose_configs(configs, chosen)) { /* before any output */
    usage(stderr);
    return 1;
  }
  FILE *out = csv ? fopen(csv, "w") : NULL;
  if (csv && !out) {
    perror(csv);
    return 3;
  }
  const char *header = "instance,config,backend,mapping,decide,threads,answer,nodes,checks,"
                       "seconds,checks_per_s,ratio_cpu1,solve_seconds,context_seconds,busy_pct,"
                       "replay_pct,"
                       "grid,layout,layout_seconds\n";
  printf("%s", header);
  if (out) fprintf(out, "%s", header);
  int failures = 0;
  for (size_t c = 0; c < NUM_CONFIGS; c++)
    if (chosen[c]) warm_up(&all_configs[c]);
  for (int f = optind; f < argc; f++) {
    const char *path = argv[f];
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    double cpu1_rate = 0;
    uint64_t cpu1_nodes = 0;
    int cpu1_answer = 0;
    int expected = expected_answer(manifest, path);
    if (!expected) expected = -1;
    for (size_t c = 0; c < NUM_CONFIGS; c++) {
      const config *cf = &all_configs[c];
      if (!chosen[c]) continue;
      gsat_solver *s = gsat_init();
      if (!s) return 4;
      gsat_set_option(s, "backend", cf->backend);
      gsat_set_option(s, "threads", cf->threads);
      gsat_set_option(s, "decide", decide);
      gsat_set_option(s, "time_limit", limit);
      if (relaxed) gsat_set_option(s, "relaxed", "1");
      if (cf->map[0]) gsat_set_option(s, "gpu_map", cf->map);
      if (cf->layout[0]) gsat_set_option(s, "gpu_layout", cf->layout);
      int res = gsat_read_dimacs(s, path);
      double t0 = gsat_seconds();
      if (res == 0) res = gsat_solve(s);
      double solve = gsat_seconds() - t0;
      const gsat_statistics *st = gsat_get_statistics(s);
      if (res < 0) {
        fprintf(stderr, "gsat-bench: %s %s: %s\n", base, cf->name, gsat_last_error(s));
        failures++;
        gsat_release(s);
        continue;
      }
      if (res && expected >= 0 && res != expected) {
        fprintf(stderr, "gsat-bench: %s %s: answer %d, but %d before\n", base, cf->name, res,
                expected);
        failures++;
      }
      if (res) expected = res;
      double rate = st->checks_per_second;
      if (!strcmp(cf->name, "cpu1")) {
        cpu1_rate = rate;
        cpu1_nodes = st->nodes;
        cpu1_answer = res;
      } else if (res == 20 && cpu1_answer == 20 && st->nodes != cpu1_nodes) {
        fprintf(stderr, "gsat-bench: %s %s: %llu nodes, but %llu on the 1-thread CPU\n", base,
                cf->name, (unsigned long long)st->nodes, (unsigned long long)cpu1_nodes);
        failures++;
      }
      char row[1024];
      snprintf(
          row, sizeof row,
          "%s,%s,%s,%s,%s,%u,%s,%llu,%llu,%.4f,%.4g,%.2f,%.4f,%.4f,%.1f,%."
          "1f,%ux%u,%s,%.6f\n",
          base, cf->name, st->backend, st->gpu_map[0] ? st->gpu_map : "-", st->decide, st->workers,
          res == 10   ? "SAT"
          : res == 20 ? "UNSAT"
                      : "UNKNOWN",
          (unsigned long long)st->nodes, (unsigned long long)st->checks, st->search_seconds, rate,
          cpu1_rate > 0 ? rate / cpu1_rate : 0.0, st->parse_seconds + solve - st->context_seconds,
          st->context_seconds, 100 * st->gpu_busy, 100 * st->gpu_replay, st->gpu_blocks,
          st->gpu_threads, st->gpu_layout[0] ? st->gpu_layout : "-", st->layout_seconds);
      if (stats && st->backend_id == GSAT_BACKEND_ID_GPU)
        fprintf(stderr,
                "c %s %s: layout %s, layout build %.6f s on the GPU, upload "
                "%.6f s, "
                "context %.3f s, kernel %.4f s\n",
                base, cf->name, st->gpu_layout, st->layout_seconds, st->upload_seconds,
                st->context_seconds, st->kernel_seconds);
      printf("%s", row);
      fflush(stdout);
      if (out) {
        fprintf(out, "%s", row);
        fflush(out);
      }
      gsat_release(s);
    }
  }
  if (out) fclose(out);
  fprintf(stderr, "gsat-bench: %d failure%s\n", failures, failures == 1 ? "" : "s");
  return failures ? 1 : 0;
}
