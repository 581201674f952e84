/* The CLI's batch mode: see batch.h. */
#include "solver/api/batch.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "solver/base/clock.h"
#include "solver/base/plural.h"

void gsat_batch_list_init(gsat_batch_list *l) {
  memset(l, 0, sizeof *l);
}

void gsat_batch_list_free(gsat_batch_list *l) {
  for (size_t i = 0; i < l->count; i++) free(l->path[i]);
  free(l->path);
  memset(l, 0, sizeof *l);
}

gsat_status gsat_batch_list_add(gsat_batch_list *l, const char *path, gsat_error *err) {
  if (l->count == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 64;
    char **p = realloc(l->path, cap * sizeof *p);
    GSAT_RETURN_IF(!p, err, NOMEM, "out of memory for a batch of %zu files", cap);
    l->path = p;
    l->cap = cap;
  }
  size_t n = strlen(path);
  char *copy = malloc(n + 1);
  GSAT_RETURN_IF(!copy, err, NOMEM, "out of memory for the batch's file names");
  memcpy(copy, path, n + 1);
  l->path[l->count++] = copy;
  return GSAT_OK;
}

gsat_status gsat_batch_list_read(gsat_batch_list *l, const char *list_path, gsat_error *err) {
  const int std_in = !strcmp(list_path, "-");
  FILE *in = std_in ? stdin : fopen(list_path, "r");
  GSAT_RETURN_IF(!in, err, IO, "cannot open the batch list '%s': %s", list_path,
                 strerror(errno));
  l->from_stdin |= std_in;
  char *line = NULL;
  size_t size = 0;
  ssize_t n;
  gsat_status st = GSAT_OK;
  errno = 0;
  while (st == GSAT_OK && (n = getline(&line, &size, in)) >= 0) {
    if (n && line[n - 1] == '\n') line[--n] = 0;
    if (n && line[n - 1] == '\r') line[--n] = 0;
    if (n) st = gsat_batch_list_add(l, line, err);
  }
  if (st == GSAT_OK && ferror(in))
    st = gsat_error_set(err, GSAT_IO, "cannot read the batch list '%s': %s", list_path,
                        strerror(errno ? errno : EIO));
  free(line);
  if (!std_in) fclose(in);
  return st;
}

/* The tally of the summary line. */
typedef struct tally {
  size_t files, sat, unsat, unknown, errors;
} tally;

static void count(tally *t, int code) {
  t->files++;
  if (code == 10)
    t->sat++;
  else if (code == 20)
    t->unsat++;
  else if (code == 0)
    t->unknown++;
  else
    t->errors++;
}

const char *gsat_batch_signal_name(int sig) {
  return sig == SIGINT    ? "SIGINT"
         : sig == SIGTERM ? "SIGTERM"
         : sig == SIGHUP  ? "SIGHUP"
                          : "?";
}

/* One file's block; returns its exit code. */
static int run_one(const gsat_batch_list *l, size_t i, gsat_batch_solve_fn solve, void *data,
                   FILE *out) {
  const char *path = l->path[i];
  fprintf(out, "c file %s\n", path);
  fflush(out);
  int code;
  if (l->from_stdin && !strcmp(path, "-")) {
    const char *why = "'-' (standard input) holds the batch list itself";
    fprintf(out, "c error: %s\n", why); /* in the block and on stderr, as */
    fprintf(stderr, "gsat: error: %s\n", why); /* the CLI's other errors */
    code = 1;
  } else {
    code = solve(data, path);
  }
  fprintf(out, "c exit %d\n", code);
  fflush(out);
  return code;
}

int gsat_batch_run(const gsat_batch_list *l, gsat_batch_solve_fn solve, gsat_batch_stop_fn stop,
                   void *data, double start, FILE *out) {
  tally t;
  memset(&t, 0, sizeof t);
  int sig = stop(data);
  for (size_t i = 0; i < l->count && !sig; i++) {
    count(&t, run_one(l, i, solve, data, out));
    sig = stop(data);
  }
  if (sig)
    fprintf(out, "c batch stopped by signal %d (%s): %zu of %zu %s started\n", sig,
            gsat_batch_signal_name(sig), t.files, l->count, gsat_plural(l->count, "file", "files"));
  fprintf(out, "c batch: %zu %s, %zu SAT, %zu UNSAT, %zu UNKNOWN, %zu %s, %.3f s\n", t.files,
          gsat_plural(t.files, "file", "files"), t.sat, t.unsat, t.unknown, t.errors,
          gsat_plural(t.errors, "error", "errors"), gsat_seconds() - start);
  fflush(out);
  return sig ? 128 + sig : t.errors ? GSAT_BATCH_EXIT_ERRORS : 0;
}
