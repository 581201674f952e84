/* Buffered byte input of the DIMACS reader (internal to dimacs/).  Every source
 * (plain or gzip file, file descriptor, gzip data in memory) is read through
 * one zlib gzread path into a chunk buffer; plain data in memory is copied into
 * the same buffer.  The parser scans [p, end) directly; *end is always a 0 byte
 * (a sentinel), so scanning loops need no bounds test on the hot path and only
 * look at p == end when they meet a 0 byte. */
#ifndef GSAT_DIMACS_INPUT_H
#define GSAT_DIMACS_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

#include "solver/control.h"
#include "solver/status.h"

/* Bytes per gzread call (and the size of the chunk buffer).  The fuzz
 * harness builds define a tiny chunk, so that tokens straddle chunks often. */
#ifndef GSAT_DIMACS_CHUNK
#define GSAT_DIMACS_CHUNK ((size_t)1 << 20)
#endif

typedef struct gsat_dimacs_input {
  gzFile gz;                /* NULL when copying plain data from memory */
  const unsigned char *mem; /* plain memory input: bytes not yet copied */
  size_t mem_left;
  unsigned char *buf;       /* [size + 1] */
  size_t size;              /* capacity of buf without the sentinel */
  const unsigned char *p;   /* next unread byte */
  const unsigned char *end; /* end of valid bytes; *end == 0 */
  uint64_t base;            /* input offset of buf[0] */
  bool eof;                 /* the source is exhausted */
  const gsat_flag *stop;    /* polled before every read */
  const char *name;         /* for messages */
} gsat_dimacs_input;

/* Records an error in err (which may be NULL) and returns status: err->file is
 * name, err->line and err->column are line and column (0 when unknown), and the
 * message reads "name:line:column: text" (or "name: text" without a line). */
gsat_status gsat_dimacs_fail(gsat_error *err, gsat_status status,
                             const char *name, uint64_t line, uint64_t column,
                             const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Opens an input over fd, which the input owns from now on (closed by
 * gsat_dimacs_input_close, also on error).  Errors: IO, NOMEM. */
gsat_status gsat_dimacs_input_open_fd(gsat_dimacs_input *in, int fd,
                                      const char *name, const gsat_flag *stop,
                                      gsat_error *err);

/* Opens an input over size bytes at data (plain or gzip; gzip data goes through
 * an anonymous memory file so that it takes the same gzread path as files).
 * data must stay valid until the input is closed.  Errors: IO, NOMEM. */
gsat_status gsat_dimacs_input_open_memory(gsat_dimacs_input *in,
                                          const void *data, size_t size,
                                          const char *name,
                                          const gsat_flag *stop,
                                          gsat_error *err);

/* Called when p == end: discards the buffer and reads the next chunk.  Returns
 * 1 when new bytes are available, 0 at the end of the input, and -1 on error
 * (err filled: IO for read errors and truncated or corrupt gzip data,
 * INTERRUPTED when the stop flag is raised). */
int gsat_dimacs_input_refill(gsat_dimacs_input *in, gsat_error *err);

/* Closes the input.  Returns IO when zlib reports a damaged stream at close
 * (only checked when check is true), else OK. */
gsat_status gsat_dimacs_input_close(gsat_dimacs_input *in, bool check,
                                    gsat_error *err);

#endif
