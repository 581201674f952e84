/* Buffered byte input of the DIMACS reader: see input.h. */
#include "input.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/plural.h"

/* Milliseconds a read waits for data before it looks at the stop flag again. */
#define POLL_MS 50

gsat_status gsat_dimacs_fail(gsat_error *err, gsat_status status, const char *name, uint64_t line,
                             uint64_t column, const char *fmt, ...) {
  if (!err) return status;
  if (!name) name = "";
  err->status = status;
  err->line = line;
  err->column = line ? column : 0;
  snprintf(err->file, sizeof err->file, "%s", name);
  int n;
  if (line)
    n = snprintf(err->message, sizeof err->message, "%s:%llu:%llu: ", name,
                 (unsigned long long)line, (unsigned long long)column);
  else
    n = snprintf(err->message, sizeof err->message, "%s: ", name);
  if (n < 0) n = 0;
  if ((size_t)n < sizeof err->message) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message + n, sizeof err->message - (size_t)n, fmt, ap);
    va_end(ap);
  }
  return status;
}

static gsat_status alloc_buffer(gsat_dimacs_input *in, size_t size, gsat_error *err) {
  in->buf = malloc(size + 1);
  if (!in->buf)
    return gsat_dimacs_fail(err, GSAT_NOMEM, in->name, 0, 0,
                            "out of memory for a %zu byte input buffer", size + 1);
  in->size = size;
  in->buf[0] = 0;
  in->p = in->end = in->buf;
  return GSAT_OK;
}

static void init(gsat_dimacs_input *in, const char *name, const gsat_flag *stop) {
  memset(in, 0, sizeof *in);
  in->fd = -1;
  in->name = name;
  in->stop = stop;
}

static int interrupted(gsat_dimacs_input *in, gsat_error *err) {
  gsat_dimacs_fail(err, GSAT_INTERRUPTED, in->name, 0, 0, "interrupted while reading");
  return -1;
}

/* One read(2) of up to n bytes into dst: the byte count (0 at the end of the
 * input) or -1 with err filled.  Waits in poll(2) slices of POLL_MS, checking
 * the stop flag between them and after a read cut short by a signal. */
static ssize_t read_some(gsat_dimacs_input *in, unsigned char *dst, size_t n, gsat_error *err) {
  for (;;) {
    if (GSAT_FLAG_IS_RAISED(in->stop)) return interrupted(in, err);
    if (in->poll_fd) {
      struct pollfd pfd = {.fd = in->fd, .events = POLLIN};
      int r = poll(&pfd, 1, POLL_MS);
      if (r == 0 || (r < 0 && errno == EINTR)) continue;
      if (r < 0) {
        gsat_dimacs_fail(err, GSAT_IO, in->name, 0, 0, "read error: %s", strerror(errno));
        return -1;
      }
    }
    ssize_t got = read(in->fd, dst, n);
    if (got >= 0) return got;
    if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
    gsat_dimacs_fail(err, GSAT_IO, in->name, 0, 0, "read error: %s", strerror(errno));
    return -1;
  }
}

_Static_assert(GSAT_DIMACS_CHUNK >= GSAT_DIMACS_MAGIC_MAX &&
                   GSAT_DIMACS_RAW >= GSAT_DIMACS_MAGIC_MAX,
               "the first read must see every magic");

/* Makes at least `want` compressed bytes available at next_in, or all that
 * is left.  Returns the bytes available or -1 on error. */
static ssize_t raw_bytes(gsat_dimacs_input *in, size_t want, gsat_error *err) {
  while (in->avail_in < want && !in->raw_eof) { /* memory input: raw_eof */
    if (in->avail_in && in->next_in != in->raw) memmove(in->raw, in->next_in, in->avail_in);
    in->next_in = in->raw;
    ssize_t got = read_some(in, in->raw + in->avail_in, GSAT_DIMACS_RAW - in->avail_in, err);
    if (got < 0) return -1;
    if (got == 0) in->raw_eof = true;
    in->avail_in += (size_t)got;
  }
  return (ssize_t)in->avail_in;
}

