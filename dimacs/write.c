/* DIMACS CNF writer: see write.h. */
#include "write.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "core/literal.h"

/* Output is formatted into a local buffer and written in large blocks. */
#define WRITE_BUFFER 16384
#define WRITE_SLACK  64 /* room for one number and a newline */

typedef struct writer {
  FILE *out;
  size_t used;
  bool failed;
  int error; /* errno of the first failure */
  char buf[WRITE_BUFFER];
} writer;

static void drain(writer *w) {
  if (w->used && !w->failed && fwrite(w->buf, 1, w->used, w->out) != w->used) {
    w->failed = true;
    w->error = errno;
  }
  w->used = 0;
}

static void put_bytes(writer *w, const char *s, size_t n) {
  while (n) {
    if (w->used == WRITE_BUFFER) drain(w);
    size_t room = WRITE_BUFFER - w->used, k = n < room ? n : room;
    memcpy(w->buf + w->used, s, k);
    w->used += k;
    s += k;
    n -= k;
  }
}

static void put_uint(writer *w, uint64_t v) {
  char digits[24];
  size_t n = 0;
  do digits[n++] = (char)('0' + v % 10);
  while ((v /= 10) != 0);
  while (n) w->buf[w->used++] = digits[--n];
}

static void put_char(writer *w, char c) {
  w->buf[w->used++] = c;
}

static void make_room(writer *w) {
  if (w->used > WRITE_BUFFER - WRITE_SLACK) drain(w);
}

gsat_status gsat_dimacs_write(FILE *out, const gsat_cnf *cnf, const char *comment,
                              gsat_error *err) {
  const size_t closed = cnf->clause_start ? cnf->clause_start[cnf->num_clauses] : 0;
  GSAT_RETURN_IF(cnf->num_lits != closed, err, USAGE,
                 "cannot write a cnf whose last clause is open");
  writer w;
  w.out = out;
  w.used = 0;
  w.failed = false;
  w.error = 0;
  for (const char *line = comment; line && *line;) {
    const char *nl = strchr(line, '\n');
    size_t n = nl ? (size_t)(nl - line) : strlen(line);
    put_bytes(&w, n ? "c " : "c", n ? 2 : 1);
    put_bytes(&w, line, n);
    put_bytes(&w, "\n", 1);
    line = nl ? nl + 1 : line + n;
  }
  make_room(&w);
  uint64_t vars = cnf->declared_vars > cnf->max_var ? cnf->declared_vars : cnf->max_var;
  put_bytes(&w, "p cnf ", 6);
  put_uint(&w, vars);
  put_char(&w, ' ');
  put_uint(&w, cnf->num_clauses);
  put_char(&w, '\n');
  for (size_t c = 0; c < cnf->num_clauses; c++) {
    for (size_t i = cnf->clause_start[c]; i < cnf->clause_start[c + 1]; i++) {
      make_room(&w);
      gsat_lit lit = cnf->lits[i];
      if (GSAT_SIGN(lit)) put_char(&w, '-');
      put_uint(&w, (uint64_t)GSAT_VAR(lit) + 1);
      put_char(&w, ' ');
    }
    make_room(&w);
    put_char(&w, '0');
    put_char(&w, '\n');
  }
  drain(&w);
  if (!w.failed && (fflush(out) != 0 || ferror(out))) {
    w.failed = true;
    w.error = errno;
  }
  GSAT_RETURN_IF(w.failed, err, IO, "write error: %s",
                 w.error ? strerror(w.error) : "unknown cause");
  return GSAT_OK;
}
