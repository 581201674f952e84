/* Buffered byte input of the DIMACS reader: see input.h. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* memfd_create */
#endif

#include "input.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* zlib's own input buffer: fewer read() calls than its 8 KiB default. */
#define GZ_BUFFER_SIZE (1u << 18)

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
  in->name = name;
  in->stop = stop;
}

gsat_status gsat_dimacs_input_open_fd(gsat_dimacs_input *in, int fd,
                                      const char *name, const gsat_flag *stop,
                                      gsat_error *err) {
  init(in, name, stop);
  in->gz = gzdopen(fd, "rb");
  if (!in->gz) {
    int e = errno;
    close(fd);
    return gsat_dimacs_fail(err, e == ENOMEM ? GSAT_NOMEM : GSAT_IO, name, 0, 0,
                            "cannot open for reading: %s",
                            e ? strerror(e) : "zlib could not open it");
  }
  gzbuffer(in->gz, GZ_BUFFER_SIZE);
  gsat_status st = alloc_buffer(in, GSAT_DIMACS_CHUNK, err);
  if (st != GSAT_OK) gsat_dimacs_input_close(in, false, NULL);
  return st;
}

/* A file descriptor holding a copy of size bytes at data, positioned at 0. */
static int memory_file(const void *data, size_t size) {
#if defined(__linux__)
  int fd = memfd_create("gsat-dimacs", MFD_CLOEXEC);
#else
  FILE *tmp = tmpfile();
  int fd = tmp ? dup(fileno(tmp)) : -1;
  if (tmp) fclose(tmp);
#endif
  if (fd < 0) return -1;
  const char *q = data;
  while (size > 0) {
    ssize_t n = write(fd, q, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int e = errno;
      close(fd);
      errno = n < 0 ? e : EIO;
      return -1;
    }
    q += n;
    size -= (size_t)n;
  }
  if (lseek(fd, 0, SEEK_SET) != 0) {
    int e = errno;
    close(fd);
    errno = e;
    return -1;
  }
  return fd;
}

gsat_status gsat_dimacs_input_open_memory(gsat_dimacs_input *in,
                                          const void *data, size_t size,
                                          const char *name,
                                          const gsat_flag *stop,
                                          gsat_error *err) {
  const unsigned char *bytes = data;
  if (size >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b) {
    /* gzip magic: zlib decides everything else, exactly as for a file. */
    int fd = memory_file(data, size);
    if (fd < 0)
      return gsat_dimacs_fail(err, GSAT_IO, name, 0, 0,
                              "cannot buffer gzip data: %s", strerror(errno));
    return gsat_dimacs_input_open_fd(in, fd, name, stop, err);
  }
  /* Plain data (gzread would pass it through unchanged): copy chunks. */
  init(in, name, stop);
  in->mem = bytes;
  in->mem_left = size;
  return alloc_buffer(in, size < GSAT_DIMACS_CHUNK ? size : GSAT_DIMACS_CHUNK,
                      err);
}

/* After the last gzread: zlib's verdict on the stream (Z_BUF_ERROR: input
 * ended inside a gzip member; negative: corrupt data or a read error). */
static int gz_check(gsat_dimacs_input *in, gsat_error *err) {
  int code = Z_OK;
  const char *text = gzerror(in->gz, &code);
  if (code == Z_OK || code == Z_STREAM_END) return 0;
  if (code == Z_BUF_ERROR)
    gsat_dimacs_fail(err, GSAT_IO, in->name, 0, 0,
                     "truncated gzip data: the input ends inside a gzip "
                     "member (%s)",
                     text);
  else if (code == Z_ERRNO)
    gsat_dimacs_fail(err, GSAT_IO, in->name, 0, 0, "read error: %s",
                     strerror(errno));
  else if (code == Z_MEM_ERROR)
    gsat_dimacs_fail(err, GSAT_NOMEM, in->name, 0, 0,
                     "out of memory in zlib: %s", text);
  else
    gsat_dimacs_fail(err, GSAT_IO, in->name, 0, 0, "corrupt gzip data: %s",
                     text);
  return -1;
}

int gsat_dimacs_input_refill(gsat_dimacs_input *in, gsat_error *err) {
  in->base += (uint64_t)(in->end - in->buf);
  in->p = in->end = in->buf;
  in->buf[0] = 0;
  if (in->eof) return 0;
  if (GSAT_FLAG_IS_RAISED(in->stop)) {
    gsat_dimacs_fail(err, GSAT_INTERRUPTED, in->name, 0, 0,
                     "interrupted while reading");
    return -1;
  }
  size_t n;
  if (in->gz) {
    int got = gzread(in->gz, in->buf, (unsigned)in->size);
    if (gz_check(in, err) < 0) return -1;
    if (got < 0) {
      gsat_dimacs_fail(err, GSAT_IO, in->name, 0, 0, "read error");
      return -1;
    }
    n = (size_t)got;
  } else {
    n = in->mem_left < in->size ? in->mem_left : in->size;
    if (n) memcpy(in->buf, in->mem, n);
    in->mem += n;
    in->mem_left -= n;
  }
  if (n == 0) {
    in->eof = true;
    return 0;
  }
  in->end = in->buf + n;
  in->buf[n] = 0;
  return 1;
}

gsat_status gsat_dimacs_input_close(gsat_dimacs_input *in, bool check,
                                    gsat_error *err) {
  gsat_status st = GSAT_OK;
  if (in->gz) {
    int code = gzclose(in->gz);
    if (check && code != Z_OK)
      st = gsat_dimacs_fail(err, GSAT_IO, in->name, 0, 0,
                            code == Z_BUF_ERROR ? "truncated gzip data"
                                                : "error closing the input");
  }
  free(in->buf);
  memset(in, 0, sizeof *in);
  return st;
}
