/* The exit status of a test program that skipped all of its cases (no usable
 * GPU, an absent corpus): CTest reports it as skipped for tests registered
 * with SKIP_RETURN_CODE 77 (gsat_add_test(... GPU_ONLY), tests/dimacs.cmake),
 * as it does for layout_check and the scripts. */
#ifndef GSAT_TESTS_TEST_SKIP_H
#define GSAT_TESTS_TEST_SKIP_H

#define GSAT_TEST_SKIPPED 77

#endif
