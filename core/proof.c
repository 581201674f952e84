/* DRAT proof writer: see proof.h.  The binary encoding follows drat-trim's
 * reader (marijnheule/drat-trim, "binary DRAT"); the code is gsat's. */
#include "core/proof.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Worst case bytes of one literal (text: "-2147483648 "; binary: 5) plus the
 * clause's header or terminator. */
#define PROOF_SLACK 16

static gsat_status proof_init(gsat_proof *p, FILE *file, int fd, int own, gsat_proof_format format,
                              gsat_error *err) {
  memset(p, 0, sizeof *p);
  p->file = file;
  p->fd = fd;
  p->own = own;
  p->format = format;
  struct stat st;
  p->pipe = fd >= 0 && fstat(fd, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode));
  gsat_error_clear(&p->err);
  p->buf = malloc(GSAT_PROOF_BUFFER);
  GSAT_RETURN_IF(!p->buf, err, NOMEM, "out of memory for the proof buffer");
  if (pthread_mutex_init(&p->lock, NULL) != 0) {
    free(p->buf);
    p->buf = NULL;
    return gsat_error_set(err, GSAT_NOMEM, "cannot create the proof lock");
  }
  return GSAT_OK;
}

gsat_status gsat_proof_open_file(gsat_proof *p, FILE *file, gsat_proof_format format,
                                 gsat_error *err) {
  return proof_init(p, file, -1, 0, format, err);
}

gsat_status gsat_proof_open_fd(gsat_proof *p, int fd, gsat_proof_format format, gsat_error *err) {
  return proof_init(p, NULL, fd, 0, format, err);
}

gsat_status gsat_proof_open_path(gsat_proof *p, const char *path, gsat_proof_format format,
                                 gsat_error *err) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0 && errno == EINTR) /* a FIFO with no reader yet, and a stop signal */
    return gsat_error_set(err, GSAT_INTERRUPTED, "interrupted while opening the proof file '%s'",
                          path);
  if (fd < 0)
    return gsat_error_set(err, GSAT_IO, "cannot create proof file '%s': %s", path, strerror(errno));
  gsat_status st = proof_init(p, NULL, fd, 1, format, err);
  if (st != GSAT_OK) close(fd);
  return st;
}

void gsat_proof_set_map(gsat_proof *p, const gsat_var *ext_var, uint32_t num_vars) {
  p->ext_var = ext_var;
  p->num_vars = num_vars;
  p->fresh = ext_var && num_vars ? (uint64_t)ext_var[num_vars - 1] + 1 : 0;
}

void gsat_proof_set_fresh(gsat_proof *p, uint64_t first) {
  p->fresh = first;
}

/* SIGPIPE is held off (blocked in the calling thread) while the buffer is
 * written, so that a reader that closed the proof's pipe or FIFO makes the
 * write fail with EPIPE, an I/O error with a message, instead of ending the
 * process without one; standard output keeps SIGPIPE's default action
 * (`gsat f.cnf | head` ends quietly).  The SIGPIPE such a write raised is
 * taken back before the mask is restored, unless one was pending before. */
typedef struct sigpipe_hold {
  sigset_t old, pipe;
  int pending; /* a SIGPIPE was pending before: it is not taken */
} sigpipe_hold;

static void hold_sigpipe(sigpipe_hold *h) {
  sigset_t pending;
  sigemptyset(&h->pipe);
  sigaddset(&h->pipe, SIGPIPE);
  h->pending = sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) == 1;
  pthread_sigmask(SIG_BLOCK, &h->pipe, &h->old);
}

