/* DRAT proof writer (core/proof.h): exact bytes of both formats, the
 * variable map, proofs checked by drat-trim (a hand-written resolution
 * refutation, and the refutation a small DPLL tree yields, with deletions), a
 * proof cut to its first half rejected, write errors (a full disk, a closed
 * descriptor) reported and sticky, and several threads appending to one log. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/proof.h"
#include "tests/test_tmpdir.h"

/* ---- helpers ---------------------------------------------------------- */

static const char *tmp_path(const char *name) {
  static char path[4][256];
  static int next;
  char *p = path[next++ & 3];
  snprintf(p, 256, "%s/%s", test_tmpdir, name);
  return p;
}

/* Asserts that the calls made by fill(p) write exactly the n bytes want in
 * format (through open_memstream). */
typedef void (*fill_fn)(gsat_proof *p);
static void expect_proof_bytes(gsat_proof_format format, fill_fn fill, const void *want, size_t n) {
  char *buf = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&buf, &size);
  assert_non_null(f);
  gsat_proof p;
  assert_int_equal(gsat_proof_open_file(&p, f, format, NULL), GSAT_OK);
  fill(&p);
  assert_int_equal(gsat_proof_close(&p, NULL), GSAT_OK);
  assert_int_equal(fclose(f), 0);
  assert_int_equal(size, n);
  assert_memory_equal(buf, want, n);
  free(buf);
}

static int have_drat_trim(void) {
  if (GSAT_DRAT_TRIM[0] && access(GSAT_DRAT_TRIM, X_OK) == 0) return 1;
  print_message("drat-trim not built (../shared/tools/drat-trim absent): "
                "proof check skipped\n");
  return 0;
}

/* 1 when drat-trim verifies proof against cnf (both paths). */
static int drat_verifies(const char *cnf, const char *proof) {
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "'%s' '%s' '%s' 2>&1", GSAT_DRAT_TRIM, cnf, proof);
  FILE *out = popen(cmd, "r");
  assert_non_null(out);
  char line[512];
  int verified = 0, rejected = 0;
  while (fgets(line, sizeof line, out)) {
    const char *s = line + strspn(line, "\r"); /* drat-trim starts lines with \r */
    if (strncmp(s, "s VERIFIED", 10) == 0) verified = 1;
    if (strncmp(s, "s NOT VERIFIED", 14) == 0) rejected = 1;
  }
  pclose(out);
  assert_false(verified && rejected);
  return verified;
}

/* A formula in DIMACS written to path; clauses as 0-terminated rows. */
static void write_cnf(const char *path, int vars, const int *rows, int nrows) {
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fprintf(f, "p cnf %d %d\n", vars, nrows);
  for (int i = 0; i < nrows; i++) {
    while (*rows) fprintf(f, "%d ", *rows++);
    rows++;
    fprintf(f, "0\n");
  }
  assert_int_equal(fclose(f), 0);
}

/* ---- encoding ----------------------------------------------------------- */

static void fill_small(gsat_proof *p) {
  const int64_t c1[] = {1, -2};
  const int64_t c2[] = {100, -2147483647};
  assert_int_equal(gsat_proof_add_dimacs(p, c1, 2), GSAT_OK);
  assert_int_equal(gsat_proof_delete_dimacs(p, c2, 2), GSAT_OK);
  assert_int_equal(gsat_proof_add_dimacs(p, NULL, 0), GSAT_OK);
  assert_int_equal(p->added, 2);
  assert_int_equal(p->deleted, 1);
}

static void test_binary_bytes(void **state) {
  (void)state;
  /* 1 -> 2, -2 -> 5, 100 -> 200 = 0xc8 0x01, -(2^31-1) -> 2^32 - 1 =
   * 0xff 0xff 0xff 0xff 0x0f */
  const unsigned char want[] = {'a',  2,    5,    0,    'd', 0xc8, 0x01, 0xff,
                                0xff, 0xff, 0xff, 0x0f, 0,   'a',  0};
  expect_proof_bytes(GSAT_PROOF_BINARY, fill_small, want, sizeof want);
}

static void test_text_bytes(void **state) {
  (void)state;
  const char *want = "1 -2 0\nd 100 -2147483647 0\n0\n";
  expect_proof_bytes(GSAT_PROOF_TEXT, fill_small, want, strlen(want));
}

static const gsat_var sparse_map[] = {6, 0, 41};

