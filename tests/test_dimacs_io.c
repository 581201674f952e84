/* The DIMACS reader's input side: gzip files (concatenated, truncated,
 * corrupt, with trailing bytes), standard input and pipes, comments longer than
 * the 1 MiB chunk, tokens straddling chunk boundaries, the stop flag, I/O
 * errors, and no allocation proportional to declared counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include "dimacs/dimacs.h"
#include "dimacs_util.h"

#define CHUNK          ((size_t)1 << 20)
#define SIMPLE         "p cnf 3 2\n1 -2 0\n2 3 -1 0\n"
#define SIMPLE_CLAUSES "1 -2 0\n2 3 -1 0\n"

static void test_gzip_file(void **state) {
  (void)state;
  const char *path = test_temp_file("simple.cnf.gz", "", 0);
  gzFile gz = gzopen(path, "wb");
  assert_non_null(gz);
  assert_int_equal(gzputs(gz, SIMPLE), (int)strlen(SIMPLE));
  assert_int_equal(gzclose(gz), Z_OK);
  gsat_cnf cnf;
  gsat_error err;
  test_expect_text(test_read_path(path, &cnf, &err), &err, &cnf, SIMPLE_CLAUSES);
}

/* Two gzip members read as one stream, split inside the token 33. */
static void test_gzip_concatenated(void **state) {
  (void)state;
  const char *a = "p cnf 33 2\n1 -2 0\n2 3", *b = "3 -1 0\n";
  const char *path = test_temp_file("two.cnf.gz", "", 0);
  gzFile gz = gzopen(path, "wb");
  assert_non_null(gz);
  gzputs(gz, a);
  assert_int_equal(gzclose(gz), Z_OK);
  gz = gzopen(path, "ab"); /* appends a second member */
  assert_non_null(gz);
  gzputs(gz, b);
  assert_int_equal(gzclose(gz), Z_OK);
  gsat_cnf cnf;
  gsat_error err;
  test_expect_text(test_read_path(path, &cnf, &err), &err, &cnf, "1 -2 0\n2 33 -1 0\n");
  /* The same in memory. */
  tbuf ga = test_gzip(a, strlen(a)), gb = test_gzip(b, strlen(b));
  tbuf_add(&ga, gb.data, gb.size);
  test_expect_text(test_read_mem(&ga, &cnf, &err), &err, &cnf, "1 -2 0\n2 33 -1 0\n");
  tbuf_free(&ga);
  tbuf_free(&gb);
}

/* Bytes after the last member that are no gzip member (junk, or a lone
 * first magic byte) end the data: read in default and relaxed mode with a
 * warning, an I/O error in strict mode; zero padding is fine; from memory
 * and from a file. */
static void test_gzip_trailing_bytes(void **state) {
  (void)state;
  const char *const junk[] = {"xyz\n", "\x1f", "\x1f\x8b", "\0\0\0\0\0", "\0\0x"};
  const size_t junk_size[] = {4, 1, 2, 5, 3};
  for (size_t j = 0; j < 6; j++) {
    tbuf gz = test_gzip(SIMPLE, strlen(SIMPLE));
    if (j < 5) tbuf_add(&gz, junk[j], junk_size[j]);
    /* j: 0, 1, 4 junk; 2 a cut member header; 3 zero padding, which is
     * fine, as for gzip; 5 nothing */
    const bool clean = j == 3 || j == 5;
    const char *path = test_temp_file("trailing.cnf.gz", gz.data, gz.size);
    for (int mode = GSAT_DIMACS_RELAXED; mode <= GSAT_DIMACS_STRICT; mode++) {
      for (int from_file = 0; from_file < 2; from_file++) {
        test_warnings w = {0};
        gsat_dimacs_options opt = test_warn_options((gsat_dimacs_mode)mode, &w);
        gsat_cnf cnf;
        gsat_cnf_init(&cnf);
        gsat_error err;
        gsat_status st = from_file
                             ? gsat_dimacs_read_path(path, &opt, &cnf, &err)
                             : gsat_dimacs_read_memory(gz.data, gz.size, "mem", &opt, &cnf, &err);
        const char *name = from_file ? path : "mem";
        if (j == 2) { /* "\x1f\x8b": a member header cut short */
          test_expect_error(st, &err, &cnf, GSAT_IO, name, 0, 0, "truncated gzip data");
        } else if (clean || mode != GSAT_DIMACS_STRICT) {
          test_expect_text(st, &err, &cnf, SIMPLE_CLAUSES);
          assert_int_equal(w.count, clean ? 0 : 1);
          if (!clean) assert_non_null(strstr(w.text[0], "not a gzip member were ignored"));
        } else {
          test_expect_error(st, &err, &cnf, GSAT_IO, name, 0, 0,
                            "not a gzip member (not allowed in strict mode)");
        }
      }
    }
    tbuf_free(&gz);
  }
}

