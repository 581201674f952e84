/* Helpers shared by the DIMACS reader tests: files, gzip in memory, a pipe fed
 * by a thread, clause lists as text, and checks of error records. */
#ifndef GSAT_TESTS_DIMACS_UTIL_H
#define GSAT_TESTS_DIMACS_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dimacs/dimacs.h"

/* A growable byte buffer. */
typedef struct tbuf {
  char *data;
  size_t size, cap;
} tbuf;

void tbuf_add(tbuf *b, const void *data, size_t n);
void tbuf_addf(tbuf *b, const char *fmt, ...);
void tbuf_free(tbuf *b);

/* The whole file at path (test data relative to GSAT_SOURCE_DIR/tests/dimacs
 * when it does not start with '/'); fails the test when unreadable. */
tbuf test_read_file(const char *path);

/* A random 3-SAT formula (gsat_gen_rand) as DIMACS text, about 12 bytes per
 * clause; asserts on failure. */
tbuf test_random_text(uint64_t vars, uint64_t clauses, uint64_t seed);

/* Full path of a test data file. */
const char *test_data_path(const char *name);

/* gzip (one member, deflateInit2 with a gzip wrapper) of n bytes. */
tbuf test_gzip(const void *data, size_t n);
tbuf test_gzip_level(const void *data, size_t n, int level); /* 0..9 */

/* Writes n bytes to the file name in a per-process temporary directory under
 * GSAT_BINARY_DIR/tests and returns its path (valid until cleanup; at most 64
 * distinct names).  test_temp_cleanup removes the files and the directory. */
const char *test_temp_file(const char *name, const void *data, size_t n);
void test_temp_cleanup(void);

/* Clauses as text, one "lit lit 0\n" line per clause (DIMACS numbering). */
char *test_cnf_text(const gsat_cnf *cnf);

/* A pipe whose write end a thread fills with data (then closes); if raise is
 * not NULL, the thread raises it after raise_after bytes and goes on. */
typedef struct test_pipe {
  int read_fd;
  void *thread;
} test_pipe;
test_pipe test_pipe_start(const void *data, size_t n, gsat_flag *raise, size_t raise_after);
void test_pipe_finish(test_pipe *tp);

/* Collected warnings. */
typedef struct test_warnings {
  int count;
  uint64_t line[8];
  char text[8][GSAT_ERROR_MESSAGE_SIZE];
} test_warnings;
void test_collect_warning(void *data, const char *file, uint64_t line, const char *message);
/* Reader options of mode that collect the warnings in *w. */
gsat_dimacs_options test_warn_options(gsat_dimacs_mode mode, test_warnings *w);

/* Read b from memory (named "mem") or the file at path (default options)
 * into cnf, which they initialise. */
gsat_status test_read_mem(const tbuf *b, gsat_cnf *cnf, gsat_error *err);
gsat_status test_read_path(const char *path, gsat_cnf *cnf, gsat_error *err);

/* Asserts that st is GSAT_OK and that cnf holds clauses (test_cnf_text);
 * frees cnf. */
void test_expect_text(gsat_status st, const gsat_error *err, gsat_cnf *cnf, const char *clauses);

/* Asserts that b read from memory gives a formula of `clauses` clauses. */
void test_expect_clauses(const tbuf *b, uint64_t clauses);

/* Asserts err records status at name:line:column with text in the message,
 * and that cnf was emptied. */
void test_expect_error(gsat_status st, const gsat_error *err, const gsat_cnf *cnf,
                       gsat_status status, const char *name, uint64_t line, uint64_t column,
                       const char *text);

#endif