static void fill_mapped(gsat_proof *p) {
  gsat_proof_set_map(p, sparse_map, 3);
  const gsat_lit c[] = {GSAT_LIT(0, 1), GSAT_LIT(1, 0), GSAT_LIT(2, 1)};
  assert_int_equal(gsat_proof_add(p, c, 3), GSAT_OK);
  assert_int_equal(gsat_proof_delete(p, c + 1, 1), GSAT_OK);
  gsat_proof_set_map(p, NULL, 0);
  assert_int_equal(gsat_proof_add(p, c, 3), GSAT_OK);
}

static void test_map(void **state) {
  (void)state;
  const char *want = "-7 1 -42 0\nd 1 0\n-1 2 -3 0\n";
  expect_proof_bytes(GSAT_PROOF_TEXT, fill_mapped, want, strlen(want));
}

/* Internal variables past the map (bounded variable addition's fresh ones)
 * follow the map's last external variable, or gsat_proof_set_fresh's. */
static void fill_fresh(gsat_proof *p) {
  static const gsat_var ascending[] = {0, 6, 41};
  gsat_proof_set_map(p, ascending, 3);
  const gsat_lit c[] = {GSAT_LIT(3, 0), GSAT_LIT(2, 1), GSAT_LIT(4, 1)};
  assert_int_equal(gsat_proof_add(p, c, 3), GSAT_OK);
  gsat_proof_set_fresh(p, 99);
  assert_int_equal(gsat_proof_delete(p, c, 3), GSAT_OK);
}

static void test_fresh(void **state) {
  (void)state;
  const char *want = "43 -42 -44 0\nd 100 -42 -101 0\n";
  expect_proof_bytes(GSAT_PROOF_TEXT, fill_fresh, want, strlen(want));
}

/* A clause longer than the buffer is split across writes, not truncated. */
static void test_long_clause(void **state) {
  (void)state;
  size_t len = 3 * GSAT_PROOF_BUFFER / 5 + 7;
  int64_t *lits = malloc(len * sizeof *lits);
  assert_non_null(lits);
  for (size_t i = 0; i < len; i++) lits[i] = (int64_t)(i + 1000000) * (i & 1 ? -1 : 1);
  const char *path = tmp_path("long.drat");
  gsat_proof p;
  assert_int_equal(gsat_proof_open_path(&p, path, GSAT_PROOF_TEXT, NULL), GSAT_OK);
  assert_int_equal(gsat_proof_add_dimacs(&p, lits, len), GSAT_OK);
  assert_int_equal(gsat_proof_close(&p, NULL), GSAT_OK);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  for (size_t i = 0; i < len; i++) {
    long long d;
    assert_int_equal(fscanf(f, "%lld", &d), 1);
    assert_int_equal(d, lits[i]);
  }
  long long z = 1;
  assert_int_equal(fscanf(f, "%lld", &z), 1);
  assert_int_equal(z, 0);
  assert_int_equal(fscanf(f, "%lld", &z), EOF);
  fclose(f);
  free(lits);
}

/* ---- drat-trim checks ---------------------------------------------------- */

/* (x1 v x2)(x1 v -x2)(-x1 v x2)(-x1 v -x2): resolving the first two gives x1,
 * the last two -x1, and then the empty clause. */
static const int four_rows[] = {1, 2, 0, 1, -2, 0, -1, 2, 0, -1, -2, 0};

static void fill_four(gsat_proof *p) {
  const int64_t x1[] = {1};
  assert_int_equal(gsat_proof_add_dimacs(p, x1, 1), GSAT_OK);
  assert_int_equal(gsat_proof_add_dimacs(p, NULL, 0), GSAT_OK);
}

static void fill_four_wrong(gsat_proof *p) {
  /* without the lemma x1 (and with x1 v x2 deleted) the empty clause is not
   * RUP: unit propagation on the formula alone finds no conflict */
  const int64_t x2[] = {2, 1};
  assert_int_equal(gsat_proof_delete_dimacs(p, x2, 2), GSAT_OK);
  assert_int_equal(gsat_proof_add_dimacs(p, NULL, 0), GSAT_OK);
}

static void check_format(gsat_proof_format format, fill_fn fill, const char *cnf, int expect) {
  const char *path = tmp_path(format == GSAT_PROOF_TEXT ? "p.txt" : "p.bin");
  gsat_proof p;
  gsat_error err;
  assert_int_equal(gsat_proof_open_path(&p, path, format, &err), GSAT_OK);
  fill(&p);
  assert_int_equal(gsat_proof_close(&p, &err), GSAT_OK);
  assert_int_equal(drat_verifies(cnf, path), expect);
}