static void expect_gzip_damage(const tbuf *gz, const char *text);

/* A `%` line ends the formula, but the gzip data is still read to its end:
 * damage after it (beyond the first buffer, so that parsing stops before
 * the member's end) is an error, junk after the member a warning; and junk
 * between members, which ends the data early, is named in the parse error
 * it causes. */
static void test_gzip_after_percent(void **state) {
  (void)state;
  tbuf big = test_random_text(1000, 200000, 3); /* about 2.4 MB */
  tbuf text = {0};
  tbuf_add(&text, SIMPLE "%\n", strlen(SIMPLE) + 2);
  tbuf_add(&text, big.data, big.size);
  tbuf gz = test_gzip(text.data, text.size);
  gsat_cnf cnf;
  gsat_error err;
  test_expect_text(test_read_mem(&gz, &cnf, &err), &err, &cnf, SIMPLE_CLAUSES);
  gz.data[gz.size - 8] ^= 1; /* the CRC */
  expect_gzip_damage(&gz, "corrupt gzip data");
  gz.data[gz.size - 8] ^= 1;
  const size_t full = gz.size;
  gz.size = full / 2;
  expect_gzip_damage(&gz, "truncated gzip data");
  gz.size = full;
  tbuf_add(&gz, "junk", 4);
  test_warnings w = {0};
  gsat_dimacs_options opt = test_warn_options(GSAT_DIMACS_DEFAULT, &w);
  gsat_cnf_init(&cnf);
  test_expect_text(gsat_dimacs_read_memory(gz.data, gz.size, "mem", &opt, &cnf, &err), &err, &cnf,
                   SIMPLE_CLAUSES);
  assert_int_equal(w.count, 1);
  /* junk between two members: the second is never read */
  tbuf ga = test_gzip("p cnf 3 2\n1 -2 0\n", 17), gb = test_gzip("2 3 -1 0\n", 9);
  tbuf_add(&ga, "XY", 2);
  tbuf_add(&ga, gb.data, gb.size);
  test_expect_error(test_read_mem(&ga, &cnf, &err), &err, &cnf, GSAT_PARSE, "mem", 3, 1,
                    "at bytes that are not a gzip member");
  tbuf_free(&ga);
  tbuf_free(&gb);
  tbuf_free(&gz);
  tbuf_free(&text);
  tbuf_free(&big);
}

static void expect_gzip_damage(const tbuf *gz, const char *text) {
  gsat_cnf cnf;
  gsat_error err;
  gsat_status st = test_read_mem(gz, &cnf, &err);
  test_expect_error(st, &err, &cnf, GSAT_IO, "mem", 0, 0, text);
  const char *path = test_temp_file("damaged.cnf.gz", gz->data, gz->size);
  st = test_read_path(path, &cnf, &err);
  test_expect_error(st, &err, &cnf, GSAT_IO, path, 0, 0, text);
}

/* Truncated anywhere (even only in the 8-byte trailer): an I/O error, and
 * nothing of what was read is kept. */
static void test_gzip_truncated(void **state) {
  (void)state;
  tbuf text = test_random_text(1000, 20000, 1);
  tbuf gz = test_gzip(text.data, text.size);
  const size_t full = gz.size;
  const size_t cuts[] = {10, full / 2, full - 8, full - 4, full - 1};
  for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
    gz.size = cuts[i];
    expect_gzip_damage(&gz, "truncated gzip data");
  }
  gz.size = full;
  test_expect_clauses(&gz, 20000);
  tbuf_free(&gz);
  tbuf_free(&text);
}

