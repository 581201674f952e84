/* DRAT proof writer (cdcl.md, section 5): a log of added lemmas and deleted
 * clauses that an independent checker (drat-trim) verifies against the input
 * formula.
 *
 * Literals come either as internal literals (literal.h, 2*v + sign, of the
 * renumbered search database: db.h ext_var maps internal variable v to the
 * 0-based external variable ext_var[v]) or as signed DIMACS integers; the log
 * is always in the input's DIMACS numbering.
 *
 * Formats (drat-trim's): text lines "1 -2 0" for an addition and "d 1 -2 0"
 * for a deletion; binary (the default), each clause one byte 'a' (0x61) or 'd'
 * (0x64), then every literal d as the unsigned number 2*|d| + (d < 0) in
 * little-endian base 128 (seven bits per byte, the high bit set on every byte
 * but the last), then a 0 byte.
 *
 * Writes are buffered (GSAT_PROOF_BUFFER bytes) and go to a FILE or a file
 * descriptor.  The first write error (a full disk, a closed descriptor) is
 * kept: every later call returns it without writing, and flush and close
 * report it with its message, so a failed proof is an I/O error, never a
 * silently short proof.
 *
 * Several threads may append to one log: each add/delete is one mutex-held
 * critical section, so a clause is never interleaved with another.  The order
 * of the log is then the order of the calls; a searcher must append a clause
 * before it uses or exports it (cdcl.md, section 5). */
#ifndef GSAT_CORE_PROOF_H
#define GSAT_CORE_PROOF_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/control.h"
#include "base/status.h"
#include "core/cdcl_types.h"
#include "core/literal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gsat_proof_format {
  GSAT_PROOF_BINARY = 0, /* drat-trim's binary DRAT (the default) */
  GSAT_PROOF_TEXT = 1,   /* DIMACS-like text lines */
} gsat_proof_format;

#define GSAT_PROOF_BUFFER ((size_t)1 << 16)

typedef struct gsat_proof {
  pthread_mutex_t lock;
  FILE *file; /* the output when it is a FILE (else NULL) */
  int fd;     /* the output when it is a descriptor (else -1) */
  int own;    /* close file or fd in gsat_proof_close */
  int pipe;   /* fd is a pipe, FIFO or socket: written after poll, PIPE_BUF at a time */
  gsat_proof_format format;
  const gsat_var *ext_var; /* internal -> external variable (NULL: same) */
  uint32_t num_vars;       /* entries of ext_var (checked in debug builds) */
  uint64_t fresh;          /* 0-based external variable of internal num_vars */
  unsigned char *buf;      /* [GSAT_PROOF_BUFFER] */
  size_t len;              /* bytes pending in buf */
  gsat_error err;          /* the first error; err.status GSAT_OK if none */
  uint64_t added, deleted; /* clauses appended */
  uint64_t bytes;          /* bytes handed to the output so far */
  gsat_flag *stop;         /* raised at the first write error (NULL: none) */
  int raised;              /* this proof raised *stop */
} gsat_proof;

/* Makes the first write error of p raise *stop (the search's stop flag), so
 * that a search whose proof can no longer be written ends at once instead of
 * running on to an answer that would go unproven; p->raised says whether the
 * proof raised it (it does not when it was already raised). */
void gsat_proof_stop_on_error(gsat_proof *p, gsat_flag *stop);

/* Starts a proof written to file (not closed by gsat_proof_close) in format.
 * Errors: NOMEM. */
gsat_status gsat_proof_open_file(gsat_proof *p, FILE *file, gsat_proof_format format,
                                 gsat_error *err);

/* Starts a proof written to the descriptor fd with write(2) (not closed by
 * gsat_proof_close).  Errors: NOMEM. */
gsat_status gsat_proof_open_fd(gsat_proof *p, int fd, gsat_proof_format format, gsat_error *err);

/* Creates or truncates the file at path and starts a proof in it (closed by
 * gsat_proof_close).  A pipe, FIFO or socket (here or with gsat_proof_open_fd)
 * is written only when poll says it takes PIPE_BUF bytes: should its reader
 * stop reading, a stop request of the search (the flag of
 * gsat_proof_stop_on_error) ends the write within 0.1 s with an IO error.
 * Errors: IO (cannot create, with the path and strerror), INTERRUPTED (a
 * signal interrupted the open: a FIFO that no reader opened), NOMEM. */
gsat_status gsat_proof_open_path(gsat_proof *p, const char *path, gsat_proof_format format,
                                 gsat_error *err);

/* Sets the internal -> external variable map for gsat_proof_add/delete
 * (ext_var[v] is the 0-based external variable of internal variable v, as
 * db.h's; num_vars its length).  NULL: internal variable v is external v.
 * The array must outlive the proof. */
void gsat_proof_set_map(gsat_proof *p, const gsat_var *ext_var, uint32_t num_vars);

/* With a map: internal variables num_vars + i (the fresh variables of
 * bounded variable addition, core/simp.h) are written as the 0-based
 * external variable first + i; gsat_proof_set_map makes first the variable
 * after the map's last, pass the input's external variable count to keep
 * them clear of every declared variable. */
void gsat_proof_set_fresh(gsat_proof *p, uint64_t first);

/* Appends the addition (lemma) or deletion of the clause lits[0..n-1] of
 * internal literals, mapped through the variable map; n == 0 is the empty
 * clause.  Thread-safe.  Errors: IO (also every call after the first
 * error), with the message kept for flush/close. */
gsat_status gsat_proof_add(gsat_proof *p, const gsat_lit *lits, size_t n);
gsat_status gsat_proof_delete(gsat_proof *p, const gsat_lit *lits, size_t n);

/* As gsat_proof_add/delete for signed DIMACS literals (non-zero, |d| <=
 * GSAT_MAX_DIMACS_VAR), written unchanged (no map). */
gsat_status gsat_proof_add_dimacs(gsat_proof *p, const int64_t *lits, size_t n);
gsat_status gsat_proof_delete_dimacs(gsat_proof *p, const int64_t *lits, size_t n);

/* Writes the buffered bytes out (and fflush for a FILE).  Thread-safe.
 * Errors: IO, the first error of any call, copied to err. */
gsat_status gsat_proof_flush(gsat_proof *p, gsat_error *err);

/* The CDCL proof sink (cdcl_types.h) that appends to p: its add and del
 * are gsat_proof_add and gsat_proof_delete; a write error stays in p and
 * comes back from gsat_proof_flush or gsat_proof_close. */
gsat_proof_sink gsat_proof_sink_of(gsat_proof *p);

/* Flushes, closes what the proof opened, and frees p's buffer; p must not be
 * used afterwards (closing twice is harmless).  Errors: IO, the first error of
 * any call including the close itself, copied to err.  Must not race with
 * other calls on p. */
gsat_status gsat_proof_close(gsat_proof *p, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