/* Starts decoding data of format f, whose first bytes are at next_in. */
static gsat_status start_decoding(gsat_dimacs_input *in, gsat_dimacs_format f, gsat_error *err) {
  in->format = f;
  in->codec = gsat_dimacs_codec_of(f);
  return gsat_dimacs_decoder_start(&in->dec, f, in->name, err);
}

gsat_status gsat_dimacs_input_open_fd(gsat_dimacs_input *in, int fd, const char *name,
                                      const gsat_flag *stop, gsat_error *err) {
  init(in, name, stop);
  in->fd = fd;
  struct stat sb;
  in->poll_fd = fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode);
  gsat_status st = alloc_buffer(in, GSAT_DIMACS_CHUNK, err);
  /* The first bytes decide between plain and compressed data: read until
   * they start a magic, or cannot start one, or the input ends. */
  size_t have = 0;
  const size_t first = in->size < GSAT_DIMACS_RAW ? in->size : GSAT_DIMACS_RAW;
  bool undecided = true;
  gsat_dimacs_format f = GSAT_DIMACS_PLAIN;
  while (st == GSAT_OK && undecided && !in->raw_eof) {
    ssize_t got = read_some(in, in->buf + have, first - have, err);
    if (got < 0)
      st = err ? err->status : GSAT_IO;
    else if (got == 0)
      in->raw_eof = true;
    else
      have += (size_t)got;
    f = gsat_dimacs_sniff(in->buf, have, &undecided);
  }
  if (st == GSAT_OK && f != GSAT_DIMACS_PLAIN) {
    in->raw = malloc(GSAT_DIMACS_RAW);
    if (!in->raw)
      st = gsat_dimacs_fail(err, GSAT_NOMEM, name, 0, 0,
                            "out of memory for the compressed input buffer");
    if (st == GSAT_OK) {
      memcpy(in->raw, in->buf, have); /* have <= GSAT_DIMACS_RAW */
      in->next_in = in->raw;
      in->avail_in = have;
      st = start_decoding(in, f, err);
    }
    in->buf[0] = 0; /* the sentinel of the empty buffer */
  } else if (st == GSAT_OK && have) {
    in->end = in->buf + have; /* plain data: the first chunk */
    in->buf[have] = 0;
    in->eof = in->raw_eof;
  } else if (st == GSAT_OK) {
    in->eof = true;
  }
  if (st != GSAT_OK) gsat_dimacs_input_close(in);
  return st;
}

gsat_status gsat_dimacs_input_open_memory(gsat_dimacs_input *in, const void *data, size_t size,
                                          const char *name, const gsat_flag *stop,
                                          gsat_error *err) {
  init(in, name, stop);
  const unsigned char *bytes = data;
  gsat_dimacs_format f = gsat_dimacs_sniff(bytes, size, NULL);
  if (f != GSAT_DIMACS_PLAIN) {
    in->next_in = bytes; /* decoded straight from memory */
    in->avail_in = size;
    in->raw_eof = true;
    gsat_status st = alloc_buffer(in, GSAT_DIMACS_CHUNK, err);
    if (st == GSAT_OK) st = start_decoding(in, f, err);
    if (st != GSAT_OK) gsat_dimacs_input_close(in);
    return st;
  }
  /* Plain data: copied chunk by chunk into the buffer. */
  in->mem = bytes;
  in->mem_left = size;
  return alloc_buffer(in, size < GSAT_DIMACS_CHUNK ? size : GSAT_DIMACS_CHUNK, err);
}

/* Whether `zeros` bytes of zero padding before the next stream or the end
 * of the data are allowed: any count for gzip (as gzip skips them), a
 * multiple of 4 for xz's stream padding (the .xz format and xz(1), which
 * calls other counts corrupt data); an I/O error otherwise. */
static bool padding_ok(gsat_dimacs_input *in, uint64_t zeros, gsat_error *err) {
  if (!in->codec->pad_between || zeros % 4 == 0) return true;
  gsat_dimacs_fail(err, GSAT_IO, in->name, 0, 0,
                   "corrupt %s data: stream padding of %llu %s, not a multiple of 4",
                   in->codec->name, (unsigned long long)zeros, gsat_plural(zeros, "byte", "bytes"));
  return false;
}

