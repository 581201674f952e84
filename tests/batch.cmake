# Many formulas through one solver: gsat_reset (test_reset, cmocka: answers
# equal a fresh solver's, nothing leaks from one formula to the next).
gsat_add_test(test_reset LABELS unit SOURCES test_reset.c LIBS gsat_api)