static void test_resolution_refutation(void **state) {
  (void)state;
  if (!have_drat_trim()) skip();
  const char *cnf = tmp_path("four.cnf");
  write_cnf(cnf, 2, four_rows, 4);
  check_format(GSAT_PROOF_BINARY, fill_four, cnf, 1);
  check_format(GSAT_PROOF_TEXT, fill_four, cnf, 1);
  check_format(GSAT_PROOF_BINARY, fill_four_wrong, cnf, 0);
  check_format(GSAT_PROOF_TEXT, fill_four_wrong, cnf, 0);
}

/* Pigeonhole 4 into 3 over sparse external variables: internal variable
 * 3 * i + j (pigeon i in hole j) is external variable 5 * (3 * i + j) + 3. */
enum { PIGEONS = 4, HOLES = 3, PHP_VARS = PIGEONS * HOLES };
static gsat_var php_map[PHP_VARS];
static gsat_lit php_clause[64][PIGEONS];
static int php_len[64], php_count;

static void php_build(void) {
  php_count = 0;
  for (int v = 0; v < PHP_VARS; v++) php_map[v] = (gsat_var)(5 * v + 3);
  for (int i = 0; i < PIGEONS; i++) {
    for (int j = 0; j < HOLES; j++) php_clause[php_count][j] = GSAT_LIT(HOLES * i + j, 0);
    php_len[php_count++] = HOLES;
  }
  for (int j = 0; j < HOLES; j++)
    for (int a = 0; a < PIGEONS; a++)
      for (int b = a + 1; b < PIGEONS; b++) {
        php_clause[php_count][0] = GSAT_LIT(HOLES * a + j, 1);
        php_clause[php_count][1] = GSAT_LIT(HOLES * b + j, 1);
        php_len[php_count++] = 2;
      }
}

static void php_write_cnf(const char *path) {
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fprintf(f, "p cnf %u %d\n", php_map[PHP_VARS - 1] + 1, php_count);
  for (int c = 0; c < php_count; c++) {
    for (int k = 0; k < php_len[c]; k++) {
      gsat_lit l = php_clause[c][k];
      long d = (long)php_map[GSAT_VAR(l)] + 1;
      fprintf(f, "%ld ", GSAT_SIGN(l) ? -d : d);
    }
    fprintf(f, "0\n");
  }
  assert_int_equal(fclose(f), 0);
}

/* value[v]: 0 unassigned, 1 true, 2 false; a clause is falsified when every
 * literal is assigned false. */
static int falsified(const signed char *value) {
  for (int c = 0; c < php_count; c++) {
    int all = 1;
    for (int k = 0; k < php_len[c] && all; k++) {
      gsat_lit l = php_clause[c][k];
      int val = value[GSAT_VAR(l)];
      all = val && ((val == 1) == (GSAT_SIGN(l) == 1));
    }
    if (all) return 1;
  }
  return 0;
}

/* DPLL without propagation in variable order: each refuted node's negated
 * decisions are a RUP lemma once both children's lemmas are in (children
 * before parents), the root's is the empty clause; the children's lemmas are
 * deleted after the parent's.  path holds the decisions as literals. */
static void dpll_refute(gsat_proof *p, signed char *value, gsat_lit *path, int depth) {
  gsat_lit lemma[PHP_VARS];
  for (int k = 0; k < depth; k++) lemma[k] = GSAT_NOT(path[k]);
  if (!falsified(value)) {
    assert_true(depth < PHP_VARS); /* php is UNSAT: no full assignment */
    for (int sign = 0; sign < 2; sign++) {
      value[depth] = sign ? 2 : 1;
      path[depth] = GSAT_LIT(depth, sign);
      dpll_refute(p, value, path, depth + 1);
    }
    value[depth] = 0;
  }
  assert_int_equal(gsat_proof_add(p, lemma, (size_t)depth), GSAT_OK);
  if (!falsified(value) && depth < PHP_VARS) {
    for (int sign = 0; sign < 2; sign++) {
      lemma[depth] = GSAT_LIT(depth, !sign);
      assert_int_equal(gsat_proof_delete(p, lemma, (size_t)depth + 1), GSAT_OK);
    }
  }
}

static void fill_php(gsat_proof *p) {
  signed char value[PHP_VARS] = {0};
  gsat_lit path[PHP_VARS];
  gsat_proof_set_map(p, php_map, PHP_VARS);
  dpll_refute(p, value, path, 0);
  assert_true(p->added > 100);
  assert_true(p->deleted > 100);
}

/* Truncates the file at path to half its length. */
static void cut_half(const char *path) {
  struct stat st;
  assert_int_equal(stat(path, &st), 0);
  assert_true(st.st_size > 100);
  assert_int_equal(truncate(path, st.st_size / 2), 0);
}