static void test_gzip_corrupt(void **state) {
  (void)state;
  tbuf text = test_random_text(1000, 20000, 2);
  tbuf gz = test_gzip(text.data, text.size);
  gz.data[gz.size - 8] ^= 0x55; /* CRC-32 */
  expect_gzip_damage(&gz, "corrupt gzip data");
  gz.data[gz.size - 8] ^= 0x55;
  gz.data[gz.size - 2] ^= 0x01; /* ISIZE */
  expect_gzip_damage(&gz, "corrupt gzip data");
  gz.data[gz.size - 2] ^= 0x01;
  gz.data[gz.size / 2] ^= 0xff; /* inside the deflate data */
  expect_gzip_damage(&gz, "corrupt gzip data");
  tbuf_free(&gz);
  tbuf_free(&text);
  /* Several MiB: the damage comes out of zlib as garbage in a later chunk
   * (or as the CRC error at the end), never as a parse error. */
  text = test_random_text(100000, 400000, 3);
  assert_true(text.size > 3 * CHUNK);
  gz = test_gzip(text.data, text.size);
  gz.data[gz.size * 3 / 4] ^= 0x10;
  expect_gzip_damage(&gz, "corrupt gzip data");
  tbuf_free(&gz);
  /* Stored (level 0) blocks: a damaged byte passes inflate unnoticed and
   * reaches the parser as garbage in the first chunk; only the CRC at the end
   * shows the damage, and that is what must be reported. */
  gz = test_gzip_level(text.data, text.size, 0);
  gz.data[5000] ^= 0x40;
  expect_gzip_damage(&gz, "corrupt gzip data");
  tbuf_free(&gz);
  tbuf_free(&text);
}

/* Standard input by "-" and NULL, plain and gzip. */
static void test_stdin(void **state) {
  (void)state;
  tbuf plain = {0};
  tbuf_add(&plain, SIMPLE, strlen(SIMPLE));
  tbuf gz = test_gzip(plain.data, plain.size);
  const tbuf *inputs[] = {&plain, &gz, &plain};
  const char *paths[] = {"-", "-", NULL};
  int saved = dup(STDIN_FILENO);
  assert_true(saved >= 0);
  for (int i = 0; i < 3; i++) {
    test_pipe tp = test_pipe_start(inputs[i]->data, inputs[i]->size, NULL, 0);
    assert_int_equal(dup2(tp.read_fd, STDIN_FILENO), STDIN_FILENO);
    gsat_cnf cnf;
    gsat_error err;
    gsat_status st = test_read_path(paths[i], &cnf, &err);
    assert_int_equal(dup2(saved, STDIN_FILENO), STDIN_FILENO);
    test_pipe_finish(&tp);
    test_expect_text(st, &err, &cnf, SIMPLE_CLAUSES);
  }
  /* Errors name the input "<stdin>". */
  const char bad[] = "p cnf 1 1\n+1 0\n";
  test_pipe tp = test_pipe_start(bad, strlen(bad), NULL, 0);
  assert_int_equal(dup2(tp.read_fd, STDIN_FILENO), STDIN_FILENO);
  gsat_cnf cnf;
  gsat_error err;
  gsat_status st = test_read_path("-", &cnf, &err);
  assert_int_equal(dup2(saved, STDIN_FILENO), STDIN_FILENO);
  close(saved);
  test_pipe_finish(&tp);
  test_expect_error(st, &err, &cnf, GSAT_PARSE, "<stdin>", 2, 1, "'+'");
  tbuf_free(&plain);
  tbuf_free(&gz);
}

static void add_comment(tbuf *b, size_t length) {
  tbuf_add(b, "c", 1);
  for (size_t i = 1; i < length; i++) tbuf_add(b, i % 64 ? "x" : " ", 1);
}

/* Comment lines of 3 MiB before and after the header, inside a clause and at
 * the end without a newline; then the same with an error after them. */
