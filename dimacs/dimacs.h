/* DIMACS CNF reader: plain files, gzip files (concatenated members read as one
 * stream) and standard input, through one zlib gzread path.  Fills a gsat_cnf with
 * every clause as written (external variable numbering).  Never prints and never
 * exits: errors come back as a status and a gsat_error naming file, line and
 * column; warnings go to a callback.
 *
 * Rules (default mode; GSAT_DIMACS_STRICT and GSAT_DIMACS_RELAXED differ where
 * noted):
 *   - a line starting with `c` is a comment wherever it is and however long;
 *     only a line starting with `p` is the header `p cnf V C` (any blanks between);
 *   - newlines are whitespace: clauses may span lines and share lines; spaces,
 *     tabs, CR and blank lines separate tokens; EOF right after the last 0 is fine;
 *   - a line starting with `%` ends the formula (SATLIB); STRICT: error;
 *   - more clauses than declared, or variables above the declared count: a
 *     warning, and the whole formula is read; STRICT: error;
 *   - fewer clauses than declared: error; RELAXED: a warning;
 *   - errors: no header, empty input, a token that is not an integer, `+1`, `-0`,
 *     a last clause without its 0, numbers that overflow or exceed
 *     GSAT_MAX_DIMACS_VAR, header counts that overflow, truncated or corrupt gzip
 *     data (nothing read before the damage is kept: the cnf is emptied). */
#ifndef GSAT_DIMACS_H
#define GSAT_DIMACS_H

#include <stddef.h>
#include <stdint.h>

#include "solver/cnf.h"
#include "solver/control.h"
#include "solver/status.h"

typedef enum gsat_dimacs_mode {
  GSAT_DIMACS_RELAXED = 0,
  GSAT_DIMACS_DEFAULT = 1,
  GSAT_DIMACS_STRICT = 2,
} gsat_dimacs_mode;

/* Called once per warning with the file name, the 1-based line (0 if none) and a
 * message without trailing newline. */
typedef void (*gsat_dimacs_warn_fn)(void *data, const char *file, uint64_t line,
                                    const char *message);

typedef struct gsat_dimacs_options {
  gsat_dimacs_mode mode;
  gsat_dimacs_warn_fn warn; /* may be NULL */
  void *warn_data;
  const gsat_flag *stop;    /* may be NULL; when raised: GSAT_INTERRUPTED */
} gsat_dimacs_options;

/* Reads the file at path ("-" or NULL: standard input) into cnf, which must be
 * initialised and empty.  Errors: IO (cannot open or read; corrupt or truncated
 * gzip data), PARSE (err has file, line, column), NOMEM, RESOURCE, INTERRUPTED.
 * On error cnf is emptied. */
gsat_status gsat_dimacs_read_path(const char *path, const gsat_dimacs_options *opt,
                                  gsat_cnf *cnf, gsat_error *err);

/* Reads from an open file descriptor (not closed); name is used in messages. */
gsat_status gsat_dimacs_read_fd(int fd, const char *name, const gsat_dimacs_options *opt,
                                gsat_cnf *cnf, gsat_error *err);

/* Reads from a memory buffer holding plain or gzip data (for tests and fuzzing). */
gsat_status gsat_dimacs_read_memory(const void *data, size_t size, const char *name,
                                    const gsat_dimacs_options *opt, gsat_cnf *cnf,
                                    gsat_error *err);

#endif
