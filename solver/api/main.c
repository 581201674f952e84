/* The gsat command line: reads a DIMACS CNF file, solves it, prints the answer
 * in the SAT competition format, and maps results to exit codes (the only place
 * that does).  Options come from the table in options.h. */
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "solver/api/gsat.h"
#include "solver/core/options.h"
#include "solver/base/clock.h"
#include "solver/base/status.h"

/* Exit codes besides 10, 20 and 0. */
enum {
  EXIT_USAGE = 1,
  EXIT_PARSE = 2,
  EXIT_IO = 3,
  EXIT_RESOURCE = 4,
  EXIT_INTERNAL = 5,
  EXIT_CUDA = 6,
  EXIT_NODEVICE = 7,
};

static gsat_solver *solver; /* for the signal handler */

static volatile sig_atomic_t
    stop_cause; /* 0, SIGALRM (time limit) or the signal */

static void on_signal(int sig) {
  if (!stop_cause) stop_cause = sig;
  if (solver) gsat_terminate(solver);
}

/* Why the answer is UNKNOWN, as a c line: a signal, the time limit (the
 * alarm, or the search's own limit), or the node limit after `nodes`
 * decisions. */
static void print_stop_cause(gsat_solver *s, double limit, uint64_t nodes) {
  const double node_limit = gsat_get_option(s, "node_limit");
  if (stop_cause && stop_cause != SIGALRM)
    printf("c stopped by signal %d (%s)\n", (int)stop_cause,
           stop_cause == SIGINT    ? "SIGINT"
           : stop_cause == SIGTERM ? "SIGTERM"
                                   : "?");
  else if (!stop_cause && node_limit > 0 && (double)nodes >= node_limit)
    printf("c stopped: node limit of %.0f decisions reached\n", node_limit);
  else if (stop_cause || limit > 0)
    printf("c stopped: time limit of %g s reached\n", limit);
}

static int exit_code_of(int status) {
  switch (status) {
  case GSAT_USAGE:
    return EXIT_USAGE;
  case GSAT_PARSE:
    return EXIT_PARSE;
  case GSAT_IO:
    return EXIT_IO;
  case GSAT_NOMEM:
  case GSAT_RESOURCE:
    return EXIT_RESOURCE;
  case GSAT_CUDA:
    return EXIT_CUDA;
  case GSAT_NODEVICE:
    return EXIT_NODEVICE;
  default:
    return EXIT_INTERNAL;
  }
}

static void usage(FILE *out) {
  fprintf(out, "usage: gsat [option...] [--] [file.cnf | file.cnf.gz | -]\n"
               "\n"
               "Solves a DIMACS CNF formula (plain or gzip; standard input "
               "when the file is\n"
               "'-' or missing) with DPLL tree search on the GPU, or on the "
               "CPU reference.\n"
               "\n"
               "options:\n"
               "  -q                                   same as --quiet\n"
               "  -h, --help                           print this text\n"
               "  --version                            print the version\n");
  gsat_options_usage(out);
  fprintf(
      out,
      "\n"
      "Boolean options also take =true/false and --no-<name>.  Every option "
      "can be\n"
      "set in the environment as GSAT_<NAME>, e.g. GSAT_THREADS=4.\n"
      "\n"
      "output: 'c' comment lines, one 's SATISFIABLE|UNSATISFIABLE|UNKNOWN' "
      "line, and\n"
      "for SAT 'v' lines (at most 4096 characters each) ending with 'v 0'.  "
      "Every\n"
      "model is checked against the input clauses before it is printed.\n"
      "\n"
      "exit codes: 10 SAT, 20 UNSAT, 0 UNKNOWN (time limit, SIGINT, SIGTERM),\n"
      "  1 usage, 2 parse error, 3 I/O error, 4 out of memory or resources,\n"
      "  5 internal error, 6 CUDA error, 7 no usable GPU for --backend=gpu\n");
}

static void print_warning(void *data, const char *file, uint64_t line,
                          const char *message) {
  (void)data;
  if (line)
    printf("c WARNING: %s:%" PRIu64 ": %s\n", file, line, message);
  else
    printf("c WARNING: %s: %s\n", file, message);
  fflush(stdout);
}

typedef struct progress_state {
  double last_seconds;
  uint64_t last_checks;
} progress_state;

