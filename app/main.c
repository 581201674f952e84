/* The gsat command line: reads a DIMACS CNF file, solves it, prints the answer
 * in the SAT competition format, and maps results to exit codes (the only place
 * that does).  Options come from the table in options.h. */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <math.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "app/batch.h"
#include "api/gsat.h"
#include "core/options.h"
#include "base/clock.h"
#include "base/plural.h"
#include "base/status.h"
#include "mpi/dist.h"

/* Exit codes besides 10, 20 and 0. */
enum {
  EXIT_USAGE = 1,
  EXIT_PARSE = 2,
  EXIT_IO = 3,
  EXIT_RESOURCE = 4,
  EXIT_INTERNAL = 5,
  EXIT_CUDA = 6,
  EXIT_NODEVICE = 7,
  EXIT_MODEL_CUT = 8, /* s SATISFIABLE printed, the v lines cut short */
};

/* What main() passes between its phases. */
typedef struct cli {
  gsat_solver *s;
  const char *path;          /* NULL or "-": standard input */
  double start;              /* gsat_seconds() at the start */
  double limit;              /* --time-limit, seconds from the start (0: none) */
  int quiet, verbose, stats; /* verbose: 0, 1 (-v), 2 (-vv) */
  int progress_by_verbose;   /* -vv set --progress=1 (it was at its default) */
  int batch;                 /* --batch: every file argument is an input */
  const char *batch_list;    /* --batch=LIST: the list file ("-": stdin) */
  gsat_batch_list files;     /* the batch's files */
} cli;

static gsat_solver *solver; /* for the signal handler */

static volatile sig_atomic_t stop_cause;  /* 0, SIGALRM (time limit) or the signal */
static volatile sig_atomic_t interrupted; /* the first stop signal, or 0 */
/* The signals that ask gsat to stop: SIGHUP (the terminal went away) is
 * taken as SIGTERM is.  SIGPIPE keeps its default action: a reader that
 * closed the pipe (`gsat f.cnf | head -1`) ends gsat quietly at its next
 * write, as any filter (the proof writer holds it off around its own
 * writes, core/proof.c: a proof reader that went away is an error
 * with a message). */
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define STOP_SIGNALS (sizeof stop_signals / sizeof stop_signals[0])
/* Milliseconds (CLOCK_MONOTONIC) of the first stop signal, 0 before it;
 * set once by compare-exchange, since two threads may take signals at once. */
static _Atomic long long first_signal_ms;
/* A repeat within this many milliseconds of the first signal is the same
 * request: coreutils `timeout` sends its signal to gsat and again to its
 * process group, and a terminal's ^C may reach gsat twice. */
#define GSAT_SIGNAL_REPEAT_MS 1000

/* The first signal (or the timer) asks gsat to stop; a stop signal
 * more than GSAT_SIGNAL_REPEAT_MS after the first ends the process at once
 * (the default action), for a stop that cannot finish (a reader that stopped
 * reading the model); one sooner is ignored.  In a batch the time limit is
 * re-armed for each file; a signal stops the batch (interrupted).
 * Async-signal-safe: clock_gettime, lock-free atomics, signal and raise. */
static void on_signal(int sig) {
  if (sig != SIGALRM) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    const long long now = (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000 + 1;
    long long first = 0;
    if (!atomic_compare_exchange_strong(&first_signal_ms, &first, now)) {
      if (now - first < GSAT_SIGNAL_REPEAT_MS) return;
      signal(sig, SIG_DFL);
      raise(sig);
      return;
    }
  }
  if (!stop_cause) stop_cause = sig;
  if (sig != SIGALRM) interrupted = sig;
  if (solver) gsat_terminate(solver);
}

/* "signal 2 (SIGINT)" for the c lines. */
static void print_signal(int sig) {
  printf("signal %d (%s)", sig, gsat_batch_signal_name(sig));
}

/* The stop signals, and with alarm the time limit's SIGALRM: the set that
 * is blocked while whole lines are written and between a batch's files. */
static void stop_set(sigset_t *set, int alarm) {
  sigemptyset(set);
  for (size_t i = 0; i < STOP_SIGNALS; i++) sigaddset(set, stop_signals[i]);
  if (alarm) sigaddset(set, SIGALRM);
}

/* Under MPI, 1 + the first rank whose decisions reached its share of the
 * node limit (limit / ranks rounded up, dist.h), 0 when none did or the
 * search was one process's. */
static uint32_t rank_reaching(gsat_solver *s, double limit) {
  const gsat_statistics *st = gsat_get_statistics(s);
  if (st->ranks <= 1 || !st->rank) return 0;
  const double share = ceil(limit / st->ranks);
  for (uint32_t i = 0; i < st->ranks; i++)
    if ((double)st->rank[i].nodes >= share) return i + 1;
  return 0;
}

/* Why the answer is UNKNOWN, as a c line: a signal, the time limit (the
 * timer, or the search's own limit), or the node limit after `nodes`
 * decisions (the walkers' flips: walk 1). */
