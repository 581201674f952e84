/* Buffered byte input of the DIMACS reader (internal to dimacs/).  Sources: a
 * file descriptor (file, pipe, FIFO, terminal) or bytes in memory, each holding
 * plain text or compressed data: gzip, xz, lzma or bzip2, recognised by their
 * magic bytes (codec.h).  Concatenated streams (gzip members) of one format are
 * one stream; after the last, zero padding ends the data silently and other
 * bytes that do not start another stream end it too, noted in `trailing` (as
 * gzread ignores them).  Descriptors are read with read(2) directly, one call
 * per chunk, after poll(2) with a short timeout, so that a raised stop flag
 * ends a read that waits on a slow pipe promptly (a read cut short by a
 * signal, EINTR, checks the flag too); compressed data is decoded (codec.h)
 * into the chunk buffer.  The parser scans [p, end) directly; *end is always
 * a 0 byte (a sentinel), so scanning loops need no bounds test on the hot path
 * and only look at p == end when they meet a 0 byte. */
#ifndef GSAT_DIMACS_INPUT_H
#define GSAT_DIMACS_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "codec.h"
#include "base/control.h"
#include "base/status.h"

/* Bytes per read (and the size of the chunk buffer).  The fuzz harness builds
 * define a tiny chunk, so that tokens straddle chunks often. */
#ifndef GSAT_DIMACS_CHUNK
#define GSAT_DIMACS_CHUNK ((size_t)1 << 20)
#endif

/* Bytes of compressed data per read(2) call. */
#define GSAT_DIMACS_RAW ((size_t)1 << 18)

typedef struct gsat_dimacs_input {
  int fd;                   /* the descriptor read (owned), or -1 for memory */
  bool poll_fd;             /* fd may block (not a regular file): poll first */
  const unsigned char *mem; /* plain memory input: bytes not yet consumed */
  size_t mem_left;
  gsat_dimacs_format format;      /* PLAIN, or how the data is compressed */
  const gsat_dimacs_codec *codec; /* its description (NULL for PLAIN) */
  gsat_dimacs_decoder *dec;       /* the decoder (NULL for PLAIN) */
  bool stream_end;                /* a stream ended; another may follow */
  bool trailing;                  /* bytes that start no stream followed the last
                                     stream (the reader stopped there) */
  bool raw_eof;                   /* no compressed bytes beyond next_in/avail_in */
  const unsigned char *next_in;   /* compressed bytes not yet decoded */
  size_t avail_in;
  unsigned char *raw;       /* [GSAT_DIMACS_RAW] compressed bytes from fd */
  unsigned char *buf;       /* [size + 1] */
  size_t size;              /* capacity of buf without the sentinel */
  const unsigned char *p;   /* next unread byte */
  const unsigned char *end; /* end of valid bytes; *end == 0 */
  uint64_t base;            /* input offset of buf[0] */
  bool eof;                 /* the source is exhausted */
  const gsat_flag *stop;    /* polled before every read and while waiting */
  const char *name;         /* for messages */
} gsat_dimacs_input;

/* Records an error in err (which may be NULL) and returns status: err->file is
 * name, err->line and err->column are line and column (0 when unknown), and the
 * message reads "name:line:column: text" (or "name: text" without a line). */
gsat_status gsat_dimacs_fail(gsat_error *err, gsat_status status, const char *name, uint64_t line,
                             uint64_t column, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Opens an input over fd, which the input owns from now on (closed by
 * gsat_dimacs_input_close, also on error).  Reads the first bytes (up to
 * GSAT_DIMACS_MAGIC_MAX, fewer when they already start no magic) to tell plain
 * from compressed data.  Errors: IO (also for a format that is not built in),
 * NOMEM, INTERRUPTED. */
gsat_status gsat_dimacs_input_open_fd(gsat_dimacs_input *in, int fd, const char *name,
                                      const gsat_flag *stop, gsat_error *err);

/* Opens an input over size bytes at data (plain, or compressed and decoded
 * straight from memory).  data must stay valid until the input is closed.
 * Errors: IO (a format that is not built in), NOMEM. */
gsat_status gsat_dimacs_input_open_memory(gsat_dimacs_input *in, const void *data, size_t size,
                                          const char *name, const gsat_flag *stop, gsat_error *err);

/* Called when p == end: discards the buffer and reads the next chunk.  Returns
 * 1 when new bytes are available, 0 at the end of the input, and -1 on error
 * (err filled: IO for read errors and truncated or corrupt compressed data,
 * NOMEM, INTERRUPTED when the stop flag is raised). */
int gsat_dimacs_input_refill(gsat_dimacs_input *in, gsat_error *err);

/* Closes the input and frees its buffers.  Damaged data is reported by
 * gsat_dimacs_input_refill, so this always succeeds. */
void gsat_dimacs_input_close(gsat_dimacs_input *in);

#endif