/* After a stream ended: starts the next one if its magic follows (returns 1);
 * otherwise the data ends (returns 0): zero padding (as tar leaves it) is
 * skipped silently, as gzip and xz do, other bytes are noted in in->trailing
 * for the parser (a warning, or an error in strict mode), as gzread ignores
 * them.  For xz, zero padding may also separate streams (xz's stream
 * padding), and it must be a multiple of 4 bytes (padding_ok).  -1 on a read
 * error or bad padding. */
static int next_stream(gsat_dimacs_input *in, gsat_error *err) {
  bool padded = false;
  uint64_t zeros = 0;
  for (;;) {
    ssize_t n = raw_bytes(in, GSAT_DIMACS_MAGIC_MAX, err);
    if (n < 0) return -1;
    const bool another = (!padded || in->codec->pad_between) &&
                         gsat_dimacs_sniff(in->next_in, (size_t)n, NULL) == in->format;
    if ((another || n == 0) && !padding_ok(in, zeros, err)) return -1;
    if (another) {
      if (gsat_dimacs_decoder_start(&in->dec, in->format, in->name, err) != GSAT_OK) return -1;
      in->stream_end = false;
      return 1;
    }
    if (n == 0) return 0;
    if (*in->next_in != 0) {
      in->trailing = true;
      return 0;
    }
    while (in->avail_in && *in->next_in == 0) {
      in->next_in++;
      in->avail_in--;
      zeros++;
    }
    padded = true;
  }
}

/* Decodes into buf[0 .. size): the byte count (0 at the end of the data) or
 * -1 on error.  The input ends inside a stream when a decoder call with no
 * input left (finish) makes no progress. */
static ssize_t decode_some(gsat_dimacs_input *in, gsat_error *err) {
  unsigned char *out = in->buf;
  size_t out_left = in->size;
  while (out_left == in->size) {
    if (in->stream_end) {
      int r = next_stream(in, err);
      if (r <= 0) return r;
    }
    if (in->avail_in == 0 && raw_bytes(in, 1, err) < 0) return -1;
    const bool finish = in->avail_in == 0;
    if (GSAT_FLAG_IS_RAISED(in->stop)) return interrupted(in, err);
    int r = gsat_dimacs_decoder_step(in->dec, &in->next_in, &in->avail_in, &out, &out_left, finish,
                                     in->name, err);
    if (r < 0) return -1;
    if (r > 0) {
      in->stream_end = true;
    } else if (finish && out_left == in->size) {
      gsat_dimacs_fail(err, GSAT_IO, in->name, 0, 0, "truncated %s data: the input ends inside %s",
                       in->codec->name, in->codec->a_stream);
      return -1;
    }
  }
  return (ssize_t)(in->size - out_left);
}

int gsat_dimacs_input_refill(gsat_dimacs_input *in, gsat_error *err) {
  in->base += (uint64_t)(in->end - in->buf);
  in->p = in->end = in->buf;
  in->buf[0] = 0;
  if (in->eof) return 0;
  if (GSAT_FLAG_IS_RAISED(in->stop)) return interrupted(in, err);
  ssize_t n;
  if (in->dec) {
    n = decode_some(in, err);
  } else if (in->fd >= 0) {
    n = read_some(in, in->buf, in->size, err);
  } else {
    n = (ssize_t)(in->mem_left < in->size ? in->mem_left : in->size);
    if (n) memcpy(in->buf, in->mem, (size_t)n);
    in->mem += n;
    in->mem_left -= (size_t)n;
  }
  if (n < 0) return -1;
  if (n == 0) {
    in->eof = true;
    return 0;
  }
  in->end = in->buf + n;
  in->buf[n] = 0;
  return 1;
}

void gsat_dimacs_input_close(gsat_dimacs_input *in) {
  gsat_dimacs_decoder_free(in->dec);
  if (in->fd >= 0) close(in->fd);
  free(in->raw);
  free(in->buf);
  memset(in, 0, sizeof *in);
  in->fd = -1;
}