static void test_dpll_refutation_and_cut(void **state) {
  (void)state;
  if (!have_drat_trim()) skip();
  php_build();
  const char *cnf = tmp_path("php.cnf");
  php_write_cnf(cnf);
  for (int format = 0; format < 2; format++) {
    check_format((gsat_proof_format)format, fill_php, cnf, 1);
    const char *path = tmp_path(format == GSAT_PROOF_TEXT ? "p.txt" : "p.bin");
    cut_half(path);
    assert_int_equal(drat_verifies(cnf, path), 0);
  }
}

/* ---- errors ----------------------------------------------------------------- */

static void add_many(gsat_proof *p, int count, gsat_status *last) {
  const int64_t c[] = {123456, -7, 99};
  for (int i = 0; i < count; i++) *last = gsat_proof_add_dimacs(p, c, 3);
}

static void test_disk_full(void **state) {
  (void)state;
  if (access("/dev/full", W_OK) != 0) skip();
  /* a descriptor: the error comes when the buffer is first written out */
  gsat_proof p;
  gsat_error err;
  gsat_status last = GSAT_OK;
  assert_int_equal(gsat_proof_open_path(&p, "/dev/full", GSAT_PROOF_BINARY, &err), GSAT_OK);
  add_many(&p, 10, &last);
  assert_int_equal(last, GSAT_OK); /* still buffered */
  assert_int_equal(gsat_proof_flush(&p, &err), GSAT_IO);
  assert_non_null(strstr(err.message, strerror(ENOSPC)));
  add_many(&p, 1, &last);
  assert_int_equal(last, GSAT_IO); /* sticky */
  gsat_error_clear(&err);
  assert_int_equal(gsat_proof_close(&p, &err), GSAT_IO);
  assert_int_equal(err.status, GSAT_IO);

  /* a FILE, more clauses than one buffer: add itself fails */
  FILE *f = fopen("/dev/full", "w");
  assert_non_null(f);
  assert_int_equal(gsat_proof_open_file(&p, f, GSAT_PROOF_TEXT, &err), GSAT_OK);
  add_many(&p, 100000, &last);
  assert_int_equal(last, GSAT_IO);
  assert_int_equal(gsat_proof_close(&p, &err), GSAT_IO);
  fclose(f);
}

/* A proof to a pipe without a reader: closing it (the first write) is an
 * I/O error naming EPIPE. */
static void expect_broken_pipe(void) {
  int fds[2];
  assert_int_equal(pipe(fds), 0);
  close(fds[0]); /* no reader: write fails with EPIPE */
  gsat_proof p;
  gsat_error err;
  gsat_status last;
  assert_int_equal(gsat_proof_open_fd(&p, fds[1], GSAT_PROOF_BINARY, &err), GSAT_OK);
  add_many(&p, 3, &last);
  assert_int_equal(gsat_proof_close(&p, &err), GSAT_IO);
  assert_non_null(strstr(err.message, strerror(EPIPE)));
  close(fds[1]);
}

static void test_bad_descriptor_and_path(void **state) {
  (void)state;
  signal(SIGPIPE, SIG_IGN);
  expect_broken_pipe();

  gsat_proof p;
  gsat_error err;
  const char *path = tmp_path("no/such/dir.drat");
  assert_int_equal(gsat_proof_open_path(&p, path, GSAT_PROOF_BINARY, &err), GSAT_IO);
  assert_non_null(strstr(err.message, path));
}

/* A pipe whose reader is gone, SIGPIPE at its default action (which would
 * end the test): the writer holds SIGPIPE off while it writes, so the write
 * is an I/O error naming EPIPE; afterwards no SIGPIPE is pending and the
 * thread's signal mask is as before. */
static void test_broken_pipe_default_sigpipe(void **state) {
  (void)state;
  void (*old)(int) = signal(SIGPIPE, SIG_DFL);
  expect_broken_pipe();
  sigset_t pending, mask;
  assert_int_equal(sigpending(&pending), 0);
  assert_int_equal(sigismember(&pending, SIGPIPE), 0);
  assert_int_equal(pthread_sigmask(SIG_SETMASK, NULL, &mask), 0);
  assert_int_equal(sigismember(&mask, SIGPIPE), 0);
  signal(SIGPIPE, old);
}

/* A pipe whose reader never reads (its capacity fills): while the search's
 * stop flag is down the writer waits; once it is raised (by a signal, not by
 * the proof) the blocked write ends with an I/O error that says the proof is
 * cut, and the proof does not count the stop as its own. */