static void print_stop_cause(gsat_solver *s, double limit, uint64_t nodes, int walk) {
  const double node_limit = gsat_get_option(s, "node_limit");
  const uint32_t ranks = node_limit > 0 ? rank_reaching(s, node_limit) : 0;
  const char *decisions = walk ? gsat_plural((uint64_t)node_limit, "flip", "flips")
                               : gsat_plural((uint64_t)node_limit, "decision", "decisions");
  const double conflict_limit = gsat_get_option(s, "conflicts");
  if (stop_cause && stop_cause != SIGALRM) {
    printf("c stopped by ");
    print_signal((int)stop_cause);
    printf("\n");
  } else if (!stop_cause && node_limit > 0 && (double)nodes >= node_limit)
    printf("c stopped: node limit of %.0f %s reached\n", node_limit, decisions);
  else if (!stop_cause && conflict_limit > 0 &&
           (double)gsat_get_statistics(s)->conflicts >= conflict_limit)
    printf("c stopped: conflict limit of %.0f %s reached\n", conflict_limit,
           gsat_plural((uint64_t)conflict_limit, "conflict", "conflicts"));
  else if (!stop_cause && ranks)
    printf("c stopped: node limit of %.0f %s reached (rank %u made its share, %.0f / %u)\n",
           node_limit, decisions, ranks - 1, ceil(node_limit / gsat_get_statistics(s)->ranks),
           gsat_get_statistics(s)->ranks);
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
  fprintf(out, "usage: gsat [option...] [--] [file.cnf | file.cnf.gz | "
               "file.cnf.xz |\n"
               "            file.cnf.lzma | file.cnf.bz2 | -] [proof]\n"
               "\n"
               "Solves a DIMACS CNF formula (plain, gzip, xz, lzma or bzip2, "
               "recognised by its\n"
               "first bytes; standard input when the file is '-' or missing) "
               "with CDCL\n"
               "(clause learning) or DPLL tree search on CPU cores and NVIDIA "
               "GPUs:\n"
               "--search=cdcl, --search=dpll, or auto (the default), which "
               "picks one from the\n"
               "formula.  A second file names the DRAT proof (the same as "
               "--proof=FILE).\n"
               "\n"
               "       gsat --batch [option...] [--] FILE...\n"
               "       gsat --batch=LIST [option...]\n"
               "\n"
               "Solves many files one after another in one process (the GPU set up "
               "once), each\n"
               "in a block from 'c file PATH' to 'c exit N' (N: its exit code "
               "alone), then a\n"
               "'c batch:' summary; LIST has one path per line ('-': standard "
               "input).  The time\n"
               "limit applies per file.  Exit: 0, 9 when a file ended with an "
               "error, 128+signal\n"
               "when SIGINT, SIGTERM or SIGHUP stopped the batch.\n"
               "\n"
               "options:\n"
               "  -h, --help                           print this text\n"
               "  --version                            print the version\n");
  gsat_options_usage(out);
  fprintf(out, "\n"
               "Boolean options also take =true/false (or yes/no, on/off, 1/0) and "
               "--no-<name>;\n"
               "--help, --version, --no-<name> and the short -n, -q, -s, -v take no "
               "value.\n"
               "Every option can be set in the environment as GSAT_<NAME>, e.g. "
               "GSAT_THREADS=4.\n"
               "\n"
               "output: 'c' comment lines, one 's SATISFIABLE|UNSATISFIABLE|UNKNOWN' "
               "line, and\n"
               "for SAT 'v' lines (at most 4096 characters each) ending with 'v 0'.  "
               "Every\n"
               "model is checked against the input clauses before it is printed.\n"
               "\n"
               "exit codes: 10 SAT, 20 UNSAT, 0 UNKNOWN (time limit, node limit, SIGINT,\n"
               "  SIGTERM, SIGHUP; a 'c stopped' line says which), 1 usage, 2 parse error,\n"
               "  3 I/O error (also a failed write of standard output), 4 out of memory\n"
               "  or resources, 5 internal error, 6 CUDA error, 7 no usable GPU for\n"
               "  --backend=gpu,\n"
               "  8 SAT but the model output was cut by a signal or the time limit\n"
               "  (no 'v 0' line; the last line says so)\n");
}

static void print_warning(void *data, const char *file, uint64_t line, const char *message) {
  (void)data;
  if (line)
    printf("c WARNING: %s:%" PRIu64 ": %s\n", file, line, message);
  else
    printf("c WARNING: %s: %s\n", file, message);
  fflush(stdout);
}

typedef struct progress_state {
  double last_seconds;
  uint64_t last_checks, last_propagations, last_flips;
} progress_state;

/* The increase of a counter since the last report, per second. */
static double progress_rate(const progress_state *ps, const gsat_progress_report *r, uint64_t now,
                            uint64_t last) {
  double dt = r->seconds - ps->last_seconds;
  return dt > 0 ? (double)(now - last) / dt : 0;
}

/* One `c progress` line: a DPLL search's nodes, checks/s and cubes left, a
 * CDCL search's conflicts, propagations/s, learned clauses and restarts,
 * the walkers' flips, flips/s and best unsatisfied count. */
static void print_progress(void *data, const gsat_progress_report *r) {
  progress_state *ps = data;
  const gsat_progress_counters *n = &r->counters;
  if (r->search_id == GSAT_SEARCH_ID_WALK)
    printf("c progress %8.1f s  %14" PRIu64 " flips  %10.3g flips/s  %8" PRIu64 " best unsatisfied",
           r->seconds, n->walk_flips, progress_rate(ps, r, n->walk_flips, ps->last_flips),
           n->walk_best_unsat);
  else if (r->search_id == GSAT_SEARCH_ID_CDCL)
    printf("c progress %8.1f s  %12" PRIu64 " conflicts  %10.3g propagations/s  %10" PRIu64
           " learned  %8" PRIu64 " restarts",
           r->seconds, n->conflicts, progress_rate(ps, r, n->propagations, ps->last_propagations),
           n->learned, n->restarts);
  else
    printf("c progress %8.1f s  %14" PRIu64 " nodes  %10.3g checks/s  %8" PRIu64 " cubes left",
           r->seconds, r->nodes, progress_rate(ps, r, r->checks, ps->last_checks), r->cubes_left);
  if (strcmp(r->search, "cdcl") == 0 && (n->walk_flips || n->phases_out)) /* walker phases */
    printf("  %" PRIu64 " flips  best %" PRIu64 " unsatisfied  %" PRIu64 " phases out  %" PRIu64
           " in",
           n->walk_flips, n->walk_best_unsat, n->phases_out, n->phases_in);
  if (r->busy_workers) printf("  %u busy", r->busy_workers);
  printf("\n");
  fflush(stdout);
  ps->last_seconds = r->seconds;
  ps->last_checks = r->checks;
  ps->last_propagations = n->propagations;
  ps->last_flips = n->walk_flips;
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

/* Writes text[0..len-1] to standard output and flushes it with the stop
 * signals and SIGALRM blocked, so that no handler interrupts the write(2)
 * calls (an interrupted write loses stdio's buffer); a signal that arrives
 * meanwhile is handled when the mask is restored.  For the short lines after
 * the model (the s line of UNSAT and UNKNOWN, the last c line).  Returns 1,
 * or 0 when standard output could not be written. */
static int put_whole(const char *text, size_t len) {
  sigset_t stop, old;
  stop_set(&stop, 1);
  pthread_sigmask(SIG_BLOCK, &stop, &old);
  int ok = fwrite(text, 1, len, stdout) == len && fflush(stdout) == 0;
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  return ok;
}

/* The v lines go out through write(2) in blocks of whole lines (not stdio:
 * a write that a signal interrupts may have written part of its buffer, and
 * stdio drops the rest), so that the output always ends after a whole line. */
typedef struct model_out {
  char block[1 << 16];
  size_t len;
} model_out;

/* Writes the block out, retrying after a signal and a partial write.
 * Returns 0, or -1 on a write error (errno set). */
static int flush_block(model_out *m) {
  const char *p = m->block;
  while (m->len) {
    ssize_t k = write(STDOUT_FILENO, p, m->len);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) return -1;
    p += k;
    m->len -= (size_t)k;
  }
  return 0;
}

/* Appends a line of n bytes to the block, writing the block out first when
 * it would overflow.  Returns 0 or -1 (a write error). */
static int put_line(model_out *m, const char *line, size_t n) {
  if (m->len + n > sizeof m->block && flush_block(m)) return -1;
  memcpy(m->block + m->len, line, n);
  m->len += n;
  return 0;
}