static void release_sigpipe(sigpipe_hold *h, int broken) {
  if (broken && !h->pending) {
    const struct timespec now = {0, 0};
    while (sigtimedwait(&h->pipe, NULL, &now) < 0 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &h->old, NULL);
}

/* The search was asked to stop by someone else (a signal, a limit, the
 * caller), not by this proof's own error. */
static int stop_asked(const gsat_proof *p) {
  return p->stop && !p->raised && GSAT_FLAG_IS_RAISED(p->stop);
}

/* A pipe, FIFO or socket: waits (poll, 100 ms at a time) until fd takes
 * PIPE_BUF bytes without blocking, so that a reader that stopped reading
 * cannot hold the search once it was asked to stop.  Returns 0 when fd is
 * ready (or in error: the write reports it), 1 when the stop came first, -1
 * with errno when poll failed. */
static int wait_writable(const gsat_proof *p) {
  for (;;) {
    struct pollfd pf = {p->fd, POLLOUT, 0};
    const int r = poll(&pf, 1, 100);
    if (r > 0) return 0;
    if (r < 0 && errno != EINTR) return -1;
    if (stop_asked(p)) return 1;
  }
}

/* Writes the buffer out; on failure records the first error. */
static gsat_status write_out(gsat_proof *p) {
  size_t done = 0;
  while (done < p->len) {
    size_t wrote;
    if (p->file) {
      wrote = fwrite(p->buf + done, 1, p->len - done, p->file);
      if (wrote == 0) {
        int e = errno;
        return gsat_error_set(&p->err, GSAT_IO, "cannot write the proof: %s",
                              e ? strerror(e) : "write error");
      }
    } else {
      size_t chunk = p->len - done;
      if (p->pipe) {
        const int ready = wait_writable(p);
        if (ready > 0)
          return gsat_error_set(&p->err, GSAT_IO,
                                "cannot write the proof: the search was "
                                "stopped while its reader was not reading (the proof is cut)");
        if (ready < 0)
          return gsat_error_set(&p->err, GSAT_IO, "cannot write the proof: %s", strerror(errno));
        if (chunk > PIPE_BUF) chunk = PIPE_BUF; /* POLLOUT: PIPE_BUF bytes fit */
      }
      ssize_t w = write(p->fd, p->buf + done, chunk);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0)
        return gsat_error_set(&p->err, GSAT_IO, "cannot write the proof: %s",
                              w < 0 ? strerror(errno) : "nothing written");
      wrote = (size_t)w;
    }
    done += wrote;
    p->bytes += wrote;
  }
  p->len = 0;
  return GSAT_OK;
}

void gsat_proof_stop_on_error(gsat_proof *p, gsat_flag *stop) {
  p->stop = stop;
}

/* A write failed: the search is to stop (gsat_proof_stop_on_error). */
static void stop_search(gsat_proof *p) {
  if (!p->stop || p->raised || GSAT_FLAG_IS_RAISED(p->stop)) return;
  GSAT_FLAG_RAISE(p->stop);
  p->raised = 1;
}

/* Hands the buffer to the output (write_out) with SIGPIPE held off. */
static gsat_status drain(gsat_proof *p) {
  sigpipe_hold h;
  hold_sigpipe(&h);
  gsat_status st = write_out(p);
  release_sigpipe(&h, st != GSAT_OK);
  if (st != GSAT_OK) stop_search(p);
  return st;
}

static size_t put_binary(unsigned char *out, int64_t d) {
  uint64_t u = 2 * (uint64_t)(d < 0 ? -d : d) + (d < 0);
  size_t k = 0;
  do {
    unsigned char b = (unsigned char)(u & 127);
    u >>= 7;
    out[k++] = u ? (unsigned char)(b | 128) : b;
  } while (u);
  return k;
}