static void test_stalled_reader_and_stop(void **state) {
  (void)state;
  int fds[2];
  assert_int_equal(pipe(fds), 0);
  gsat_proof p;
  gsat_error err;
  gsat_status last = GSAT_OK;
  gsat_flag stop = 0;
  assert_int_equal(gsat_proof_open_fd(&p, fds[1], GSAT_PROOF_TEXT, &err), GSAT_OK);
  assert_int_equal(p.pipe, 1);
  gsat_proof_stop_on_error(&p, &stop);
  GSAT_FLAG_RAISE(&stop);      /* the stop came first: the first blocked write gives up */
  add_many(&p, 200000, &last); /* 3.2 MB of text: far beyond the pipe's 64 KiB */
  assert_int_equal(last, GSAT_IO);
  assert_int_equal(gsat_proof_close(&p, &err), GSAT_IO);
  assert_non_null(strstr(err.message, "not reading"));
  assert_int_equal(p.raised, 0);
  /* the pipe took what fitted before the stall (at most its capacity) */
  int pending = 0;
  assert_int_equal(ioctl(fds[0], FIONREAD, &pending), 0);
  assert_true(pending > 0 && pending <= 1 << 20);
  close(fds[0]);
  close(fds[1]);
}

/* ---- several threads -------------------------------------------------------- */

enum { WRITERS = 4, PER_WRITER = 5000 };

static gsat_proof shared_proof;

/* Writer t appends clauses (t+1, i+1, -(i+2), ...) of length 2 + i % 5. */
static void *writer(void *arg) {
  int t = (int)(intptr_t)arg;
  int64_t c[8];
  for (int i = 0; i < PER_WRITER; i++) {
    int len = 2 + i % 5;
    c[0] = t + 1;
    for (int k = 1; k < len; k++) c[k] = (k & 1 ? 1 : -1) * (int64_t)(i + k);
    gsat_status st = i % 7 == 3 ? gsat_proof_delete_dimacs(&shared_proof, c, (size_t)len)
                                : gsat_proof_add_dimacs(&shared_proof, c, (size_t)len);
    if (st != GSAT_OK) return (void *)1;
  }
  return NULL;
}

static void test_threads_one_log(void **state) {
  (void)state;
  const char *path = tmp_path("threads.txt");
  gsat_error err;
  assert_int_equal(gsat_proof_open_path(&shared_proof, path, GSAT_PROOF_TEXT, &err), GSAT_OK);
  pthread_t th[WRITERS];
  for (int t = 0; t < WRITERS; t++)
    assert_int_equal(pthread_create(&th[t], NULL, writer, (void *)(intptr_t)t), 0);
  for (int t = 0; t < WRITERS; t++) {
    void *ret;
    pthread_join(th[t], &ret);
    assert_null(ret);
  }
  assert_int_equal(shared_proof.added + shared_proof.deleted, WRITERS * PER_WRITER);
  assert_int_equal(gsat_proof_close(&shared_proof, &err), GSAT_OK);

  /* every line is one whole clause of one writer, in that writer's order */
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  int next[WRITERS] = {0};
  char line[256];
  while (fgets(line, sizeof line, f)) {
    char *s = line;
    int del = 0;
    if (s[0] == 'd') del = 1, s += 2;
    long v[16];
    int n = 0, used;
    while (n < 16 && sscanf(s, "%ld%n", &v[n], &used) == 1) s += used, n++;
    assert_true(n >= 3 && v[n - 1] == 0);
    int t = (int)v[0] - 1;
    assert_true(t >= 0 && t < WRITERS);
    int i = next[t]++;
    assert_int_equal(n - 1, 2 + i % 5);
    assert_int_equal(del, i % 7 == 3);
    for (int k = 1; k < n - 1; k++) assert_int_equal(v[k], (k & 1 ? 1 : -1) * (long)(i + k));
  }
  fclose(f);
  for (int t = 0; t < WRITERS; t++) assert_int_equal(next[t], PER_WRITER);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_binary_bytes),
      cmocka_unit_test(test_text_bytes),
      cmocka_unit_test(test_map),
      cmocka_unit_test(test_fresh),
      cmocka_unit_test(test_long_clause),
      cmocka_unit_test(test_resolution_refutation),
      cmocka_unit_test(test_dpll_refutation_and_cut),
      cmocka_unit_test(test_disk_full),
      cmocka_unit_test(test_broken_pipe_default_sigpipe),
      cmocka_unit_test(test_bad_descriptor_and_path),
      cmocka_unit_test(test_stalled_reader_and_stop),
      cmocka_unit_test(test_threads_one_log),
  };
  return cmocka_run_group_tests(tests, test_tmpdir_setup, test_tmpdir_teardown);
}