/* Prints "s SATISFIABLE" and the model as v lines of at most 4096
 * characters, then "v 0": every
 * variable up to gsat_max_variable() (declared or used), those that occur in no
 * clause as false; with partial, only the variables that occur in a clause.
 * Streams in constant memory, also for a header that declares 2^31 - 1
 * variables (about 23 GB of v lines, as kissat and CaDiCaL print them too).
 * The s line comes first, in the same blocks.  A signal or the time limit
 * (stop_cause) ends it after a whole v line.  Returns 1 when the model is complete, 0 when it was
 * cut (no "v 0"), -1 on a write error. */
static int print_model(gsat_solver *s, int partial) {
  static model_out m;
  char line[4096 + 32];
  size_t len = 0;
  const int64_t max = gsat_max_variable(s);
  m.len = 0;
  if (fflush(stdout) || put_line(&m, "s SATISFIABLE\n", 14)) return -1;
  for (int64_t v = partial ? gsat_next_model_variable(s, 0) : 1; v && v <= max;
       v = partial ? gsat_next_model_variable(s, v) : v + 1) {
    int32_t value = gsat_value(s, (int32_t)v);
    if (!value) value = (int32_t)-v; /* occurs in no clause (not partial) */
    char tok[24];
    size_t n = format_literal(tok, value);
    if (len + n > 4096) {
      if (stop_cause) return flush_block(&m) ? -1 : 0;
      line[len++] = '\n';
      if (put_line(&m, line, len)) return -1;
      len = 0;
    }
    if (!len) line[len++] = 'v';
    memcpy(line + len, tok, n);
    len += n;
  }
  if (stop_cause) return flush_block(&m) ? -1 : 0;
  if (len) line[len++] = '\n';
  memcpy(line + len, "v 0\n", 4);
  if (put_line(&m, line, len + 4) || flush_block(&m)) return -1;
  return 1;
}

/* The options set on the command line (set_option), by row: the others
 * keep what GSAT_<NAME> set, or their defaults.  The command line overrides
 * the environment (docs/environment.md). */
static unsigned char given[GSAT_OPTION_ROWS];

/* Whether option `name` was set on the command line. */
static int given_name(const char *name) {
  const gsat_option_info *info = gsat_option_find(name);
  return info && given[info - gsat_option_table];
}

/* Whether text names the option spelled `dashed` ("--quiet") as a word. */
static int names_option(const char *text, const char *dashed) {
  const size_t n = strlen(dashed);
  for (const char *p = strstr(text, dashed); p; p = strstr(p + 1, dashed)) {
    const char c = p[n];
    if (!(c >= 'a' && c <= 'z') && c != '-' && c != '_') return 1;
  }
  return 0;
}

/* A message about options: appends to text (of size bytes), for each option
 * it names (--name) that the environment set and the command line did not,
 * the variable: " (--quiet: the environment variable GSAT_QUIET=1)". */
static void note_environment(char *text, size_t size) {
  for (size_t i = 0; i < gsat_option_count; i++) {
    const gsat_option_info *o = &gsat_option_table[i];
    char var[64], dashed[72];
    gsat_option_env_name(o, var, sizeof var);
    const char *value = getenv(var);
    if (given[i] || !value || strstr(text, var)) continue;
    size_t k = (size_t)snprintf(dashed, sizeof dashed, "--");
    for (const char *p = o->name; *p && k + 1 < sizeof dashed; p++)
      dashed[k++] = *p == '_' ? '-' : *p;
    dashed[k] = 0;
    if (!names_option(text, dashed)) continue;
    const size_t len = strlen(text);
    snprintf(text + len, size - len, " (%s: the environment variable %s=%s)", dashed, var, value);
  }
}

/* Prints the error message of s (if any, `status`'s otherwise) and returns
 * the exit code of status. */
/* On an MPI rank other than 0 (mpi/), stdout and stderr go to
 * /dev/null: rank 0 prints for the whole run.  Only an error of this rank
 * that rank 0 cannot report (gsat_dist_local_failure) goes to rank_err, the
 * original stderr, and gives a non-zero exit; otherwise such a rank exits 0,
 * so that mpirun takes rank 0's exit code and does not abort it early. */
static FILE *rank_err;
static int rank_failed;
static int in_batch; /* errors are also reported in the file's block */

static int fail(gsat_solver *s, int status) {
  char text[2048];
  snprintf(text, sizeof text, "%s", gsat_last_error(s));
  if (status == GSAT_USAGE) note_environment(text, sizeof text);
  if (in_batch) printf("c error: %s\n", text);
  fflush(stdout);
  if (!rank_err) {
    fprintf(stderr, "gsat: error: %s\n", text);
  } else if (gsat_dist_local_failure()) {
    fprintf(rank_err, "gsat: rank %u: error: %s\n", gsat_dist_rank(), gsat_last_error(s));
    rank_failed = 1;
  }
  return exit_code_of(status);
}

static int usage_error(const char *message, const char *arg) {
  char text[2048];
  snprintf(text, sizeof text, message, arg);
  note_environment(text, sizeof text);
  fprintf(stderr, "gsat: error: %s (try --help)\n", text);
  return EXIT_USAGE;
}

/* Sets option info of s to value (NULL: none given), the user having typed
 * the option as `spelling` ("-t", "--time", "--time_limit"), which a bad
 * value's message names (gsat_option_parse_as); `eq`: the value came after
 * '=' in the same argument, so an empty one is most likely `--name= value`,
 * which the message says.  An empty value of a string option (--proof=) is
 * refused: the library takes "" as unset, and the user asked for a file.
 * Returns -1, or EXIT_USAGE with the message printed. */
static int proof_format_given; /* on the command line (check_options) */
static int set_option(gsat_solver *s, const gsat_option_info *info, const char *spelling,
                      const char *value, int eq) {
  if (!strcmp(info->name, "proof_format")) proof_format_given = 1;
  given[info - gsat_option_table] = 1;
  gsat_option_value v;
  gsat_error err;
  gsat_error_clear(&err);
  if (info->kind == GSAT_OPT_STRING && value && !*value) /* "" unsets it: not typed */
    snprintf(err.message, sizeof err.message, "option %s needs a value, not an empty one",
             spelling);
  else if (gsat_option_parse_as(info, spelling, value, &v, &err) == GSAT_OK) {
    if (!gsat_set_option(s, info->name, value)) return -1;
    snprintf(err.message, sizeof err.message, "%s", gsat_last_error(s));
  }
  fprintf(stderr, "gsat: error: %s%s\n", err.message,
          eq && value && !*value ? " (the value goes right after '=', without a blank)" : "");
  return EXIT_USAGE;
}

