/* DIMACS CNF writer: the inverse of the reader, for the generator, tests and
 * tools. */
#ifndef GSAT_DIMACS_WRITE_H
#define GSAT_DIMACS_WRITE_H

#include <stdio.h>

#include "core/cnf.h"
#include "base/status.h"

/* Writes cnf to out as DIMACS: each line of comment (may be NULL; split at
 * newlines) as a `c` line, then `p cnf V C` with V = max(declared_vars,
 * max_var) and C = num_clauses, then one clause per line ending in 0 (an empty
 * clause is a lone 0), literals as written.  Flushes out.  Errors: USAGE (cnf
 * has an open clause), IO (a write or flush failed). */
gsat_status gsat_dimacs_write(FILE *out, const gsat_cnf *cnf, const char *comment, gsat_error *err);

#endif