static void test_long_comments(void **state) {
  (void)state;
  const size_t big = 3 * CHUNK + 17;
  tbuf b = {0};
  add_comment(&b, big);
  tbuf_add(&b, "\np cnf 3 2\n", 11);
  add_comment(&b, big);
  tbuf_add(&b, "\n1 ", 3);
  add_comment(&b, big);
  tbuf_add(&b, "\n-2 0\n2 3 -1 0 ", 15);
  add_comment(&b, big);
  gsat_cnf cnf;
  gsat_error err;
  test_expect_text(test_read_mem(&b, &cnf, &err), &err, &cnf, SIMPLE_CLAUSES);
  tbuf gz = test_gzip(b.data, b.size);
  test_expect_text(test_read_mem(&gz, &cnf, &err), &err, &cnf, SIMPLE_CLAUSES);
  const char *path = test_temp_file("comments.cnf", b.data, b.size);
  test_expect_text(test_read_path(path, &cnf, &err), &err, &cnf, SIMPLE_CLAUSES);
  tbuf_add(&b, "\n  x\n", 5); /* line 7, column 3 */
  test_expect_error(test_read_mem(&b, &cnf, &err), &err, &cnf, GSAT_PARSE, "mem", 7, 3,
                    "unexpected 'x'");
  tbuf_free(&gz);
  tbuf_free(&b);
}

/* A one-line comment of pad bytes pushes the formula across the first chunk
 * boundary at every offset, so that every kind of token straddles it. */
static void test_chunk_boundaries(void **state) {
  (void)state;
  const char formula[] = "p\tcnf 9999999 3\r\n-1234567 22 0 c x\r\n"
                         "7654321 0\n-0000042 0\n";
  const char clauses[] = "-1234567 22 0\n7654321 0\n-42 0\n";
  const char wrong[] = "p cnf 3 1\n1  2.5 0\n";
  const char huge[] = "p cnf 3 1\n1 12345678901 0\n";
  for (size_t pad = CHUNK - 48; pad <= CHUNK + 2; pad++) {
    tbuf b = {0};
    add_comment(&b, pad - 1);
    tbuf_add(&b, "\n", 1);
    size_t prefix = b.size;
    gsat_cnf cnf;
    gsat_error err;
    tbuf_add(&b, formula, strlen(formula));
    test_expect_text(test_read_mem(&b, &cnf, &err), &err, &cnf, clauses);
    if (pad % 16 == 0) {
      const char *path = test_temp_file("boundary.cnf", b.data, b.size);
      test_expect_text(test_read_path(path, &cnf, &err), &err, &cnf, clauses);
    }
    b.size = prefix;
    tbuf_add(&b, wrong, strlen(wrong));
    test_expect_error(test_read_mem(&b, &cnf, &err), &err, &cnf, GSAT_PARSE, "mem", 3, 5,
                      "not an integer"); /* at the '.' */
    b.size = prefix;
    tbuf_add(&b, huge, strlen(huge));
    test_expect_error(test_read_mem(&b, &cnf, &err), &err, &cnf, GSAT_PARSE, "mem", 3, 3,
                      "too large");
    tbuf_free(&b);
  }
}

/* A raised stop flag ends the read with INTERRUPTED and an empty cnf, before
 * the first chunk or while a pipe still delivers data. */
static void test_stop_flag(void **state) {
  (void)state;
  gsat_flag stop = 0;
  GSAT_FLAG_RAISE(&stop);
  gsat_dimacs_options opt = {.mode = GSAT_DIMACS_DEFAULT, .stop = &stop};
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  gsat_error err;
  gsat_status st = gsat_dimacs_read_memory(SIMPLE, strlen(SIMPLE), "mem", &opt, &cnf, &err);
  test_expect_error(st, &err, &cnf, GSAT_INTERRUPTED, "mem", 0, 0, "interrupted");
  GSAT_FLAG_CLEAR(&stop);
  tbuf text = test_random_text(100000, 400000, 4);
  test_pipe tp = test_pipe_start(text.data, text.size, &stop, 2 * CHUNK);
  st = gsat_dimacs_read_fd(tp.read_fd, "<pipe>", &opt, &cnf, &err);
  test_pipe_finish(&tp);
  assert_int_equal(__atomic_load_n(&stop, __ATOMIC_RELAXED), 1);
  test_expect_error(st, &err, &cnf, GSAT_INTERRUPTED, "<pipe>", 0, 0, "interrupted");
  tbuf_free(&text);
}