/* Sets the long option argv[*i]: "--name", "--name=value", "--no-name" (a
 * boolean) or "--name value" (not a boolean: *i moves past the value).
 * Returns -1, or EXIT_USAGE with the message printed. */
static int parse_long_option(gsat_solver *s, int argc, char **argv, int *i) {
  const char *a = argv[*i], *eq = strchr(a + 2, '=');
  char name[64], dashed[80];
  size_t n = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
  if (n == 0 || n >= sizeof name) return usage_error("unknown option '%s'", a);
  memcpy(name, a + 2, n);
  name[n] = 0;
  snprintf(dashed, sizeof dashed, "--%s", name);
  const char *value = eq ? eq + 1 : NULL;
  const gsat_option_info *info = gsat_option_find(name);
  if (!info && !strncmp(name, "no-", 3) && gsat_option_find(name + 3)) {
    info = gsat_option_find(name + 3);
    if (info->kind != GSAT_OPT_BOOL)
      return usage_error("'%s' is not an option: only boolean options have a "
                         "--no- form",
                         dashed);
    if (eq) return usage_error("option %s takes no value", dashed);
    return set_option(s, info, dashed, "0", 0);
  }
  if (!info) return usage_error("unknown option '%s'", dashed);
  if (!eq && info->kind != GSAT_OPT_BOOL && *i + 1 < argc)
    return set_option(s, info, dashed, argv[++*i], 0); /* --name value */
  return set_option(s, info, dashed, value, eq != NULL);
}

/* Sets the option of alias `al` (options.h) for argv[*i]; value is the text
 * after '=' of a long spelling ("--time=5") or NULL, and `count` the uses
 * ("-vv" is two).  A spelling that takes a value reads it after '=' or from
 * the next argument (*i moves past it).  Returns -1, or EXIT_USAGE. */
static int parse_alias(gsat_solver *s, const gsat_option_alias *al, const char *value, int count,
                       int argc, char **argv, int *i) {
  char buf[32];
  const char *v = al->value;
  const gsat_option_info *info = gsat_option_find(al->option);
  if (!info) return usage_error("unknown option '%s'", al->spelling);
  if (v && !strcmp(v, "=")) { /* -verb=N: the value after '=' only */
    if (!value) {
      fprintf(stderr, "gsat: error: option %s takes a value after '=': %s=N (try --help)\n",
              al->spelling, al->spelling);
      return EXIT_USAGE;
    }
    v = NULL;
  }
  if (v && value) return usage_error("option %s takes no value", al->spelling);
  if (!v) {
    v = value ? value : *i + 1 < argc ? argv[++*i] : NULL; /* NULL: needs a value */
  } else if (!strcmp(v, "+1")) { /* -v: one more, up to the table's high */
    double n = gsat_get_option(s, al->option) + count;
    snprintf(buf, sizeof buf, "%.17g", n > info->high ? info->high : n);
    v = buf;
  }
  return set_option(s, info, al->spelling, v, v == value);
}

/* The alias that argument a spells: "-t", "--time" or "--time=5" (*value
 * set to "5"), or a repeated increment letter ("-vv": *count 2).  NULL if a
 * is none. */
static const gsat_option_alias *find_alias(const char *a, const char **value, int *count) {
  char spelling[32];
  const char *eq = strchr(a, '='); /* "--time=5", "-verb=1"; not "-s=1" */
  if (eq && a[1] != '-' && eq - a <= 2) eq = NULL;
  size_t n = eq ? (size_t)(eq - a) : strlen(a);
  *value = eq ? eq + 1 : NULL;
  *count = 1;
  if (n >= sizeof spelling) return NULL;
  memcpy(spelling, a, n);
  spelling[n] = 0;
  const gsat_option_alias *al = gsat_option_alias_find(spelling);
  if (al || a[1] == '-' || !a[1] || a[2] != a[1]) return al;
  for (n = 2; a[n] == a[1]; n++) {
  }
  spelling[2] = 0; /* "-vv...": the letter alone, if it adds one per use */
  al = gsat_option_alias_find(spelling);
  if (a[n] || !al || !al->value || strcmp(al->value, "+1")) return NULL;
  *count = (int)n - 1;
  return al;
}

/* For argument a: -h or --help prints the usage, --version the version;
 * returns 0 after either, -1 for any other argument. */
static int help_errno; /* the errno of a write of the usage that failed */
static int help_or_version(const char *a) {
  if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
    errno = 0;
    usage(stdout);
    /* a write of the usage that failed leaves nothing for the last flush to
     * fail on (the usage is more than a stdio buffer): its errno is kept */
    if (ferror(stdout)) help_errno = errno;
    return 0;
  }
  if (!strcmp(a, "--version")) {
    printf("%s\n", GSAT_VERSION);
    return 0;
  }
  return -1;
}

/* Handles the option argv[*i] (it starts with '-' and is not "-" or "--").
 * Returns -1 to go on, 0 after --help or --version, or EXIT_USAGE. */
static int parse_option(gsat_solver *s, int argc, char **argv, int *i) {
  const char *a = argv[*i], *value;
  int count;
  if (!help_or_version(a)) return 0;
  if (!strncmp(a, "--help=", 7) || !strncmp(a, "--version=", 10)) {
    char name[16];
    snprintf(name, sizeof name, "%.*s", (int)(strchr(a, '=') - a), a);
    return usage_error("option %s takes no value", name);
  }
  const gsat_option_alias *al = find_alias(a, &value, &count);
  if (al) return parse_alias(s, al, value, count, argc, argv, i);
  if (a[1] == '-') return parse_long_option(s, argc, argv, i);
  return usage_error("unknown option '%s'", a);
}

/* Options a and b, both set, exclude each other: where one was set on the
 * command line and the other by the environment only, the command line's
 * wins (the other goes back to 0, its default); otherwise the message.
 * Returns -1 or EXIT_USAGE. */
static int exclusive(gsat_solver *s, const char *a, const char *b, const char *message) {
  if (gsat_get_option(s, a) == 0 || gsat_get_option(s, b) == 0) return -1;
  if (given_name(a) != given_name(b))
    return gsat_set_option(s, given_name(a) ? b : a, "0") ? usage_error("%s", gsat_last_error(s))
                                                          : -1;
  return usage_error(message, "");
}

/* The checks between options once all are read (the file arguments too):
 * pairs that exclude each other (exclusive: the command line wins over the
 * environment), and --proof-format on the command line without a proof (a
 * format of nothing; GSAT_PROOF_FORMAT alone is a default for later runs,
 * not refused).  Returns -1 or EXIT_USAGE. */