static void print_progress(void *data, const gsat_progress_report *r) {
  progress_state *ps = data;
  double dt = r->seconds - ps->last_seconds;
  double rate = dt > 0 ? (double)(r->checks - ps->last_checks) / dt : 0;
  printf("c progress %8.1f s  %14" PRIu64 " nodes  %10.3g checks/s  %8" PRIu64
         " cubes left",
         r->seconds, r->nodes, rate, r->cubes_left);
  if (r->busy_workers) printf("  %u busy", r->busy_workers);
  printf("\n");
  fflush(stdout);
  ps->last_seconds = r->seconds;
  ps->last_checks = r->checks;
}

/* Writes " lit" (a non-zero DIMACS literal) to dst; returns its length. */
static size_t format_literal(char *dst, int64_t lit) {
  char digits[24];
  size_t n = 0, k = 0;
  uint64_t u = lit < 0 ? (uint64_t)-lit : (uint64_t)lit;
  do digits[n++] = (char)('0' + u % 10);
  while ((u /= 10));
  dst[k++] = ' ';
  if (lit < 0) dst[k++] = '-';
  while (n) dst[k++] = digits[--n];
  return k;
}

/* Prints the model as v lines of at most 4096 characters, then "v 0": every
 * variable up to gsat_max_variable() (declared or used), those that occur in no
 * clause as false; with partial, only the variables that occur in a clause.
 * Streams in constant memory, also for a header that declares 2^31 - 1
 * variables (about 23 GB of v lines, as kissat and CaDiCaL print them too). */
static void print_model(gsat_solver *s, int partial) {
  char line[4096 + 32];
  size_t len = 0;
  const int64_t max = gsat_max_variable(s);
  for (int64_t v = partial ? gsat_next_model_variable(s, 0) : 1; v && v <= max;
       v = partial ? gsat_next_model_variable(s, v) : v + 1) {
    int32_t value = gsat_value(s, (int32_t)v);
    if (!value) value = (int32_t)-v; /* occurs in no clause (not partial) */
    char tok[24];
    size_t n = format_literal(tok, value);
    if (len + n > 4096) {
      line[len++] = '\n';
      fwrite(line, 1, len, stdout);
      len = 0;
    }
    if (!len) line[len++] = 'v';
    memcpy(line + len, tok, n);
    len += n;
  }
  if (len) {
    line[len++] = '\n';
    fwrite(line, 1, len, stdout);
  }
  fputs("v 0\n", stdout);
}

static int fail(gsat_solver *s, int status) {
  fflush(stdout);
  fprintf(stderr, "gsat: error: %s\n", gsat_last_error(s));
  return exit_code_of(status);
}

