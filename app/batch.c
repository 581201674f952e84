/* The CLI's batch mode: see batch.h. */
#include "app/batch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dimacs/codec.h"

#include "base/clock.h"
#include "base/plural.h"

void gsat_batch_list_init(gsat_batch_list *l) {
  memset(l, 0, sizeof *l);
}

void gsat_batch_list_free(gsat_batch_list *l) {
  for (size_t i = 0; i < l->count; i++) free(l->path[i]);
  for (size_t i = 0; i < l->skipped_count; i++) free(l->skipped[i]);
  free(l->path);
  free(l->skipped);
  memset(l, 0, sizeof *l);
}

/* Appends a copy of the text "a" "b" "c" to the array *v of *count strings
 * (room for *cap).  Errors: NOMEM. */
static gsat_status push(char ***v, size_t *count, size_t *cap, const char *a, const char *b,
                        const char *c, gsat_error *err) {
  if (*count == *cap) {
    size_t n = *cap ? 2 * *cap : 64;
    char **p = realloc(*v, n * sizeof *p);
    GSAT_RETURN_IF(!p, err, NOMEM, "out of memory for a batch of %zu files", n);
    *v = p;
    *cap = n;
  }
  size_t n = strlen(a) + strlen(b) + strlen(c);
  char *copy = malloc(n + 1);
  GSAT_RETURN_IF(!copy, err, NOMEM, "out of memory for the batch's file names");
  snprintf(copy, n + 1, "%s%s%s", a, b, c);
  (*v)[(*count)++] = copy;
  return GSAT_OK;
}

static gsat_status add_file(gsat_batch_list *l, const char *path, gsat_error *err) {
  return push(&l->path, &l->count, &l->cap, path, "", "", err);
}

static gsat_status skip(gsat_batch_list *l, const char *path, const char *why, gsat_error *err) {
  return push(&l->skipped, &l->skipped_count, &l->skipped_cap, path, ": ", why, err);
}

/* Whether the file at path starts as a formula: 1 for compressed data (a
 * magic of codec.h) or DIMACS (after blanks, 'c' or 'p'), 0 for anything
 * else (an empty file too), -1 when it cannot be read. */
static int starts_as_formula(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return -1;
  unsigned char b[512];
  ssize_t n = read(fd, b, sizeof b);
  close(fd);
  if (n < 0) return -1;
  if (gsat_dimacs_sniff(b, (size_t)n, NULL) != GSAT_DIMACS_PLAIN) return 1;
  ssize_t i = 0;
  while (i < n && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n')) i++;
  return i < n && (b[i] == 'c' || b[i] == 'p');
}

static gsat_status expand(gsat_batch_list *l, const char *dir, gsat_error *err);

/* Entry `name` of directory dir: expanded, added or skipped. */
static gsat_status expand_entry(gsat_batch_list *l, const char *dir, const char *name,
                                gsat_error *err) {
  const size_t n = strlen(dir);
  char *path = malloc(n + strlen(name) + 2);
  GSAT_RETURN_IF(!path, err, NOMEM, "out of memory for the batch's file names");
  sprintf(path, "%s%s%s", dir, n && dir[n - 1] == '/' ? "" : "/", name);
  struct stat st, link;
  gsat_status r;
  if (stat(path, &st)) /* a dangling link: its block says why */
    r = add_file(l, path, err);
  else if (S_ISDIR(st.st_mode))
    r = !lstat(path, &link) && S_ISLNK(link.st_mode)
            ? skip(l, path, "a link to a directory (not followed)", err)
            : expand(l, path, err);
  else if (!S_ISREG(st.st_mode))
    r = skip(l, path, "not a regular file", err);
  else if (starts_as_formula(path))
    r = add_file(l, path, err); /* 1, or -1: its block says why */
  else
    r = skip(l, path, "neither DIMACS nor compressed data", err);
  free(path);
  return r;
}

/* The entries of directory dir, in byte order (alphasort in the C locale);
 * one that cannot be listed is added as a file, whose block says why. */
static gsat_status expand(gsat_batch_list *l, const char *dir, gsat_error *err) {
  struct dirent **names;
  int n = scandir(dir, &names, NULL, alphasort);
  if (n < 0) return add_file(l, dir, err);
  const size_t before = l->count, skipped = l->skipped_count;
  gsat_status r = GSAT_OK;
  for (int i = 0; i < n; i++) {
    const char *name = names[i]->d_name;
    if (r == GSAT_OK && strcmp(name, ".") && strcmp(name, ".."))
      r = expand_entry(l, dir, name, err);
    free(names[i]);
  }
  free(names);
  if (r == GSAT_OK && l->count == before && l->skipped_count == skipped)
    r = skip(l, dir, "an empty directory", err);
  return r;
}

gsat_status gsat_batch_list_add(gsat_batch_list *l, const char *path, gsat_error *err) {
  struct stat st;
  if (!stat(path, &st) && S_ISDIR(st.st_mode)) return expand(l, path, err);
  return add_file(l, path, err);
}

gsat_status gsat_batch_list_read(gsat_batch_list *l, const char *list_path, gsat_error *err) {
  const int std_in = !strcmp(list_path, "-");
  FILE *in = std_in ? stdin : fopen(list_path, "r");
  GSAT_RETURN_IF(!in, err, IO, "cannot open the batch list '%s': %s", list_path, strerror(errno));
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
  return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP" : "?";
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
    fprintf(out, "c error: %s\n", why);        /* in the block and on stderr, as */
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
  for (size_t i = 0; i < l->skipped_count; i++) fprintf(out, "c skipped %s\n", l->skipped[i]);
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
