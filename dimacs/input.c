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

/* Milliseconds a read waits for data before it looks at the stop flag again. */
#define POLL_MS 50

/* Gzip data in memory goes to zlib (which counts in uInt) in pieces of this. */
#define MEM_PIECE ((size_t)1 << 30)

gsat_status gsat_dimacs_fail(gsat_error *err, gsat_status status,
                             const char *name, uint64_t line, uint64_t column,
                             const char *fmt, ...) {
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

static gsat_status alloc_buffer(gsat_dimacs_input *in, size_t size,
                                gsat_error *err) {
  in->buf = malloc(size + 1);
  if (!in->buf)
    return gsat_dimacs_fail(err, GSAT_NOMEM, in->name, 0, 0,
                            "out of memory for a %zu byte input buffer",
                            size + 1);
  in->size = size;
  in->buf[0] = 0;
  in->p = in->end = in->buf;
  return GSAT_OK;
}

static void init(gsat_dimacs_input *in, const char *name,
                 const gsat_flag *stop) {
  memset(in, 0, sizeof *in);
  in->fd = -1;
  in->name = name;
  in->stop = stop;
}

static int interrupted(gsat_dimacs_input *in, gsat_error *err) {
  gsat_dimacs_fail(err, GSAT_INTERRUPTED, in->name, 0, 0,
                   "interrupted while reading");
  return -1;
}

/* One read(2) of up to n bytes into dst: the byte count (0 at the end of the
 * input) or -1 with err filled.  Waits in poll(2) slices of POLL_MS, checking
 * the stop flag between them and after a read cut short by a signal. */
static ssize_t read_some(gsat_dimacs_input *in, unsigned char *dst, size_t n,
                         gsat_error *err) {
  for (;;) {
    if (GSAT_FLAG_IS_RAISED(in->stop)) return interrupted(in, err);
    if (in->poll_fd) {
      struct pollfd pfd = {.fd = in->fd, .events = POLLIN};
      int r = poll(&pfd, 1, POLL_MS);
      if (r == 0 || (r < 0 && errno == EINTR)) continue;
      if (r < 0) {
        gsat_dimacs_fail(err, GSAT_IO, in->name, 0, 0, "read error: %s",
                         strerror(errno));
        return -1;
      }
    }
    ssize_t got = read(in->fd, dst, n);
    if (got >= 0) return got;
    if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
    gsat_dimacs_fail(err, GSAT_IO, in->name, 0, 0, "read error: %s",
                     strerror(errno));
    return -1;
  }
}

/* Makes at least `want` raw gzip bytes available at zs.next_in, or all that
 * is left.  Returns the bytes available or -1 on error. */
static ssize_t raw_bytes(gsat_dimacs_input *in, size_t want, gsat_error *err) {
  z_stream *zs = &in->zs;
  if (in->fd < 0) { /* memory: the bytes after next_in are contiguous */
    while (zs->avail_in < want && in->mem_left) {
      size_t more = in->mem_left < MEM_PIECE ? in->mem_left : MEM_PIECE;
      if (!zs->avail_in) zs->next_in = (Bytef *)in->mem;
      zs->avail_in += (uInt)more;
      in->mem += more;
      in->mem_left -= more;
    }
    return (ssize_t)zs->avail_in;
  }
  while (zs->avail_in < want && !in->raw_eof) {
    if (zs->avail_in && zs->next_in != in->raw)
      memmove(in->raw, zs->next_in, zs->avail_in);
    zs->next_in = in->raw;
    ssize_t got = read_some(in, in->raw + zs->avail_in,
                            GSAT_DIMACS_RAW - zs->avail_in, err);
    if (got < 0) return -1;
    if (got == 0) in->raw_eof = true;
    zs->avail_in += (uInt)got;
  }
  return (ssize_t)zs->avail_in;
}

static gsat_status start_gzip(gsat_dimacs_input *in, gsat_error *err) {
  in->gzip = true;
  /* 15 + 16: a 32 KiB window, gzip wrapper only (header and CRC checked). */
  int r = inflateInit2(&in->zs, 15 + 16);
  if (r != Z_OK)
    return gsat_dimacs_fail(err, r == Z_MEM_ERROR ? GSAT_NOMEM : GSAT_IO,
                            in->name, 0, 0, "cannot start zlib: %s",
                            in->zs.msg ? in->zs.msg : zError(r));
  in->zs_ready = true;
  return GSAT_OK;
}

static bool gzip_magic(const unsigned char *p, size_t n) {
  return n >= 2 && p[0] == 0x1f && p[1] == 0x8b;
}

gsat_status gsat_dimacs_input_open_fd(gsat_dimacs_input *in, int fd,
                                      const char *name, const gsat_flag *stop,
                                      gsat_error *err) {
  init(in, name, stop);
  in->fd = fd;
  struct stat sb;
  in->poll_fd = fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode);
  gsat_status st = alloc_buffer(in, GSAT_DIMACS_CHUNK, err);
  /* The first bytes (at least 2 unless the input is shorter) decide between
   * plain and gzip data. */
  size_t have = 0;
  const size_t first = in->size < GSAT_DIMACS_RAW ? in->size : GSAT_DIMACS_RAW;
  while (st == GSAT_OK && have < 2 && have < first && !in->raw_eof) {
    ssize_t got = read_some(in, in->buf + have, first - have, err);
    if (got < 0)
      st = err ? err->status : GSAT_IO;
    else if (got == 0)
      in->raw_eof = true;
    else
      have += (size_t)got;
  }
  if (st == GSAT_OK && gzip_magic(in->buf, have)) {
    in->raw = malloc(GSAT_DIMACS_RAW);
    if (!in->raw)
      st = gsat_dimacs_fail(err, GSAT_NOMEM, name, 0, 0,
                            "out of memory for the gzip input buffer");
    else
      st = start_gzip(in, err);
    if (st == GSAT_OK) {
      memcpy(in->raw, in->buf, have); /* have <= GSAT_DIMACS_RAW */
      in->zs.next_in = in->raw;
      in->zs.avail_in = (uInt)have;
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

gsat_status gsat_dimacs_input_open_memory(gsat_dimacs_input *in,
                                          const void *data, size_t size,
                                          const char *name,
                                          const gsat_flag *stop,
                                          gsat_error *err) {
  init(in, name, stop);
  const unsigned char *bytes = data;
  if (gzip_magic(bytes, size)) {
    gsat_status st = alloc_buffer(in, GSAT_DIMACS_CHUNK, err);
    if (st == GSAT_OK) st = start_gzip(in, err);
    if (st != GSAT_OK) {
      gsat_dimacs_input_close(in);
      return st;
    }
    in->zs.next_in = (Bytef *)bytes;
    in->mem = bytes; /* handed to zlib in pieces by raw_bytes */
    in->mem_left = size;
    return GSAT_OK;
  }
  /* Plain data: copied chunk by chunk into the buffer. */
  in->mem = bytes;
  in->mem_left = size;
  return alloc_buffer(in, size < GSAT_DIMACS_CHUNK ? size : GSAT_DIMACS_CHUNK,
                      err);
}

/* Inflates into buf[0 .. size): the byte count (0 at the end of the gzip
 * data) or -1 on error. */
static ssize_t inflate_some(gsat_dimacs_input *in, gsat_error *err) {
  z_stream *zs = &in->zs;
  zs->next_out = in->buf;
  zs->avail_out = (uInt)in->size;
  while (zs->avail_out == in->size) {
    if (in->member_end) {
      /* Another member follows only if the next bytes are gzip magic; any
       * other bytes after a member end the data (as for gzread): zero
       * padding (as tar leaves it) silently, as gzip does, other bytes
       * noted in in->trailing for the parser (a warning, or an error in
       * strict mode). */
      ssize_t n = raw_bytes(in, 2, err);
      if (n < 0) return -1;
      if (!gzip_magic(zs->next_in, (size_t)n)) {
        while (n > 0) {
          while (zs->avail_in && *zs->next_in == 0) {
            zs->next_in++;
            zs->avail_in--;
          }
          if (zs->avail_in) {
            in->trailing = true;
            break;
          }
          if ((n = raw_bytes(in, 1, err)) < 0) return -1;
        }
        return 0;
      }
      inflateReset(zs);
      in->member_end = false;
    }
    if (zs->avail_in == 0) {
      ssize_t n = raw_bytes(in, 1, err);
      if (n < 0) return -1;
      if (n == 0) {
        gsat_dimacs_fail(err, GSAT_IO, in->name, 0, 0,
                         "truncated gzip data: the input ends inside a gzip "
                         "member");
        return -1;
      }
    }
    if (GSAT_FLAG_IS_RAISED(in->stop)) return interrupted(in, err);
    int r = inflate(zs, Z_NO_FLUSH);
    if (r == Z_STREAM_END) {
      in->member_end = true;
    } else if (r == Z_MEM_ERROR) {
      gsat_dimacs_fail(err, GSAT_NOMEM, in->name, 0, 0,
                       "out of memory in zlib");
      return -1;
    } else if (r != Z_OK && r != Z_BUF_ERROR) {
      gsat_dimacs_fail(err, GSAT_IO, in->name, 0, 0, "corrupt gzip data: %s",
                       zs->msg ? zs->msg : zError(r));
      return -1;
    }
  }
  return (ssize_t)(in->size - zs->avail_out);
}

int gsat_dimacs_input_refill(gsat_dimacs_input *in, gsat_error *err) {
  in->base += (uint64_t)(in->end - in->buf);
  in->p = in->end = in->buf;
  in->buf[0] = 0;
  if (in->eof) return 0;
  if (GSAT_FLAG_IS_RAISED(in->stop)) return interrupted(in, err);
  ssize_t n;
  if (in->gzip) {
    n = inflate_some(in, err);
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
  if (in->zs_ready) inflateEnd(&in->zs);
  if (in->fd >= 0) close(in->fd);
  free(in->raw);
  free(in->buf);
  memset(in, 0, sizeof *in);
  in->fd = -1;
}