static int check_options(gsat_solver *s) {
  if (proof_format_given && gsat_get_option(s, "proof") == 0)
    return usage_error("--proof-format without a proof: name the proof file (--proof=FILE "
                       "or a second file argument)%s",
                       "");
  int code = exclusive(s, "strict", "relaxed", "--strict and --relaxed exclude each other%s");
  if (code < 0)
    code = exclusive(s, "quiet", "verbose", "--quiet (-q) and --verbose (-v) exclude each other%s");
  return code;
}

/* The file arguments (positions in argv, in order, `files` of them): the
 * input and, as kissat takes it, a second file naming the proof (the same as
 * --proof=FILE); with --batch, every one is an input (batch.h), and a list
 * file (--batch=LIST) adds its paths.  Returns -1, or the exit code. */
static int take_files(cli *c, char **argv, const int *pos, int files) {
  gsat_error err;
  gsat_error_clear(&err);
  if (!c->batch) {
    if (files > 2)
      return usage_error("more than two file arguments (the input and the proof)%s", "");
    if (files >= 1) c->path = argv[pos[0]];
    if (files == 2 && !*argv[pos[1]]) /* the library takes "" as no proof */
      return usage_error("the proof file argument is empty: name a file%s", "");
    if (files == 2 && given_name("proof")) /* GSAT_PROOF alone: overridden */
      return usage_error("two proof files: --proof and the second file argument '%s'",
                         argv[pos[1]]);
    if (files == 2 && gsat_set_option(c->s, "proof", argv[pos[1]])) { /* the table's proof */
      fprintf(stderr, "gsat: error: %s\n", gsat_last_error(c->s));
      return EXIT_USAGE;
    }
    return -1;
  }
  if (c->batch_list && files)
    return usage_error("--batch=LIST takes its files from LIST: no file arguments%s", "");
  if (!c->batch_list && !files) return usage_error("--batch needs files (or --batch=LIST)%s", "");
  gsat_status st = GSAT_OK;
  for (int k = 0; k < files && st == GSAT_OK; k++)
    st = gsat_batch_list_add(&c->files, argv[pos[k]], &err);
  if (st == GSAT_OK && c->batch_list) st = gsat_batch_list_read(&c->files, c->batch_list, &err);
  if (st == GSAT_OK && !c->files.count && c->files.skipped_count) /* directories of nothing */
    return usage_error("--batch has no file to solve: the directories hold no DIMACS or "
                       "compressed file (skipped %s)",
                       c->files.skipped[0]);
  if (st == GSAT_OK) return -1;
  fprintf(stderr, "gsat: error: %s\n", err.message);
  return st == GSAT_IO ? EXIT_IO : EXIT_RESOURCE;
}

/* --batch and --batch=LIST; 1 when a is one of them, set into c. */
static int batch_option(cli *c, const char *a) {
  if (strcmp(a, "--batch") && strncmp(a, "--batch=", 8)) return 0;
  c->batch = 1;
  c->batch_list = a[7] == '=' ? a + 8 : NULL;
  return 1;
}

/* What --batch excludes: a proof file (one file for many formulas) and a
 * distributed run.  Returns -1 or EXIT_USAGE. */
static int check_batch(cli *c) {
  if (!c->batch) return -1;
  if (c->batch_list && !c->batch_list[0])
    return usage_error("--batch= needs a list file ('-' for standard input)%s", "");
  if (gsat_get_option(c->s, "proof") != 0)
    return usage_error("--proof names one proof file: it cannot be used with --batch "
                       "(solve a file alone to get its proof)%s",
                       "");
  if (gsat_dist_size() > 1)
    return usage_error("--batch runs in one process: not under mpirun with several "
                       "ranks%s",
                       "");
  return -1;
}

/* The options of the command line, in order, into c and c->s (parse_option,
 * batch_option); the positions of the file arguments go to pos (NULL: not
 * kept), *files of them.  Returns -1 to go on, 0 after --help or --version,
 * or EXIT_USAGE: an unknown option or a bad value before --help is a usage
 * error, as getopt_long's tools take them. */
static int read_options(cli *c, int argc, char **argv, int *pos, int *files) {
  int options_end = 0; /* after "--", every argument is a file */
  *files = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!options_end && !strcmp(a, "--")) {
      options_end = 1;
    } else if (options_end || a[0] != '-' || !a[1]) {
      if (pos) pos[*files] = i;
      ++*files;
    } else if (!batch_option(c, a)) {
      int code = parse_option(c->s, argc, argv, &i);
      if (code >= 0) return code;
    }
  }
  return -1;
}

/* --help and --version work whatever the environment holds: with a bad
 * GSAT_<NAME> variable the options are still read in order (read_options),
 * so that --help prints the usage, and an unknown option or a bad value
 * before it is still a usage error.  Returns 0 after --help or --version,
 * EXIT_USAGE after a bad option, -1 when there is neither (the variable is
 * then the error). */
static int help_despite_environment(cli *c, int argc, char **argv) {
  int files;
  return read_options(c, argc, argv, NULL, &files);
}

/* Reads the command line into c and the options of c->s: options, then the
 * file arguments (take_files).  Returns -1 to go on, or the exit code: 0
 * after --help or --version, EXIT_USAGE, or for a batch list EXIT_IO or
 * EXIT_RESOURCE. */
static int parse_args(cli *c, int argc, char **argv) {
  int files;
  int *pos = malloc((size_t)argc * sizeof *pos);
  if (!pos) {
    fprintf(stderr, "gsat: error: out of memory for the arguments\n");
    return EXIT_RESOURCE;
  }
  int code = read_options(c, argc, argv, pos, &files);
  if (code >= 0) {
    free(pos);
    return code;
  }
  code = check_batch(c);
  if (code < 0) code = take_files(c, argv, pos, files);
  free(pos);
  if (code >= 0) return code;
  code = check_options(c->s);
  if (code >= 0) return code;
  c->quiet = gsat_get_option(c->s, "quiet") != 0;
  c->verbose = (int)gsat_get_option(c->s, "verbose");
  c->stats = gsat_get_option(c->s, "stats") != 0 || c->verbose >= 2;
  c->limit = gsat_get_option(c->s, "time_limit");
  const gsat_option_info *progress = gsat_option_find("progress");
  if (c->verbose >= 2 && progress && gsat_get_option(c->s, "progress") == progress->def)
    c->progress_by_verbose = !gsat_set_option(c->s, "progress", "1"); /* -vv: every second */
  return -1;
}

/* With a time limit, arms a timer (SIGALRM, to the microsecond) that raises
 * the stop request when the limit, counted from c->start, is reached: it
 * bounds what the library's own limit (counted from gsat_solve) does not
 * cover, parsing before the search and the model output after it. */
