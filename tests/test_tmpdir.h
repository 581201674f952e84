/* A temporary directory for the test programs that write files (formulas,
 * proofs): test_tmpdir, a mkdtemp template until test_tmpdir_setup (a cmocka
 * group setup) makes the directory; test_tmpdir_teardown (the group
 * teardown) removes it with what it holds.  C and C++; each program that
 * includes it has its own. */
#ifndef GSAT_TESTS_TEST_TMPDIR_H
#define GSAT_TESTS_TEST_TMPDIR_H

#include <stdio.h>
#include <stdlib.h>

static char test_tmpdir[] = "/tmp/gsat_test_XXXXXX";

static inline int test_tmpdir_setup(void **state) {
  (void)state;
  return mkdtemp(test_tmpdir) ? 0 : -1;
}

static inline int test_tmpdir_teardown(void **state) {
  (void)state;
  char cmd[sizeof test_tmpdir + 16];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", test_tmpdir);
  return system(cmd) == 0 ? 0 : -1;
}

#endif
