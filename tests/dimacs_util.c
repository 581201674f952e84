/* Helpers shared by the DIMACS reader tests: see dimacs_util.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "dimacs_util.h"
#include "dimacs/generate.h"
#include "dimacs/write.h"

void tbuf_add(tbuf *b, const void *data, size_t n) {
  if (b->size + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->size + n + 1) cap *= 2;
    b->data = realloc(b->data, cap);
    assert_non_null(b->data);
    b->cap = cap;
  }
  if (n) memcpy(b->data + b->size, data, n);
  b->size += n;
  b->data[b->size] = 0;
}

void tbuf_addf(tbuf *b, const char *fmt, ...) {
  char tmp[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  assert_true(n >= 0 && (size_t)n < sizeof tmp);
  tbuf_add(b, tmp, (size_t)n);
}

void tbuf_free(tbuf *b) {
  free(b->data);
  memset(b, 0, sizeof *b);
}

const char *test_data_path(const char *name) {
  static char path[4][1024];
  static int slot;
  char *p = path[slot++ % 4];
  if (name[0] == '/')
    snprintf(p, 1024, "%s", name);
  else
    snprintf(p, 1024, "%s/tests/dimacs/%s", GSAT_SOURCE_DIR, name);
  return p;
}

tbuf test_read_file(const char *path) {
  tbuf b = {0};
  FILE *f = fopen(test_data_path(path), "rb");
  if (!f) fail_msg("cannot open %s: %s", test_data_path(path), strerror(errno));
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) tbuf_add(&b, chunk, n);
  fclose(f);
  tbuf_add(&b, "", 0);
  return b;
}

tbuf test_gzip(const void *data, size_t n) {
  return test_gzip_level(data, n, 6);
}

tbuf test_gzip_level(const void *data, size_t n, int level) {
  z_stream zs;
  memset(&zs, 0, sizeof zs);
  assert_int_equal(deflateInit2(&zs, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
  tbuf out = {0};
  size_t bound = deflateBound(&zs, (uLong)n) + 64;
  tbuf_add(&out, NULL, 0);
  out.data = realloc(out.data, bound);
  out.cap = bound;
  zs.next_in = (Bytef *)data;
  zs.avail_in = (uInt)n;
  zs.next_out = (Bytef *)out.data;
  zs.avail_out = (uInt)bound;
  assert_int_equal(deflate(&zs, Z_FINISH), Z_STREAM_END);
  out.size = zs.total_out;
  deflateEnd(&zs);
  return out;
}

static char temp_dir[512];
static char temp_files[64][1024];
static int temp_count;

void test_temp_cleanup(void) {
  for (int i = 0; i < temp_count && i < 64; i++) unlink(temp_files[i]);
  if (temp_dir[0]) rmdir(temp_dir);
  temp_count = 0;
  temp_dir[0] = 0;
}

const char *test_temp_file(const char *name, const void *data, size_t n) {
  char *dir = temp_dir;
  if (!dir[0]) {
    snprintf(dir, sizeof temp_dir, "%s/tests/tmp-dimacs-%ld", GSAT_BINARY_DIR, (long)getpid());
    mkdir(dir, 0777);
  }
  int slot = -1;
  for (int i = 0; i < temp_count; i++)
    if (strcmp(strrchr(temp_files[i], '/') + 1, name) == 0) slot = i;
  if (slot < 0) {
    assert_true(temp_count < 64);
    slot = temp_count++;
  }
  char *p = temp_files[slot];
  snprintf(p, 1024, "%s/%s", dir, name);
  FILE *f = fopen(p, "wb");
  if (!f) fail_msg("cannot create %s: %s", p, strerror(errno));
  assert_int_equal(fwrite(data, 1, n, f), n);
  assert_int_equal(fclose(f), 0);
  return p;
}

char *test_cnf_text(const gsat_cnf *cnf) {
  tbuf b = {0};
  tbuf_add(&b, "", 0);
  for (size_t c = 0; c < cnf->num_clauses; c++) {
    for (size_t i = cnf->clause_start[c]; i < cnf->clause_start[c + 1]; i++)
      tbuf_addf(&b, "%lld ", (long long)gsat_lit_to_dimacs(cnf->lits[i]));
    tbuf_add(&b, "0\n", 2);
  }
  return b.data;
}

typedef struct pipe_job {
  int fd;
  const char *data;
  size_t n, raise_after;
  gsat_flag *raise;
  pthread_t thread;
} pipe_job;

static void *feed(void *arg) {
  pipe_job *job = arg;
  size_t done = 0;
  while (done < job->n) {
    size_t k = job->n - done;
    if (k > 65536) k = 65536;
    if (job->raise && done < job->raise_after && done + k > job->raise_after)
      k = job->raise_after - done;
    ssize_t w = write(job->fd, job->data + done, k);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) break;
    done += (size_t)w;
    if (job->raise && done == job->raise_after) GSAT_FLAG_RAISE(job->raise);
  }
  close(job->fd);
  return NULL;
}

test_pipe test_pipe_start(const void *data, size_t n, gsat_flag *raise, size_t raise_after) {
  int fds[2];
  signal(SIGPIPE, SIG_IGN); /* the reader may close its end early */
  assert_int_equal(pipe(fds), 0);
  pipe_job *job = calloc(1, sizeof *job);
  assert_non_null(job);
  *job = (pipe_job){.fd = fds[1], .data = data, .n = n, .raise = raise, .raise_after = raise_after};
  assert_int_equal(pthread_create(&job->thread, NULL, feed, job), 0);
  return (test_pipe){.read_fd = fds[0], .thread = job};
}