static void arm_timer(const cli *c) {
  if (c->limit <= 0) return;
  double left = c->limit - (gsat_seconds() - c->start);
  struct itimerval timer;
  memset(&timer, 0, sizeof timer);
  if (left > 0) {
    timer.it_value.tv_sec = (time_t)left;
    timer.it_value.tv_usec = (suseconds_t)((left - (double)timer.it_value.tv_sec) * 1e6);
  }
  if (!timer.it_value.tv_sec && !timer.it_value.tv_usec)
    timer.it_value.tv_usec = 1; /* a zero value would disarm it */
  setitimer(ITIMER_REAL, &timer, NULL);
}

/* Installs the handlers of the stop signals (SIGINT, SIGTERM, SIGHUP) and,
 * with a time limit, the SIGALRM handler and its timer (arm_timer). */
static void install_handlers(cli *c) {
  solver = c->s;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < STOP_SIGNALS; i++) sigaction(stop_signals[i], &sa, NULL);
  if (c->limit <= 0) return;
  sigaction(SIGALRM, &sa, NULL);
  arm_timer(c);
}

/* -v: the options whose values differ from their defaults, as one c line in
 * the spelling --name=value (string options as --name=...); the progress
 * interval that -vv set is marked "--progress=1 (by -vv)", a value that only
 * the environment set "--threads=4 (by GSAT_THREADS)". */
static void print_options(const cli *c) {
  gsat_solver *s = c->s;
  printf("c options:");
  int any = 0;
  for (size_t i = 0; i < gsat_option_count; i++) {
    const gsat_option_info *o = &gsat_option_table[i];
    double v = gsat_get_option(s, o->name);
    if (v == o->def) continue;
    char name[64], value[40];
    size_t k = 0;
    for (const char *p = o->name; *p && k + 1 < sizeof name; p++) name[k++] = *p == '_' ? '-' : *p;
    name[k] = 0;
    if (o->kind == GSAT_OPT_ENUM)
      gsat_option_enum_name(o->name, (int)v, value, sizeof value);
    else if (o->kind == GSAT_OPT_BOOL)
      snprintf(value, sizeof value, "%s", v ? "true" : "false");
    else if (o->kind == GSAT_OPT_STRING) /* set (v is 1); its text unread */
      snprintf(value, sizeof value, "...");
    else if (o->kind == GSAT_OPT_REAL)
      snprintf(value, sizeof value, "%.15g", v);
    else /* an integer in the digits it must be written in */
      snprintf(value, sizeof value, "%.0f", v);
    char var[64], from[80] = "";
    gsat_option_env_name(o, var, sizeof var);
    if (c->progress_by_verbose && !strcmp(o->name, "progress"))
      snprintf(from, sizeof from, " (by -vv)");
    else if (!given[i] && getenv(var))
      snprintf(from, sizeof from, " (by %s)", var);
    printf(" --%s=%s%s", name, value, from);
    any = 1;
  }
  printf("%s\n", any ? "" : " all defaults");
}

/* -v: the formula after normalisation and the time of each phase. */
static void print_verbose_summary(const cli *c, const gsat_statistics *st) {
  printf("c formula: %u %s, %u %s of length >= 2, %" PRIu64 " %s, %u %s (after normalisation)\n",
         st->vars, gsat_plural(st->vars, "variable", "variables"), st->clauses,
         gsat_plural(st->clauses, "clause", "clauses"), st->literals,
         gsat_plural(st->literals, "literal", "literals"), st->units,
         gsat_plural(st->units, "unit", "units"));
  printf("c times: parse %.3f s, build %.3f s, search %.3f s", st->parse_seconds, st->build_seconds,
         st->search_seconds);
  if (st->backend_id == GSAT_BACKEND_ID_GPU)
    printf(", CUDA context %.3f s, upload %.3f s, layout %.3f s", st->context_seconds,
           st->upload_seconds, st->layout_seconds);
  printf(", total %.3f s\n", gsat_seconds() - c->start);
}

/* The portfolio (a race: --backend=auto with a GPU, or CPU walkers beside
 * the search): which member answered, a member that never began its search,
 * and a member that failed (its answer would not have counted; another's
 * does). */
static void print_members(const gsat_statistics *st) {
  for (uint32_t i = 0; i < st->members; i++)
    if (st->member[i].status)
      printf("c portfolio member %s failed: %s\n", st->member[i].name, st->member[i].message);
  if (st->members) {
    printf("c portfolio: %s answered", st->answered_by[0] ? st->answered_by : "no member");
    for (uint32_t i = 1; i < st->members; i++)
      if (!st->member[i].searched) printf(" (the %s member never started)", st->member[i].name);
    printf("\n");
  }
  for (uint32_t i = 0; i < st->members; i++)
    printf("%s%s: %s%s", i ? "" : "c portfolio member ", st->member[i].name, st->member[i].search,
           i + 1 < st->members ? ", " : "\n");
  for (uint32_t i = 0; i < st->members; i++)
    if (st->member[i].port_out || st->member[i].port_in)
      printf("c portfolio member %s: %" PRIu64 " %s out, %" PRIu64 " in\n", st->member[i].name,
             st->member[i].port_out, gsat_plural(st->member[i].port_out, "clause", "clauses"),
             st->member[i].port_in);
}

/* The c lines after the search: backend, device, search summary, why the
 * answer is UNKNOWN; with -v the formula and the phase times. */