static size_t put_text(unsigned char *out, int64_t d) {
  char digits[24];
  size_t n = 0, k = 0;
  uint64_t u = (uint64_t)(d < 0 ? -d : d);
  do {
    digits[n++] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (d < 0) out[k++] = '-';
  while (n) out[k++] = (unsigned char)digits[--n];
  out[k++] = ' ';
  return k;
}

/* DIMACS literal of entry i of lits (internal literals mapped, or DIMACS). */
static int64_t dimacs_of(const gsat_proof *p, const void *lits, size_t i, int dimacs) {
  if (dimacs) return ((const int64_t *)lits)[i];
  gsat_lit l = ((const gsat_lit *)lits)[i];
  gsat_var v = GSAT_VAR(l);
  const int mapped = p->ext_var && v < p->num_vars, fresh = p->ext_var && !mapped;
  int64_t ext = (int64_t)(mapped ? p->ext_var[v] : fresh ? p->fresh + (v - p->num_vars) : v) + 1;
  return GSAT_SIGN(l) ? -ext : ext;
}

/* Appends one clause; the caller holds the lock. */
static gsat_status append_locked(gsat_proof *p, int deletion, const void *lits, size_t n,
                                 int dimacs) {
  if (p->err.status != GSAT_OK) return p->err.status;
  if (!p->buf) return gsat_error_set(&p->err, GSAT_INTERNAL, "proof used after close");
  int text = p->format == GSAT_PROOF_TEXT;
  if (p->len + PROOF_SLACK > GSAT_PROOF_BUFFER) GSAT_FORWARD(drain(p));
  if (text) {
    if (deletion) {
      p->buf[p->len++] = 'd';
      p->buf[p->len++] = ' ';
    }
  } else {
    p->buf[p->len++] = deletion ? 'd' : 'a';
  }
  for (size_t i = 0; i < n; i++) {
    if (p->len + PROOF_SLACK > GSAT_PROOF_BUFFER) GSAT_FORWARD(drain(p));
    int64_t d = dimacs_of(p, lits, i, dimacs);
    assert(d != 0 && d <= GSAT_MAX_DIMACS_VAR && -d <= GSAT_MAX_DIMACS_VAR);
    p->len += text ? put_text(p->buf + p->len, d) : put_binary(p->buf + p->len, d);
  }
  if (text) {
    p->buf[p->len++] = '0';
    p->buf[p->len++] = '\n';
  } else {
    p->buf[p->len++] = 0;
  }
  if (deletion)
    p->deleted++;
  else
    p->added++;
  return GSAT_OK;
}

static gsat_status append(gsat_proof *p, int deletion, const void *lits, size_t n, int dimacs) {
  pthread_mutex_lock(&p->lock);
  gsat_status st = append_locked(p, deletion, lits, n, dimacs);
  pthread_mutex_unlock(&p->lock);
  return st;
}

gsat_status gsat_proof_add(gsat_proof *p, const gsat_lit *lits, size_t n) {
  return append(p, 0, lits, n, 0);
}

gsat_status gsat_proof_delete(gsat_proof *p, const gsat_lit *lits, size_t n) {
  return append(p, 1, lits, n, 0);
}

gsat_status gsat_proof_add_dimacs(gsat_proof *p, const int64_t *lits, size_t n) {
  return append(p, 0, lits, n, 1);
}

gsat_status gsat_proof_delete_dimacs(gsat_proof *p, const int64_t *lits, size_t n) {
  return append(p, 1, lits, n, 1);
}

/* Drains and flushes a FILE; the caller holds the lock. */
static gsat_status flush_locked(gsat_proof *p) {
  if (p->err.status != GSAT_OK) return p->err.status;
  GSAT_FORWARD(drain(p));
  if (!p->file) return GSAT_OK;
  sigpipe_hold h;
  hold_sigpipe(&h);
  const int failed = fflush(p->file) != 0, e = errno;
  release_sigpipe(&h, failed);
  if (!failed) return GSAT_OK;
  stop_search(p);
  return gsat_error_set(&p->err, GSAT_IO, "cannot write the proof: %s", strerror(e));
}

static gsat_status report(const gsat_proof *p, gsat_error *err) {
  if (p->err.status != GSAT_OK && err) *err = p->err;
  return p->err.status;
}

gsat_status gsat_proof_flush(gsat_proof *p, gsat_error *err) {
  pthread_mutex_lock(&p->lock);
  flush_locked(p);
  gsat_status st = report(p, err);
  pthread_mutex_unlock(&p->lock);
  return st;
}

gsat_status gsat_proof_close(gsat_proof *p, gsat_error *err) {
  if (!p->buf) return report(p, err);
  flush_locked(p);
  if (p->own && p->file && fclose(p->file) != 0 && p->err.status == GSAT_OK)
    gsat_error_set(&p->err, GSAT_IO, "cannot close the proof: %s", strerror(errno));
  if (p->own && p->fd >= 0 && close(p->fd) != 0 && p->err.status == GSAT_OK)
    gsat_error_set(&p->err, GSAT_IO, "cannot close the proof: %s", strerror(errno));
  p->file = NULL;
  p->fd = -1;
  free(p->buf);
  p->buf = NULL;
  pthread_mutex_destroy(&p->lock);
  return report(p, err);
}

static void sink_add(void *data, const gsat_lit *lits, uint32_t n) {
  gsat_proof_add(data, lits, n);
}

static void sink_del(void *data, const gsat_lit *lits, uint32_t n) {
  gsat_proof_delete(data, lits, n);
}

gsat_proof_sink gsat_proof_sink_of(gsat_proof *p) {
  gsat_proof_sink sink = {sink_add, sink_del, p};
  return sink;
}