static void test_io_errors(void **state) {
  (void)state;
  gsat_cnf cnf;
  gsat_error err;
  const char *missing = "/nonexistent/gsat/none.cnf";
  test_expect_error(test_read_path(missing, &cnf, &err), &err, &cnf, GSAT_IO, missing, 0, 0,
                    "cannot open");
  const char *dir = test_data_path("good");
  test_expect_error(test_read_path(dir, &cnf, &err), &err, &cnf, GSAT_IO, dir, 0, 0, "read error");
  gsat_cnf_init(&cnf);
  test_expect_error(gsat_dimacs_read_fd(-1, "bad fd", NULL, &cnf, &err), &err, &cnf, GSAT_IO,
                    "bad fd", 0, 0, "cannot read");
}

/* Nothing after a `%` line is read, not even garbage. */
static void test_percent_ends_input(void **state) {
  (void)state;
  tbuf b = {0};
  const char text[] = SIMPLE "%\n0\nnot DIMACS at all \x01\x02";
  tbuf_add(&b, text, sizeof text - 1);
  gsat_cnf cnf;
  gsat_error err;
  test_expect_text(test_read_mem(&b, &cnf, &err), &err, &cnf, SIMPLE_CLAUSES);
  tbuf_free(&b);
}

/* One byte 1f is not gzip (zlib needs both magic bytes): plain data. */
static void test_half_magic(void **state) {
  (void)state;
  tbuf b = {0};
  tbuf_add(&b, "\x1f", 1);
  gsat_cnf cnf;
  gsat_error err;
  test_expect_error(test_read_mem(&b, &cnf, &err), &err, &cnf, GSAT_PARSE, "mem", 1, 1,
                    "unexpected byte 0x1f");
  tbuf_free(&b);
}

/* The largest declared counts cost no memory: only what is read is stored. */
static void test_declared_counts_cost_nothing(void **state) {
  (void)state;
  const char text[] = "p cnf 2147483647 1099511627776\n2147483647 -5 0\n";
  test_warnings w = {0};
  gsat_dimacs_options opt = test_warn_options(GSAT_DIMACS_RELAXED, &w);
  gsat_cnf cnf;
  gsat_cnf_init(&cnf);
  gsat_error err;
  assert_int_equal(gsat_dimacs_read_memory(text, strlen(text), "mem", &opt, &cnf, &err), GSAT_OK);
  assert_int_equal(cnf.declared_vars, 2147483647u);
  assert_int_equal(cnf.declared_clauses, UINT64_C(1) << 40);
  assert_int_equal(cnf.max_var, 2147483647u);
  assert_true(cnf.cap_lits <= 1024);
  assert_true(cnf.cap_clauses <= 1024);
  assert_int_equal(w.count, 1);
  gsat_cnf_free(&cnf);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_gzip_file),
      cmocka_unit_test(test_gzip_concatenated),
      cmocka_unit_test(test_gzip_truncated),
      cmocka_unit_test(test_gzip_corrupt),
      cmocka_unit_test(test_gzip_trailing_bytes),
      cmocka_unit_test(test_gzip_after_percent),
      cmocka_unit_test(test_stdin),
      cmocka_unit_test(test_long_comments),
      cmocka_unit_test(test_chunk_boundaries),
      cmocka_unit_test(test_stop_flag),
      cmocka_unit_test(test_io_errors),
      cmocka_unit_test(test_percent_ends_input),
      cmocka_unit_test(test_half_magic),
      cmocka_unit_test(test_declared_counts_cost_nothing),
  };
  int failed = cmocka_run_group_tests_name("dimacs input", tests, NULL, NULL);
  test_temp_cleanup();
  return failed;
}
