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