void test_pipe_finish(test_pipe *tp) {
  pipe_job *job = tp->thread;
  close(tp->read_fd); /* unblocks the writer if the reader stopped early */
  pthread_join(job->thread, NULL);
  free(job);
}

void test_collect_warning(void *data, const char *file, uint64_t line, const char *message) {
  test_warnings *w = data;
  (void)file;
  if (w->count < 8) {
    w->line[w->count] = line;
    snprintf(w->text[w->count], sizeof w->text[0], "%s", message);
  }
  w->count++;
}

void test_expect_error(gsat_status st, const gsat_error *err, const gsat_cnf *cnf,
                       gsat_status status, const char *name, uint64_t line, uint64_t column,
                       const char *text) {
  if (st != status)
    fail_msg("expected status %s, got %s: %s", gsat_status_name(status), gsat_status_name(st),
             err->message);
  assert_int_equal(err->status, status);
  assert_int_equal(err->line, line);
  assert_int_equal(err->column, column);
  assert_string_equal(err->file, name);
  char prefix[1200];
  if (line)
    snprintf(prefix, sizeof prefix, "%s:%llu:%llu: ", name, (unsigned long long)line,
             (unsigned long long)column);
  else
    snprintf(prefix, sizeof prefix, "%s: ", name);
  if (strncmp(err->message, prefix, strlen(prefix)) != 0)
    fail_msg("message '%s' does not start with '%s'", err->message, prefix);
  if (!strstr(err->message, text))
    fail_msg("message '%s' does not contain '%s'", err->message, text);
  assert_int_equal(cnf->num_clauses, 0);
  assert_int_equal(cnf->num_lits, 0);
  assert_null(cnf->lits);
  assert_null(cnf->clause_start);
  assert_int_equal(cnf->declared_vars, 0);
}

/* A random 3-SAT formula as DIMACS text (about 12 bytes per clause). */
tbuf test_random_text(uint64_t vars, uint64_t clauses, uint64_t seed) {
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  gsat_error err;
  assert_int_equal(gsat_gen_rand(3, vars, clauses, seed, &cnf, &err), GSAT_OK);
  char *data = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&data, &size);
  assert_non_null(f);
  assert_int_equal(gsat_dimacs_write(f, &cnf, "random", &err), GSAT_OK);
  fclose(f);
  gsat_cnf_free(&cnf);
  tbuf b = {0};
  tbuf_add(&b, data, size);
  free(data);
  return b;
}

gsat_status test_read_mem(const tbuf *b, gsat_cnf *cnf, gsat_error *err) {
  gsat_cnf_init(cnf);
  return gsat_dimacs_read_memory(b->data, b->size, "mem", NULL, cnf, err);
}

gsat_status test_read_path(const char *path, gsat_cnf *cnf, gsat_error *err) {
  gsat_cnf_init(cnf);
  return gsat_dimacs_read_path(path, NULL, cnf, err);
}

void test_expect_text(gsat_status st, const gsat_error *err, gsat_cnf *cnf, const char *clauses) {
  if (st != GSAT_OK) fail_msg("%s", err->message);
  char *text = test_cnf_text(cnf);
  assert_string_equal(text, clauses);
  free(text);
  gsat_cnf_free(cnf);
}

void test_expect_clauses(const tbuf *b, uint64_t clauses) {
  gsat_cnf cnf;
  gsat_error err;
  assert_int_equal(test_read_mem(b, &cnf, &err), GSAT_OK);
  assert_int_equal(cnf.num_clauses, clauses);
  gsat_cnf_free(&cnf);
}

gsat_dimacs_options test_warn_options(gsat_dimacs_mode mode, test_warnings *w) {
  gsat_dimacs_options opt = {.mode = mode, .warn = test_collect_warning, .warn_data = w};
  return opt;
}
