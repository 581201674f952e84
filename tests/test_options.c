/* The option table: sorted, defaults in range, parsing and range checks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "solver/core/options.h"

static void table_sorted_and_defaults_in_range(void **state) {
  (void)state;
  assert_true(gsat_option_count >= 10);
  for (size_t i = 0; i < gsat_option_count; i++) {
    const gsat_option_info *o = &gsat_option_table[i];
    if (i) assert_true(strcmp(gsat_option_table[i - 1].name, o->name) < 0);
    assert_true(o->low <= o->def && o->def <= o->high);
  }
}

static void parse_values(void **state) {
  (void)state;
  gsat_options o;
  gsat_error err;
  gsat_options_init(&o);
  assert_int_equal(o.threads, 0);
  assert_int_equal(gsat_option_set(&o, "threads", "4", &err), GSAT_OK);
  assert_int_equal(o.threads, 4);
  assert_int_equal(gsat_option_set(&o, "time-limit", "2.5", &err), GSAT_OK);
  assert_true(o.time_limit == 2.5);
  assert_int_equal(gsat_option_set(&o, "gpu_map", "warp", &err), GSAT_OK);
  assert_int_equal(o.gpu_map, 2);
  assert_int_equal(gsat_option_set(&o, "stats", NULL, &err), GSAT_OK);
  assert_int_equal(o.stats, 1);
  assert_int_equal(gsat_option_set(&o, "stats", "off", &err), GSAT_OK);
  assert_int_equal(o.stats, 0);
  char buf[16];
  assert_string_equal(gsat_option_enum_name("backend", 2, buf, sizeof buf), "gpu");
}

static void reject_bad_values(void **state) {
  (void)state;
  gsat_options o;
  gsat_error err;
  gsat_options_init(&o);
  assert_int_equal(gsat_option_set(&o, "threads", "-1", &err), GSAT_USAGE);
  assert_non_null(strstr(err.message, "threads"));
  assert_int_equal(gsat_option_set(&o, "threads", "1.5", &err), GSAT_USAGE);
  assert_int_equal(gsat_option_set(&o, "threads", "4x", &err), GSAT_USAGE);
  assert_int_equal(gsat_option_set(&o, "threads", "", &err), GSAT_USAGE);
  assert_int_equal(gsat_option_set(&o, "backend", "tpu", &err), GSAT_USAGE);
  assert_non_null(strstr(err.message, "auto|cpu|gpu"));
  assert_int_equal(gsat_option_set(&o, "no-such-option", "1", &err), GSAT_USAGE);
  assert_int_equal(gsat_option_set(&o, "stats", "maybe", &err), GSAT_USAGE);
  assert_int_equal(gsat_option_set(&o, "time_limit", "nan", &err), GSAT_USAGE);
  /* Only decimal numbers: strtod's hexadecimal, inf and nan forms and
   * surrounding spaces are refused (issue 21: 0x10 was 16 s). */
  const char *not_decimal[] = {"0x10", "0X1p3", "inf", "-infinity", "NAN",
                               " 5",   "5 ",    ".",   "1e",        "1e+",
                               "+",    "--1",   "1.2.3", "0b1"};
  for (size_t i = 0; i < sizeof not_decimal / sizeof *not_decimal; i++) {
    assert_int_equal(gsat_option_set(&o, "time_limit", not_decimal[i], &err),
                     GSAT_USAGE);
    assert_non_null(strstr(err.message, "--time-limit takes a number"));
  }
  assert_true(o.time_limit == 0);
  const struct { const char *text; double value; } decimal[] = {
      {"16", 16}, {"+2", 2}, {"0.5", 0.5}, {".25", 0.25}, {"3.", 3},
      {"1e3", 1000}, {"2.5E-1", 0.25}, {"1e+2", 100}, {"007", 7}};
  for (size_t i = 0; i < sizeof decimal / sizeof *decimal; i++) {
    assert_int_equal(gsat_option_set(&o, "time_limit", decimal[i].text, &err),
                     GSAT_OK);
    assert_true(o.time_limit == decimal[i].value);
  }
  assert_int_equal(gsat_option_set(&o, "threads", "1e1", &err), GSAT_OK);
  assert_int_equal(o.threads, 10);
  assert_int_equal(gsat_option_set(&o, "threads", "0", &err), GSAT_OK);
  assert_int_equal(gsat_option_set(&o, "gpu_threads", "33", &err), GSAT_USAGE);
  assert_non_null(strstr(err.message, "--gpu-threads takes a multiple of 32"));
  assert_int_equal(o.gpu_threads, 0); /* the table's step */
  assert_int_equal(gsat_option_set(&o, "gpu_threads", "96", &err), GSAT_OK);
  assert_int_equal(o.gpu_threads, 96);
  assert_int_equal(o.threads, 0); /* unchanged by failures */
}

static void environment_overrides(void **state) {
  (void)state;
  gsat_options o;
  gsat_error err;
  gsat_options_init(&o);
  setenv("GSAT_THREADS", "3", 1);
  assert_int_equal(gsat_options_from_env(&o, &err), GSAT_OK);
  assert_int_equal(o.threads, 3);
  setenv("GSAT_THREADS", "lots", 1);
  assert_int_equal(gsat_options_from_env(&o, &err), GSAT_USAGE);
  assert_non_null(strstr(err.message, "GSAT_THREADS"));
  unsetenv("GSAT_THREADS");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(table_sorted_and_defaults_in_range),
      cmocka_unit_test(parse_values),
      cmocka_unit_test(reject_bad_values),
      cmocka_unit_test(environment_overrides),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