int main(int argc, char **argv) {
  double start = gsat_seconds();
  gsat_solver *s = gsat_init();
  if (!s) {
    fprintf(stderr, "gsat: error: out of memory\n");
    return EXIT_RESOURCE;
  }
  const char *path = NULL;
  int files = 0, status = 0;
  if (gsat_last_error(s)[0]) { /* a bad GSAT_<OPTION> environment variable */
    status = fail(s, GSAT_USAGE);
    gsat_release(s);
    return status;
  }
  int options_end = 0; /* after "--", every argument is a file name */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!options_end && !strcmp(a, "--")) {
      options_end = 1;
      continue;
    }
    if (options_end) {
      path = a;
      files++;
      continue;
    }
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      gsat_release(s);
      return 0;
    }
    if (!strcmp(a, "--version")) {
      printf("%s\n", GSAT_VERSION);
      gsat_release(s);
      return 0;
    }
    if (!strcmp(a, "-q")) {
      gsat_set_option(s, "quiet", "1");
      continue;
    }
    if (a[0] == '-' && a[1] == '-') {
      char name[64];
      const char *eq = strchr(a + 2, '=');
      size_t n = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
      if (n >= sizeof name) n = sizeof name - 1;
      memcpy(name, a + 2, n);
      name[n] = 0;
      const char *value = eq ? eq + 1 : NULL;
      if (!eq && !strncmp(name, "no-", 3) && gsat_option_find(name + 3) &&
          gsat_option_find(name + 3)->kind == GSAT_OPT_BOOL) {
        status = gsat_set_option(s, name + 3, "0");
      } else if (!eq && gsat_option_find(name) &&
                 gsat_option_find(name)->kind != GSAT_OPT_BOOL &&
                 i + 1 < argc) {
        status = gsat_set_option(s, name, argv[++i]); /* --name value */
      } else {
        status = gsat_set_option(s, name, value);
      }
      if (status) {
        fprintf(stderr, "gsat: error: %s\n", gsat_last_error(s));
        gsat_release(s);
        return EXIT_USAGE;
      }
      continue;
    }
    if (a[0] == '-' && a[1]) {
      fprintf(stderr, "gsat: error: unknown option '%s' (try --help)\n", a);
      gsat_release(s);
      return EXIT_USAGE;
    }
    path = a;
    files++;
  }
  if (files > 1) {
    fprintf(stderr, "gsat: error: more than one input file (try --help)\n");
    gsat_release(s);
    return EXIT_USAGE;
  }
  if (gsat_get_option(s, "strict") != 0 && gsat_get_option(s, "relaxed") != 0) {
    fprintf(stderr, "gsat: error: --strict and --relaxed exclude each other\n");
    gsat_release(s);
    return EXIT_USAGE;
  }
  /* --backend=gpu without a usable GPU fails here, before the input is read
   * (exit 7, the message gsat_solve() would give). */
  status = gsat_check_backend(s);
  if (status) {
    status = fail(s, status);
    gsat_release(s);
    return status;
  }
  int quiet = gsat_get_option(s, "quiet") != 0;
  int stats = gsat_get_option(s, "stats") != 0;
  double limit = gsat_get_option(s, "time_limit");

  solver = s;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  if (limit > 0) { /* for parsing, which the library's limit (counted from
                      gsat_solve) does not cover; the build and the search
                      keep the limit themselves, to the millisecond */
    sigaction(SIGALRM, &sa, NULL);
    alarm(limit >= 1e6 ? 1000000u
                       : (unsigned)limit + ((unsigned)limit < limit));
  }

  if (!quiet) {
    printf("c %s: DPLL tree search on NVIDIA GPUs\n", gsat_signature());
    printf("c reading %s\n", path && strcmp(path, "-") ? path : "<stdin>");
    fflush(stdout);
    gsat_set_warning_callback(s, print_warning, NULL);
  }
  status = gsat_read_dimacs(s, path);
  int result = GSAT_UNKNOWN;
  if (status == GSAT_INTERRUPTED) {
    if (!quiet) {
      printf("c interrupted while parsing\n");
      print_stop_cause(s, limit, 0);
    }
    if (stats) gsat_print_statistics(s, stdout);
  } else if (status) {
    status = fail(s, status);
    solver = NULL;
    gsat_release(s);
    return status;
  } else {
    const gsat_statistics *st = gsat_get_statistics(s);
    if (!quiet) {
      printf("c parsed in %.3f s\n", st->parse_seconds);
      fflush(stdout);
    }
    progress_state ps = {0, 0};
    if (!quiet && gsat_get_option(s, "progress") > 0)
      gsat_set_progress_callback(s, print_progress, &ps);
    int out_of_time = 0;
    if (limit > 0) {
      double left = limit - (gsat_seconds() - start);
      if (left <= 0) {
        out_of_time = 1;
      } else {
        char buf[64];
        snprintf(buf, sizeof buf, "%.17g", left);
        gsat_set_option(s, "time_limit", buf);
      }
    }
    if (!out_of_time) result = gsat_solve(s);
    if (result < 0) {
      if (stats) gsat_print_statistics(s, stdout);
      status = fail(s, result);
      solver = NULL;
      gsat_release(s);
      return status;
    }
    if (!quiet) {
      st = gsat_get_statistics(s);
      if (!st->backend[0])
        printf("c stopped before the search started\n");
      else
        printf("c backend %s (%s), decide %s (%s)\n", st->backend,
               st->backend_reason, st->decide, st->decide_reason);
      if (st->backend[0] == 'g')
        printf("c device %s, mapping %s, layout %s, %u blocks x %u threads\n",
               st->device, st->gpu_map, st->gpu_layout, st->gpu_blocks,
               st->gpu_threads);
      printf("c search %.3f s, %" PRIu64 " nodes, %.3g literal checks/s\n",
             st->search_seconds, st->nodes, st->checks_per_second);
      if (result == GSAT_SATISFIABLE)
        printf("c model checked against every input clause\n");
      if (result == GSAT_UNKNOWN) print_stop_cause(s, limit, st->nodes);
    }
    if (stats) gsat_print_statistics(s, stdout);
  }
  printf("s %s\n", result == GSAT_SATISFIABLE     ? "SATISFIABLE"
                   : result == GSAT_UNSATISFIABLE ? "UNSATISFIABLE"
                                                  : "UNKNOWN");
  if (result == GSAT_SATISFIABLE)
    print_model(s, gsat_get_option(s, "partial") != 0);
  solver = NULL;
  gsat_release(s);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr,
            "gsat: error: cannot write the answer to standard output\n");
    return EXIT_IO;
  }
  return result;
}
