/* The CLI's batch mode (`gsat --batch FILE...`, `gsat --batch=LIST`): the list
 * of files, the loop that frames each file's output as a block and the
 * summary with the batch's exit status.  Solving one file is the CLI's own
 * code (main.c), passed in as a callback, so that a file in a batch prints
 * and exits as it would alone.  Private to the CLI. */
#ifndef GSAT_API_BATCH_H
#define GSAT_API_BATCH_H

#include <stddef.h>
#include <stdio.h>

#include "base/status.h"

/* The batch's exit status when some file ended with an error (its block's
 * `c exit N` line says which one, 1-8). */
#define GSAT_BATCH_EXIT_ERRORS 9

/* The files of a batch, in order, and what directories held that is not one
 * (skipped: "PATH: REASON", printed as c lines before the first block). */
typedef struct gsat_batch_list {
  char **path;
  size_t count, cap;
  char **skipped;
  size_t skipped_count, skipped_cap;
  int from_stdin; /* the list was read from standard input */
} gsat_batch_list;

void gsat_batch_list_init(gsat_batch_list *l);
void gsat_batch_list_free(gsat_batch_list *l);

/* Appends a copy of path; a directory is expanded instead (docs/batch.md):
 * its entries in byte order of their names, subdirectories recursively at
 * their place (a link to a directory is not followed), and of the files those
 * that start as DIMACS (after blanks, a `c` or `p`) or as compressed data (a
 * magic of codec.h), recognised by their first bytes, never by their names;
 * a file that cannot be opened is kept (its block says why).  What is
 * skipped goes to l->skipped with the reason, and so does a directory that
 * gives no file.  Errors: NOMEM. */
gsat_status gsat_batch_list_add(gsat_batch_list *l, const char *path, gsat_error *err);

/* Appends the paths of list file `list_path` ("-": standard input), one per
 * line: a line's end ("\n" or "\r\n") is dropped, everything else is the
 * path (no quoting, no comments); empty lines are skipped.  Errors: IO (the
 * list cannot be opened or read, named in the message), NOMEM. */
gsat_status gsat_batch_list_read(gsat_batch_list *l, const char *list_path, gsat_error *err);

/* Solves one file as the CLI would alone and returns the exit code it would
 * have had (10, 20, 0, or 1-8). */
typedef int (*gsat_batch_solve_fn)(void *data, const char *path);

/* The name of a stop signal for messages: "SIGINT", "SIGTERM", "SIGHUP"
 * ("?" for another). */
const char *gsat_batch_signal_name(int sig);

/* The signal that asked the batch to stop (SIGINT, SIGTERM, SIGHUP), or 0. */
typedef int (*gsat_batch_stop_fn)(void *data);

/* Solves the files of l in order, each in a block on out:
 *   c file PATH
 *   ... what `gsat PATH` prints on standard output (c lines, the s line, the
 *       model), and for an error a `c error: MESSAGE` line ...
 *   c exit N          (the exit code the file would have had alone)
 * then, after the last file or when stop() reports a signal (the file being
 * solved ends with s UNKNOWN; the rest are not started, a `c batch stopped`
 * line says so), the summary
 *   c batch: F files, S SAT, U UNSAT, K UNKNOWN, E errors, T s
 * (F counts the files started, "1 file" and "1 error" in the singular; T is
 * wall seconds since `start`, gsat_seconds).
 * Before the first block, each skipped path of l (directories' entries that
 * are not DIMACS or compressed data) is one line `c skipped PATH: REASON`.
 * Returns the batch's exit status: 128 + the signal when stopped,
 * GSAT_BATCH_EXIT_ERRORS when a file's exit code was not 10, 20 or 0, and 0
 * otherwise.  A file "-" is standard input, refused (exit 1 in its block,
 * the message also on stderr) when the list itself came from there. */
int gsat_batch_run(const gsat_batch_list *l, gsat_batch_solve_fn solve, gsat_batch_stop_fn stop,
                   void *data, double start, FILE *out);

#endif