static void print_summary(const cli *c, int result) {
  const gsat_statistics *st = gsat_get_statistics(c->s);
  if (st->backend_id == GSAT_BACKEND_ID_NONE)
    printf("c stopped before the search started\n");
  else if (st->search_id == GSAT_SEARCH_ID_CDCL || st->search_id == GSAT_SEARCH_ID_WALK)
    printf("c backend %s (%s), search %s (%s)\n", st->backend, st->backend_reason, st->search,
           st->search_reason);
  else
    printf("c backend %s (%s), search %s (%s), decide %s (%s)\n", st->backend, st->backend_reason,
           st->search, st->search_reason, st->decide, st->decide_reason);
  if (st->backend_id == GSAT_BACKEND_ID_GPU)
    printf("c device %s, mapping %s, layout %s, %u %s x %u %s\n", st->device, st->gpu_map,
           st->gpu_layout, st->gpu_blocks, gsat_plural(st->gpu_blocks, "block", "blocks"),
           st->gpu_threads, gsat_plural(st->gpu_threads, "thread", "threads"));
  if (st->backend_id == GSAT_BACKEND_ID_GPU && st->search_id == GSAT_SEARCH_ID_WALK)
    printf("c walkers' state in %s memory, %" PRIu32 " per SM, %s, %" PRIu32 " walkers\n",
           st->gpu_walk_memory, st->gpu_walk_per_sm, st->gpu_walk_state, st->workers);
  if (st->search_id == GSAT_SEARCH_ID_WALK)
    printf("c search %.3f s, %" PRIu64 " %s, %.3g flips/s, %" PRIu64 " %s, best %" PRIu64
           " unsatisfied\n",
           st->search_seconds, st->walk_flips, gsat_plural(st->walk_flips, "flip", "flips"),
           st->search_seconds > 0 ? st->walk_flips / st->search_seconds : 0.0, st->walk_restarts,
           gsat_plural(st->walk_restarts, "restart", "restarts"), st->walk_best_unsat);
  else if (st->search_id == GSAT_SEARCH_ID_CDCL)
    printf("c search %.3f s, %" PRIu64 " %s, %" PRIu64 " %s, %.3g propagations/s\n",
           st->search_seconds, st->conflicts, gsat_plural(st->conflicts, "conflict", "conflicts"),
           st->decisions, gsat_plural(st->decisions, "decision", "decisions"),
           st->search_seconds > 0 ? st->propagations / st->search_seconds : 0.0);
  else
    printf("c search %.3f s, %" PRIu64 " %s, %.3g literal checks/s\n", st->search_seconds,
           st->nodes, gsat_plural(st->nodes, "node", "nodes"), st->checks_per_second);
  if (st->workers_requested)
    printf("c %u CDCL %s of the %u asked for: no more fit in memory\n", st->workers,
           gsat_plural(st->workers, "searcher", "searchers"), st->workers_requested);
  print_members(st);
  if (result == GSAT_SATISFIABLE) printf("c model checked against every input clause\n");
  const int walk = st->search_id == GSAT_SEARCH_ID_WALK;
  if (result == GSAT_UNKNOWN)
    print_stop_cause(c->s, c->limit, walk ? st->walk_flips : st->nodes, walk);
  if (c->verbose >= 1) print_verbose_summary(c, st);
}

/* One note line on stderr (not under -q) naming the options given that the
 * searches that ran did not read (gsat_statistics.ignored). */
static void print_unread(const cli *c) {
  const char *ignored = gsat_get_statistics(c->s)->ignored;
  if (!c->quiet && ignored[0]) fprintf(stderr, "gsat: note: %s\n", ignored);
}

/* Solves the parsed formula within what is left of the time limit.  Returns
 * the result (10, 20, 0) or a negative status. */
static int solve(cli *c) {
  if (!c->quiet) {
    printf("c parsed in %.3f s\n", gsat_get_statistics(c->s)->parse_seconds);
    fflush(stdout);
  }
  progress_state ps = {0, 0, 0, 0};
  if (!c->quiet && gsat_get_option(c->s, "progress") > 0)
    gsat_set_progress_callback(c->s, print_progress, &ps);
  int result = GSAT_UNKNOWN;
  double left = c->limit - (gsat_seconds() - c->start);
  if (c->limit <= 0 || left > 0) {
    if (c->limit > 0) {
      char buf[64];
      snprintf(buf, sizeof buf, "%.17g", left);
      gsat_set_option(c->s, "time_limit", buf);
    }
    result = gsat_solve(c->s);
  }
  gsat_set_progress_callback(c->s, NULL, NULL);
  if (result < 0) {
    if (c->stats) gsat_print_statistics(c->s, stdout);
    return result;
  }
  print_unread(c);
  if (!c->quiet) print_summary(c, result);
  if (c->stats) gsat_print_statistics(c->s, stdout);
  return result;
}

/* A failed write of standard output: says so on stderr once (err: the
 * errno of the failure, 0 when it is not known) and returns EXIT_IO. */
static int stdout_reported;
static int stdout_failed(int err) {
  if (!stdout_reported)
    fprintf(stderr, "gsat: error: cannot write standard output%s%s\n", err ? ": " : "",
            err ? strerror(err) : "");
  stdout_reported = 1;
  return EXIT_IO;
}

/* Closes standard output at the end, as coreutils' close_stdout: a write
 * that failed (its error flag, the last flush, the close) makes the exit
 * code EXIT_IO, with a message, also after --help or --version (`gsat --help
 * >/dev/full`), unless code is already an error's (1-9); a closed standard
 * output (`gsat >&-`) that nothing was written to is no error.  Returns the
 * exit code. */
static int close_stdout(int code) {
  int failed = ferror(stdout) != 0, err = 0;
  errno = 0;
  if (fflush(stdout)) failed = 1, err = errno;
  errno = 0;
  if (fclose(stdout) && errno != EBADF) failed = 1, err = err ? err : errno;
  if (!failed) return code;
  stdout_failed(err ? err : help_errno);
  /* an error's code stands (a batch's 9 after a file's failed output) */
  return code && code != 10 && code != 20 ? code : EXIT_IO;
}

/* Prints the s line and, for SAT, the model; returns the exit code: the
 * result, EXIT_MODEL_CUT when a signal or the time limit cut the v lines
 * (ended by a c line that says so, even under --quiet), EXIT_IO when standard
 * output could not be written. */
static int print_answer(cli *c, int result) {
  int code = result, model = 1;
  if (result == GSAT_SATISFIABLE && gsat_get_option(c->s, "model")) {
    model = print_model(c->s, gsat_get_option(c->s, "partial") != 0);
  } else {
    const char *s_line = result == GSAT_SATISFIABLE     ? "s SATISFIABLE\n"
                         : result == GSAT_UNSATISFIABLE ? "s UNSATISFIABLE\n"
                                                        : "s UNKNOWN\n";
    if (!put_whole(s_line, strlen(s_line))) model = -1;
  }
  if (model < 0) return stdout_failed(errno);
  if (!model) {
    printf("c model output interrupted by ");
    if (stop_cause == SIGALRM)
      printf("the time limit of %g s", c->limit);
    else
      print_signal((int)stop_cause);
    printf(": the v lines are incomplete\n");
    code = EXIT_MODEL_CUT;
  }
  if (!put_whole("", 0) || ferror(stdout)) /* the c line, flushed whole */
    return stdout_failed(0);
  return code;
}

/* gsat_cubes' callback: one "a LIT... 0" line (the iCNF cube line, as
 * march_cu writes cubes); data counts them. */
static int print_cube(void *data, const int64_t *lits, uint32_t n) {
  char buf[32];
  int ok = fputc('a', stdout) != EOF;
  for (uint32_t k = 0; k < n && ok; k++) {
    const size_t len = format_literal(buf, lits[k]);
    ok = fwrite(buf, 1, len, stdout) == len;
  }
  ++*(uint64_t *)data;
  return ok && fputs(" 0\n", stdout) != EOF;
}

/* --cubes=N after the input is read: writes the look-ahead's cubes instead
 * of solving (gsat_cubes); "s UNSATISFIABLE" and 20 when no cube is left,
 * "s UNKNOWN" when a signal or the time limit cut the splitting short, else
 * no s line; 0 unless 20. */
static int write_cubes(cli *c) {
  uint64_t count = 0;
  const double max = gsat_get_option(c->s, "cubes");
  const int result = gsat_cubes(c->s, (uint64_t)max, print_cube, &count);
  if (result < 0 && ferror(stdout)) return stdout_failed(errno);
  if (result < 0) return fail(c->s, result);
  const gsat_statistics *st = gsat_get_statistics(c->s);
  print_unread(c);
  if (!c->quiet)
    printf("c %llu %s of at most %.0f in %.3f s (%llu look-aheads, %llu failed literals)\n",
           (unsigned long long)count, gsat_plural(count, "cube", "cubes"), max, st->search_seconds,
           (unsigned long long)st->lookaheads, (unsigned long long)st->failed_literals);
  if (c->stats) gsat_print_statistics(c->s, stdout);
  if (result == GSAT_UNSATISFIABLE) printf("s UNSATISFIABLE\n");
  if (result == GSAT_UNKNOWN && stop_cause) /* the splitting was cut short */
    printf("c stopped: the cubes written do not cover the formula\ns UNKNOWN\n");
  if (!put_whole("", 0) || ferror(stdout)) return stdout_failed(0);
  return result;
}

/* Reads the input, solves and prints the answer; returns the exit code. */
static int run(cli *c) {
  if (!c->quiet) {
    printf("c %s: CDCL, DPLL and local search on CPU cores and NVIDIA GPUs\n", gsat_signature());
    printf("c reading %s\n", c->path && strcmp(c->path, "-") ? c->path : "<stdin>");
    fflush(stdout);
    gsat_set_warning_callback(c->s, print_warning, NULL);
    if (c->verbose >= 1) print_options(c);
  }
  int status = gsat_read_dimacs(c->s, c->path);
  int result = GSAT_UNKNOWN;
  if (status == GSAT_INTERRUPTED) {
    if (!c->quiet) {
      printf("c interrupted while parsing\n");
      print_stop_cause(c->s, c->limit, 0, 0);
    }
    if (c->stats) gsat_print_statistics(c->s, stdout);
  } else if (status) {
    return fail(c->s, status);
  } else if (gsat_get_option(c->s, "cubes") > 0) {
    return write_cubes(c);
  } else {
    result = solve(c);
    if (result < 0) return fail(c->s, result);
  }
  return print_answer(c, result);
}

/* A batch's file (gsat_batch_solve_fn): between two files, with the signals
 * blocked, the timer is disarmed and the last file's time-limit stop is
 * cleared (a signal's stays: it stops the batch); then the solver forgets
 * the last formula (gsat_reset keeps the GPU state) and the file is read,
 * solved and printed as alone, its time limit counted from its start. */
static int batch_file(void *data, const char *path) {
  cli *c = data;
  sigset_t block, old;
  stop_set(&block, 1);
  pthread_sigmask(SIG_BLOCK, &block, &old);
  struct itimerval off;
  memset(&off, 0, sizeof off);
  setitimer(ITIMER_REAL, &off, NULL);
  if (!interrupted) {
    stop_cause = 0;
    gsat_reset_terminate(c->s);
  }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  gsat_reset(c->s);
  c->path = path;
  c->start = gsat_seconds();
  arm_timer(c);
  int code = run(c);
  setitimer(ITIMER_REAL, &off, NULL);
  return code;
}

static int batch_stop(void *data) {
  (void)data;
  return (int)interrupted;
}

/* Whether main() ends by _exit once the output is flushed (option
 * fast_exit): skipping the CUDA runtime's teardown of a context that no one
 * needs any more.  Auto: after a GPU search or a portfolio. */
static int end_fast;
static int end_fast_wanted(gsat_solver *s) {
  const double mode = gsat_get_option(s, "fast_exit");
  const gsat_statistics *st = gsat_get_statistics(s);
  return mode > 0 || (mode == 0 && (st->members > 0 || st->backend_id == GSAT_BACKEND_ID_GPU));
}

static int solve_cli(int argc, char **argv) {
  cli c;
  memset(&c, 0, sizeof c);
  c.start = gsat_seconds();
  gsat_batch_list_init(&c.files);
  c.s = gsat_init();
  if (!c.s) {
    fprintf(stderr, "gsat: error: out of memory\n");
    return EXIT_RESOURCE;
  }
  int code;
  if (gsat_last_error(c.s)[0]) { /* a bad GSAT_<OPTION> environment variable */
    code = help_despite_environment(&c, argc, argv);
    if (code < 0) code = fail(c.s, GSAT_USAGE);
  } else
    code = parse_args(&c, argc, argv);
  if (code < 0) {
    /* Options that exclude each other (a proof with --search=dpll) and
     * --backend=gpu without a usable GPU fail here, before the input is
     * read (exit 1 or 7, the message gsat_solve() would give). */
    int status = gsat_check_options(c.s);
    if (!status) status = gsat_check_backend(c.s);
    code = status ? fail(c.s, status) : -1;
  }
  if (code < 0) {
    install_handlers(&c);
    in_batch = c.batch;
    code =
        c.batch ? gsat_batch_run(&c.files, batch_file, batch_stop, &c, c.start, stdout) : run(&c);
  }
  solver = NULL;
  end_fast = end_fast_wanted(c.s);
  gsat_release(c.s);
  gsat_batch_list_free(&c.files);
  return code;
}

/* Joins the distributed search when started by mpirun with several ranks
 * (mpi/; otherwise nothing changes), silences the ranks other than
 * 0, runs the CLI. */
int main(int argc, char **argv) {
  gsat_error err;
  gsat_error_clear(&err);
  gsat_status st = gsat_dist_init(&argc, &argv, &err);
  if (st != GSAT_OK) {
    fprintf(stderr, "gsat: error: %s\n", err.message);
    return exit_code_of(st);
  }
  if (gsat_dist_rank() > 0) {
    int fd = dup(STDERR_FILENO);
    rank_err = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!rank_err || !freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)) {
      fprintf(rank_err ? rank_err : stderr, "gsat: rank %u: error: cannot silence output\n",
              gsat_dist_rank());
      gsat_dist_finalize();
      return EXIT_IO;
    }
  }
  int code = solve_cli(argc, argv);
  gsat_dist_finalize();
  if (rank_err) code = rank_failed ? code : 0;
  code = close_stdout(code);
  if (gsat_background_members() || end_fast) {
    /* A portfolio's GPU member may still be creating a CUDA context nobody
     * needs (the CPU answered), or a GPU search is over: the output is
     * complete (standard output closed), end without waiting for it or
     * for the CUDA teardown. */
    fflush(stderr);
    _exit(code);
  }
  return code;
}
