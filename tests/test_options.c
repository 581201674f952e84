/* The option table: sorted, defaults in range, typed fields, the generated
 * enums and their names, parsing and range checks, hidden rows, the STRING
 * kind. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <stdio.h>

#include "core/options.h"

/* Setting option name to value (NULL: a bare flag) on o succeeds. */
static void set_ok(gsat_options *o, const char *name, const char *value) {
  gsat_error err;
  assert_int_equal(gsat_option_set(o, name, value, &err), GSAT_OK);
}

static void table_sorted_and_defaults_in_range(void **state) {
  (void)state;
  assert_true(gsat_option_count >= 10);
  assert_int_equal(gsat_option_count, GSAT_OPTION_ROWS);
  for (size_t i = 0; i < gsat_option_count; i++) {
    const gsat_option_info *o = &gsat_option_table[i];
    if (i) assert_true(strcmp(gsat_option_table[i - 1].name, o->name) < 0);
    assert_true(o->low <= o->def && o->def <= o->high);
    assert_true((o->kind == GSAT_OPT_ENUM) == (o->names != NULL));
    assert_true((o->kind == GSAT_OPT_STRING) == (o->def_string != NULL));
  }
  /* the row of an option is at its generated index */
  assert_string_equal(gsat_option_table[GSAT_OPTION_INDEX_threads].name, "threads");
  assert_ptr_equal(gsat_option_find("gpu-map"), &gsat_option_table[GSAT_OPTION_INDEX_gpu_map]);
}

/* The fields have the types of their kinds, and the defaults of the table. */
static void typed_fields(void **state) {
  (void)state;
  gsat_options o;
  gsat_error err;
  gsat_options_init(&o);
  assert_int_equal(sizeof o.stats, sizeof(bool));
  assert_int_equal(sizeof o.threads, sizeof(int));
  assert_int_equal(sizeof o.node_limit, sizeof(uint64_t));
  assert_int_equal(sizeof o.time_limit, sizeof(double));
  assert_false(o.stats);
  assert_true(o.progress == 5.0);
  assert_int_equal(o.backend, GSAT_BACKEND_AUTO);
  assert_int_equal(o.decide, GSAT_DECIDE_AUTO);
  assert_int_equal(o.gpu_layout, GSAT_GPU_LAYOUT_AUTO);
  /* an integer beyond a double's 2^53 would round: the range stops below */
  assert_int_equal(gsat_option_set(&o, "node_limit", "999999999999999", &err), GSAT_OK);
  assert_true(o.node_limit == 999999999999999ull);
  set_ok(&o, "node_limit", "1000000000000000");
  assert_true(o.node_limit == 1000000000000000ull);
  assert_int_equal(gsat_option_set(&o, "node_limit", "1000000000000001", &err), GSAT_USAGE);
  set_ok(&o, "seed", "4294967295");
  assert_true(o.seed == 4294967295ull);
  set_ok(&o, "progress", "0.25");
  assert_true(o.progress == 0.25);
  assert_int_equal(gsat_option_set(&o, "device", "0.5", &err), GSAT_USAGE);
  assert_non_null(strstr(err.message, "takes an integer"));
  /* integers are digits only: no exponent, no fraction, even when whole */
  const char *not_integers[] = {"1e3", "1E3", "1.0", "1.", "0x10", " 5", "5 ", "+", "", "inf"};
  for (size_t i = 0; i < sizeof not_integers / sizeof not_integers[0]; i++) {
    assert_int_equal(gsat_option_set(&o, "threads", not_integers[i], &err), GSAT_USAGE);
    assert_non_null(strstr(err.message, "--threads"));
  }
  assert_int_equal(gsat_option_set(&o, "threads", "1e3", &err), GSAT_USAGE);
  assert_string_equal(err.message, "option --threads takes an integer (digits only), not '1e3'");
  assert_int_equal(gsat_option_set(&o, "node_limit", "1e15", &err), GSAT_USAGE);
  set_ok(&o, "fast_exit", "-1");
  assert_int_equal(o.fast_exit, -1);
  set_ok(&o, "threads", "+12");
  assert_int_equal(o.threads, 12);
  assert_int_equal(gsat_option_set(&o, "threads", "4097", &err), GSAT_USAGE);
  assert_string_equal(err.message, "option --threads must be in 0..4096, not '4097'");
  /* every integer row of the table, hidden ones too */
  size_t integers = 0;
  for (size_t i = 0; i < gsat_option_count; i++) {
    const gsat_option_info *info = &gsat_option_table[i];
    if (info->kind != GSAT_OPT_INT && info->kind != GSAT_OPT_UINT64) continue;
    integers++;
    gsat_option_value v;
    assert_int_equal(gsat_option_parse(info, "1e1", &v, &err), GSAT_USAGE);
    assert_non_null(strstr(err.message, "takes an integer (digits only), not '1e1'"));
    assert_int_equal(gsat_option_parse(info, "0.0", &v, &err), GSAT_USAGE);
  }
  assert_true(integers >= 15);
  /* a real still takes an exponent */
  set_ok(&o, "time_limit", "1e3");
  assert_true(o.time_limit == 1000.0);
  /* gsat_option_get reads every kind back as a number */
  assert_true(gsat_option_get(&o, gsat_option_find("seed")) == 4294967295.0);
  assert_true(gsat_option_get(&o, gsat_option_find("progress")) == 0.25);
  assert_true(gsat_option_get(&o, gsat_option_find("stats")) == 0);
}

/* SAT sweeping is on by default and --sweep=false turns it off (the CLI's
 * --no-sweep sets the same value). */
static void sweep_on_by_default(void **state) {
  (void)state;
  gsat_options o;
  gsat_options_init(&o);
  assert_true(o.sweep);
  set_ok(&o, "sweep", "false");
  assert_false(o.sweep);
}

/* Every enum option: its names parse to the generated constants, in order,
 * and gsat_option_enum_name gives them back. */
static void enum_names_and_constants(void **state) {
  (void)state;
  gsat_options o;
  gsat_error err;
  gsat_options_init(&o);
  const struct {
    const char *option, *name;
    int constant;
  } values[] = {
      {"backend", "auto", GSAT_BACKEND_AUTO},
      {"backend", "cpu", GSAT_BACKEND_CPU},
      {"backend", "gpu", GSAT_BACKEND_GPU},
      {"cdcl_bcp", "watched", GSAT_BCP_WATCHED},
      {"cdcl_bcp", "streams", GSAT_BCP_STREAMS},
      {"cdcl_cubes", "auto", GSAT_CDCL_CUBES_AUTO},
      {"cdcl_cubes", "on", GSAT_CDCL_CUBES_ON},
      {"cdcl_cubes", "off", GSAT_CDCL_CUBES_OFF},
      {"cdcl_cubes", "lookahead", GSAT_CDCL_CUBES_LOOKAHEAD},
      {"cdcl_decide", "auto", GSAT_CDCL_DECIDE_AUTO},
      {"cdcl_decide", "vsids", GSAT_CDCL_DECIDE_VSIDS},
      {"cdcl_decide", "vmtf", GSAT_CDCL_DECIDE_VMTF},
      {"cdcl_restart", "auto", GSAT_RESTARTS_AUTO},
      {"cdcl_restart", "switch", GSAT_RESTARTS_SWITCH},
      {"cdcl_restart", "glucose", GSAT_RESTARTS_GLUCOSE},
      {"cdcl_restart", "luby", GSAT_RESTARTS_LUBY},
      {"cdcl_target", "auto", GSAT_TARGETS_AUTO},
      {"cdcl_target", "off", GSAT_TARGETS_OFF},
      {"cdcl_target", "stable", GSAT_TARGETS_STABLE},
      {"cdcl_target", "always", GSAT_TARGETS_ALWAYS},
      {"decide", "auto", GSAT_DECIDE_AUTO},
      {"decide", "static", GSAT_DECIDE_STATIC},
      {"decide", "moms", GSAT_DECIDE_MOMS},
      {"decide", "lookahead", GSAT_DECIDE_LOOKAHEAD},
      {"gpu_layout", "auto", GSAT_GPU_LAYOUT_AUTO},
      {"gpu_layout", "csr", GSAT_GPU_LAYOUT_CSR},
      {"gpu_layout", "slot", GSAT_GPU_LAYOUT_SLOT},
      {"gpu_map", "auto", GSAT_GPU_MAP_AUTO},
      {"gpu_map", "warp", GSAT_GPU_MAP_WARP},
      {"gpu_occ_sort", "auto", GSAT_GPU_OCC_SORT_AUTO},
      {"gpu_occ_sort", "radix", GSAT_GPU_OCC_SORT_RADIX},
      {"gpu_occ_sort", "bcf", GSAT_GPU_OCC_SORT_BCF},
      {"gpu_walk_mapping", "auto", GSAT_GPU_WALK_MAPPING_AUTO},
      {"gpu_walk_mapping", "lane", GSAT_GPU_WALK_MAPPING_LANE},
      {"gpu_walk_mapping", "warp", GSAT_GPU_WALK_MAPPING_WARP},
      {"proof_format", "binary", GSAT_PROOF_FORMAT_BINARY},
      {"proof_format", "text", GSAT_PROOF_FORMAT_TEXT},
      {"search", "auto", GSAT_SEARCH_AUTO},
      {"search", "dpll", GSAT_SEARCH_DPLL},
      {"search", "cdcl", GSAT_SEARCH_CDCL},
      {"search", "walk", GSAT_SEARCH_WALK},
  };
  char buf[16];
  int enums = 0;
  for (size_t i = 0; i < gsat_option_count; i++)
    enums += gsat_option_table[i].kind == GSAT_OPT_ENUM;
  assert_int_equal(enums, 13); /* every enum option is in values[] */
  for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
    const gsat_option_info *info = gsat_option_find(values[i].option);
    assert_non_null(info);
    assert_int_equal(info->kind, GSAT_OPT_ENUM);
    assert_true(values[i].constant <= info->high);
    if (i + 1 == sizeof values / sizeof values[0] || strcmp(values[i + 1].option, values[i].option))
      assert_int_equal(values[i].constant, info->high); /* the last name */
    assert_int_equal(gsat_option_set(&o, values[i].option, values[i].name, &err), GSAT_OK);
    assert_int_equal((int)gsat_option_get(&o, info), values[i].constant);
    assert_string_equal(
        gsat_option_enum_name(values[i].option, values[i].constant, buf, sizeof buf),
        values[i].name);
  }
  assert_int_equal(o.gpu_occ_sort, GSAT_GPU_OCC_SORT_BCF);
  assert_string_equal(gsat_option_find("decide")->names, "auto|static|moms|lookahead");
  assert_string_equal(gsat_option_enum_name("decide", 4, buf, sizeof buf), "");
  assert_string_equal(gsat_option_enum_name("threads", 0, buf, sizeof buf), "");
}

/* The --help lines (gsat_options_usage) as a string. */
static char *usage_text(void) {
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  assert_non_null(f);
  gsat_options_usage(f);
  fclose(f);
  return text;
}

/* Tuning knobs: not in --help, still set by name and from GSAT_<NAME>. */
/* Every alias names a row; a fixed value parses for that row; "+1" only on
 * numbers; spellings are unique and start with '-'. */
static void aliases_name_rows(void **state) {
  (void)state;
  assert_true(gsat_option_alias_count >= 6);
  for (size_t i = 0; i < gsat_option_alias_count; i++) {
    const gsat_option_alias *a = &gsat_option_aliases[i];
    const gsat_option_info *info = gsat_option_find(a->option);
    assert_non_null(info);
    assert_true(a->spelling[0] == '-' && a->spelling[1]);
    assert_ptr_equal(gsat_option_alias_find(a->spelling), a);
    if (a->value && !strcmp(a->value, "+1")) {
      assert_true(info->kind == GSAT_OPT_INT);
    } else if (a->value && !strcmp(a->value, "=")) { /* -verb=N: a number */
      assert_true(info->kind != GSAT_OPT_BOOL && info->kind != GSAT_OPT_STRING);
    } else if (a->value) {
      gsat_option_value v;
      gsat_error err;
      assert_int_equal(gsat_option_parse(info, a->value, &v, &err), GSAT_OK);
    }
  }
  assert_string_equal(gsat_option_alias_find("-t")->option, "time_limit");
  assert_null(gsat_option_alias_find("-t5"));
  assert_null(gsat_option_alias_find("--time-limit"));
  char *text = usage_text();
  assert_non_null(strstr(text, "  -cpu-lim=N, -t, --time, --time-limit=0..1000000000 "));
  assert_non_null(strstr(text, "  -v, -verb=N, --verbose=0..2 "));
  assert_string_equal(gsat_option_alias_find("-verb")->option, "verbose");
  assert_string_equal(gsat_option_alias_find("-cpu-lim")->value, "=");
  assert_non_null(strstr(text, "  --model, --no-model (-n) "));
  free(text);
}

static void hidden_rows(void **state) {
  (void)state;
  const char *hidden[] = {"cdcl_bcp",
                          "cdcl_cube_count",
                          "cdcl_cubes",
                          "cdcl_decide",
                          "cdcl_memory",
                          "cdcl_reduce",
                          "cdcl_restart",
                          "cdcl_target",
                          "cdcl_walk",
                          "cdcl_walk_answers",
                          "fast_exit",
                          "gpu_backoff",
                          "gpu_occ_sort",
                          "gpu_slice",
                          "gpu_stop_grace",
                          "gpu_walk_global",
                          "mpi_cube_queue",
                          "mpi_cube_standin",
                          "mpi_port_ring",
                          "mpi_share_interval",
                          "mpi_share_words",
                          "portfolio_gpu_cdcl",
                          "portfolio_gpu_delay",
                          "portfolio_gpu_walk",
                          "portfolio_phases",
                          "portfolio_walk",
                          "simp_effort",
                          "simp_occ_limit",
                          "vivify_effort",
                          "vivify_interval",
                          "vivify_irred",
                          "bva_effort",
                          "bva_size",
                          "bva_tiebreak",
                          "bva_share",
                          "gpu_walk_wide",
                          "gpu_walk_lane_dense",
                          "inprocess_bound",
                          "inprocess_effort",
                          "inprocess_interval",
                          "presearch",
                          "cdcl_cube_team",
                          "sweep_clauses",
                          "sweep_depth",
                          "sweep_effort",
                          "sweep_reward",
                          "sweep_reward_cap",
                          "sweep_rounds",
                          "sweep_vars"};
  const size_t num_hidden = sizeof hidden / sizeof hidden[0];
  char *text = usage_text();
  assert_non_null(strstr(text, "--threads=0..4096"));
  /* integer ranges in full, as they must be written */
  assert_non_null(strstr(text, "--node-limit=0..1000000000000000 "));
  assert_non_null(strstr(text, "--backend=auto|cpu|gpu"));
  size_t shown = 0;
  /* one line per shown option, "  --name" or "  -t, --time, --name" */
  shown = !strncmp(text, "  -", 3);
  for (const char *p = text; (p = strstr(p, "\n  -")); p++) shown++;
  assert_int_equal(shown, gsat_option_count - num_hidden);
  for (size_t i = 0; i < num_hidden; i++) {
    assert_true(gsat_option_find(hidden[i])->hidden);
    char dashed[32];
    snprintf(dashed, sizeof dashed, "--%s", hidden[i]);
    for (char *c = dashed; *c; c++)
      if (*c == '_') *c = '-';
    assert_null(strstr(text, dashed));
  }
  free(text);
  assert_false(gsat_option_find("threads")->hidden);
  gsat_options o;
  gsat_error err;
  gsat_options_init(&o);
  assert_int_equal(o.gpu_slice, 0);
  set_ok(&o, "gpu-slice", "16");
  assert_int_equal(o.gpu_slice, 16);
  setenv("GSAT_GPU_BACKOFF", "512", 1);
  setenv("GSAT_GPU_OCC_SORT", "bcf", 1);
  assert_int_equal(gsat_options_from_env(&o, &err), GSAT_OK);
  assert_int_equal(o.gpu_backoff, 512);
  assert_int_equal(o.gpu_occ_sort, GSAT_GPU_OCC_SORT_BCF);
  setenv("GSAT_GPU_OCC_SORT", "quick", 1);
  assert_int_equal(gsat_options_from_env(&o, &err), GSAT_USAGE);
  assert_non_null(strstr(err.message, "GSAT_GPU_OCC_SORT"));
  assert_non_null(strstr(err.message, "auto|radix|bcf"));
  unsetenv("GSAT_GPU_BACKOFF");
  unsetenv("GSAT_GPU_OCC_SORT");
}

/* The STRING kind (no row uses it yet): a field of GSAT_OPTION_STRING_SIZE
 * bytes from the generator, and parsing that keeps any text that fits. */
// clang-format off
#define TEST_OPTIONS(O) \
  O (count, UINT64, 7,  0, 100, 0, _, SHOW, "a count") \
  O (proof, STRING, "", _, _,   _, _, HIDE, "a path")
// clang-format on
typedef struct test_options {
  TEST_OPTIONS(GSAT_OPT_FIELD)
} test_options;

static void string_kind(void **state) {
  (void)state;
  test_options t;
  assert_int_equal(sizeof t.proof, GSAT_OPTION_STRING_SIZE);
  assert_int_equal(sizeof t.count, sizeof(uint64_t));
  const gsat_option_info info = {"proof", GSAT_OPT_STRING, 0,    "", 0,    0, 0,
                                 NULL,    "a path",        true, 0,  false};
  gsat_option_value v;
  gsat_error err;
  assert_int_equal(gsat_option_parse(&info, "out/proof.drat", &v, &err), GSAT_OK);
  assert_string_equal(v.string, "out/proof.drat");
  assert_int_equal(gsat_option_parse(&info, "", &v, &err), GSAT_OK);
  assert_string_equal(v.string, "");
  assert_int_equal(gsat_option_parse(&info, NULL, &v, &err), GSAT_USAGE);
  assert_non_null(strstr(err.message, "--proof needs a value"));
  char *long_path = malloc(GSAT_OPTION_STRING_SIZE + 1);
  assert_non_null(long_path);
  memset(long_path, 'a', GSAT_OPTION_STRING_SIZE);
  long_path[GSAT_OPTION_STRING_SIZE] = 0;
  assert_int_equal(gsat_option_parse(&info, long_path, &v, &err), GSAT_USAGE);
  assert_non_null(strstr(err.message, "at most 4095 characters"));
  long_path[GSAT_OPTION_STRING_SIZE - 1] = 0; /* 4095 fit */
  assert_int_equal(gsat_option_parse(&info, long_path, &v, &err), GSAT_OK);
  free(long_path);
}

static void parse_values(void **state) {
  (void)state;
  gsat_options o;
  gsat_options_init(&o);
  assert_int_equal(o.threads, 0);
  set_ok(&o, "threads", "4");
  assert_int_equal(o.threads, 4);
  set_ok(&o, "time-limit", "2.5");
  assert_true(o.time_limit == 2.5);
  set_ok(&o, "gpu_map", "warp");
  assert_int_equal(o.gpu_map, GSAT_GPU_MAP_WARP);
  gsat_error err;
  assert_int_equal(gsat_option_set(&o, "gpu_map", "lane", &err), GSAT_USAGE); /* removed */
  assert_int_equal(o.gpu_map, GSAT_GPU_MAP_WARP);
  set_ok(&o, "stats", NULL);
  assert_int_equal(o.stats, 1);
  set_ok(&o, "stats", "off");
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
   * surrounding spaces are refused (0x10 once meant 16 s). */
  const char *not_decimal[] = {"0x10", "0X1p3", "inf", "-infinity", "NAN", " 5",    "5 ",
                               ".",    "1e",    "1e+", "+",         "--1", "1.2.3", "0b1"};
  for (size_t i = 0; i < sizeof not_decimal / sizeof *not_decimal; i++) {
    assert_int_equal(gsat_option_set(&o, "time_limit", not_decimal[i], &err), GSAT_USAGE);
    assert_non_null(strstr(err.message, "--time-limit takes a number"));
  }
  assert_true(o.time_limit == 0);
  const struct {
    const char *text;
    double value;
  } decimal[] = {{"16", 16},    {"+2", 2},        {"0.5", 0.5},  {".25", 0.25}, {"3.", 3},
                 {"1e3", 1000}, {"2.5E-1", 0.25}, {"1e+2", 100}, {"007", 7}};
  for (size_t i = 0; i < sizeof decimal / sizeof *decimal; i++) {
    assert_int_equal(gsat_option_set(&o, "time_limit", decimal[i].text, &err), GSAT_OK);
    assert_true(o.time_limit == decimal[i].value);
  }
  /* an integer takes no exponent (a fresh-user review: --threads=1e3 was
   * 1000 threads): the decimal forms above are for reals only */
  assert_int_equal(gsat_option_set(&o, "threads", "1e1", &err), GSAT_USAGE);
  set_ok(&o, "threads", "10");
  assert_int_equal(o.threads, 10);
  set_ok(&o, "threads", "0");
  assert_int_equal(gsat_option_set(&o, "gpu_threads", "33", &err), GSAT_USAGE);
  assert_non_null(strstr(err.message, "--gpu-threads takes a multiple of 32"));
  assert_int_equal(o.gpu_threads, 0); /* the table's step */
  set_ok(&o, "gpu_threads", "96");
  assert_int_equal(o.gpu_threads, 96);
  assert_int_equal(o.threads, 0); /* unchanged by failures */
}

/* The messages name the option as typed (gsat_option_parse_as), say
 * "integer" for INT and UINT64 rows and "number" for REAL rows, and refuse
 * a number beyond a double (strtod's ERANGE) as out of range. */
static void value_messages(void **state) {
  (void)state;
  gsat_error err;
  gsat_option_value v;
  const gsat_option_info *t = gsat_option_find("time_limit");
  const gsat_option_info *threads = gsat_option_find("threads");
  assert_int_equal(gsat_option_parse_as(t, "-t", "abc", &v, &err), GSAT_USAGE);
  assert_string_equal(err.message, "option -t (--time-limit) takes a number, not 'abc'");
  assert_int_equal(gsat_option_parse_as(t, "--time-limit", "abc", &v, &err), GSAT_USAGE);
  assert_string_equal(err.message, "option --time-limit takes a number, not 'abc'");
  assert_int_equal(gsat_option_parse_as(t, NULL, "abc", &v, &err), GSAT_USAGE);
  assert_string_equal(err.message, "option --time-limit takes a number, not 'abc'");
  assert_int_equal(gsat_option_parse_as(t, "-t", NULL, &v, &err), GSAT_USAGE);
  assert_string_equal(err.message, "option -t (--time-limit) needs a value in 0..1000000000");
  assert_int_equal(gsat_option_parse_as(threads, NULL, NULL, &v, &err), GSAT_USAGE);
  assert_string_equal(err.message, "option --threads needs a value in 0..4096");
  assert_int_equal(gsat_option_parse_as(threads, NULL, "", &v, &err), GSAT_USAGE);
  assert_string_equal(err.message, "option --threads needs a value in 0..4096, not an empty one");
  /* the whole value is the number: blanks are refused, and named */
  assert_int_equal(gsat_option_parse_as(threads, NULL, "1 ", &v, &err), GSAT_USAGE);
  assert_string_equal(err.message, "option --threads takes an integer (digits only), not '1 ' "
                                   "(a blank is not part of a number)");
  assert_int_equal(gsat_option_parse_as(t, "-t", "\t2", &v, &err), GSAT_USAGE);
  assert_string_equal(err.message, "option -t (--time-limit) takes a number, not '\t2' "
                                   "(a blank is not part of a number)");
  assert_int_equal(gsat_option_parse_as(threads, NULL, "abc", &v, &err), GSAT_USAGE);
  assert_string_equal(err.message, "option --threads takes an integer (digits only), not 'abc'");
  assert_int_equal(gsat_option_parse_as(t, "-t", "1e400", &v, &err), GSAT_USAGE);
  assert_string_equal(err.message,
                      "option -t (--time-limit) must be in 0..1000000000, not '1e400'");
  assert_int_equal(gsat_option_parse_as(t, "-t", "1e-400", &v, &err), GSAT_USAGE);
  assert_string_equal(err.message, "option -t (--time-limit) must be in 0..1000000000, not "
                                   "'1e-400' (too close to 0 for a double)");
  for (size_t i = 0; i < gsat_option_count; i++) {
    const gsat_option_info *info = &gsat_option_table[i];
    if (info->kind == GSAT_OPT_REAL) {
      assert_int_equal(gsat_option_parse(info, "x", &v, &err), GSAT_USAGE);
      assert_non_null(strstr(err.message, "takes a number, not 'x'"));
      assert_int_equal(gsat_option_parse(info, "-1e999", &v, &err), GSAT_USAGE);
      assert_non_null(strstr(err.message, "must be in "));
    } else if (info->kind == GSAT_OPT_INT || info->kind == GSAT_OPT_UINT64) {
      assert_int_equal(gsat_option_parse(info, "x", &v, &err), GSAT_USAGE);
      assert_non_null(strstr(err.message, "takes an integer (digits only), not 'x'"));
    }
  }
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

/* A value option info takes: its default (the first name for an enum), "1"
 * for a boolean, a file name for a string. */
static const char *valid_value(const gsat_option_info *info, char *buf, size_t n) {
  if (info->kind == GSAT_OPT_STRING) return "x.drat";
  if (info->kind == GSAT_OPT_BOOL) return "1";
  if (info->kind == GSAT_OPT_ENUM) return gsat_option_enum_name(info->name, (int)info->def, buf, n);
  snprintf(buf, n, "%.17g", info->def);
  return buf;
}

/* gsat_options_check_search with option info given its valid value and
 * --search=search given (backend cpu: no portfolio member beside it). */
static gsat_status check_with(const gsat_option_info *info, const char *search, gsat_error *err) {
  gsat_options o;
  char buf[64];
  gsat_options_init(&o);
  set_ok(&o, "backend", "cpu");
  set_ok(&o, "search", search);
  set_ok(&o, info->name, valid_value(info, buf, sizeof buf));
  return gsat_options_check_search(&o, err);
}

/* Every option that only some searches read (GSAT_OPTION_READERS), given
 * with an explicit --search: accepted by a search that reads it, refused
 * by every other with a message naming both; --search=auto accepts it. */
static void search_specific_options(void **state) {
  (void)state;
  static const char *const searches[] = {"dpll", "cdcl", "walk"};
  int refused = 0, accepted = 0;
  for (size_t i = 0; i < gsat_option_count; i++) {
    const gsat_option_info *info = &gsat_option_table[i];
    if (!info->searches) continue;
    gsat_error err;
    assert_int_equal(check_with(info, "auto", &err), GSAT_OK);
    for (int x = GSAT_SEARCH_DPLL; x <= GSAT_SEARCH_WALK; x++) {
      const char *search = searches[x - GSAT_SEARCH_DPLL];
      gsat_error_clear(&err);
      const gsat_status st = check_with(info, search, &err);
      if (info->searches & (1u << x)) {
        assert_int_equal(st, GSAT_OK);
        accepted++;
        continue;
      }
      assert_int_equal(st, GSAT_USAGE);
      char opt[80], with[32];
      snprintf(opt, sizeof opt, "--%s is read only by --search=", info->name);
      for (char *c = opt; *c; c++) *c = *c == '_' ? '-' : *c;
      snprintf(with, sizeof with, "not with --search=%s", search);
      if (!strstr(err.message, opt) || !strstr(err.message, with))
        fail_msg("%s with --search=%s: '%s'", info->name, search, err.message);
      refused++;
    }
  }
  assert_true(refused >= 60 && accepted >= 40);
  assert_int_equal(gsat_option_table[GSAT_OPTION_INDEX_decide].searches, GSAT_READ(DPLL));
  assert_int_equal(gsat_option_table[GSAT_OPTION_INDEX_seed].searches,
                   GSAT_READ(CDCL) | GSAT_READ(WALK));
  assert_int_equal(gsat_option_table[GSAT_OPTION_INDEX_threads].searches, 0);
  assert_int_equal(gsat_option_table[GSAT_OPTION_INDEX_node_limit].searches, 0);
}

/* The help of a row says which search reads it ("CDCL ...", "CPU CDCL:",
 * "GPU CDCL:", "DPLL ...", "GPU walkers"): then the readers list has it. */
static void readers_match_the_help(void **state) {
  (void)state;
  for (size_t i = 0; i < gsat_option_count; i++) {
    const gsat_option_info *info = &gsat_option_table[i];
    const char *h = info->help;
    const int cdcl =
        !strncmp(h, "CDCL", 4) || !strncmp(h, "CPU CDCL", 8) || !strncmp(h, "GPU CDCL", 8);
    if (cdcl && info->searches != GSAT_READ(CDCL))
      fail_msg("%s (help '%.30s') is not listed as read by CDCL only", info->name, h);
    if (!strncmp(h, "DPLL", 4) && info->searches != GSAT_READ(DPLL))
      fail_msg("%s (help '%.30s') is not listed as read by DPLL only", info->name, h);
    if (!strncmp(h, "GPU walkers", 11) && !(info->searches & GSAT_READ(WALK)))
      fail_msg("%s (help '%.30s') is not listed as read by the walkers", info->name, h);
  }
}

/* Only explicit settings conflict: an option or a search set by the
 * environment, or left at its default, never does; --search=cdcl counts the
 * portfolio's GPU member (walkers, GPU CDCL or DPLL) with --backend=auto and
 * neither a proof nor a conflict limit. */
static void search_conflicts_only_when_given(void **state) {
  (void)state;
  gsat_options o;
  gsat_error err;
  setenv("GSAT_SEARCH", "dpll", 1);
  setenv("GSAT_SEED", "3", 1);
  gsat_options_init(&o);
  assert_int_equal(gsat_options_from_env(&o, &err), GSAT_OK);
  set_ok(&o, "vivify", "0"); /* search dpll from the environment only */
  assert_int_equal(gsat_options_check_search(&o, &err), GSAT_OK);
  set_ok(&o, "search", "dpll"); /* seed 3 from the environment only */
  assert_int_equal(gsat_options_check_search(&o, &err), GSAT_USAGE);
  assert_non_null(strstr(err.message, "--vivify is read only by --search=cdcl"));
  unsetenv("GSAT_SEARCH");
  unsetenv("GSAT_SEED");
  gsat_options_init(&o);
  set_ok(&o, "search", "walk");
  set_ok(&o, "seed", "7");
  assert_int_equal(gsat_options_check_search(&o, &err), GSAT_OK);
  set_ok(&o, "search", "dpll");
  assert_int_equal(gsat_options_check_search(&o, &err), GSAT_USAGE);
  assert_non_null(strstr(err.message, "--seed is read only by --search=cdcl or walk: not with "
                                      "--search=dpll"));
  /* --search=cdcl, --backend=auto: the walkers beside it read gpu_walk_global */
  gsat_options_init(&o);
  set_ok(&o, "search", "cdcl");
  set_ok(&o, "gpu_walk_global", "1");
  assert_int_equal(gsat_options_check_search(&o, &err), GSAT_OK);
  set_ok(&o, "proof", "x.drat"); /* no portfolio with a proof */
  assert_int_equal(gsat_options_check_search(&o, &err), GSAT_USAGE);
  gsat_options_init(&o);
  set_ok(&o, "search", "cdcl");
  set_ok(&o, "gpu_threads", "64"); /* GPU DPLL's */
  assert_int_equal(gsat_options_check_search(&o, &err), GSAT_USAGE);
  set_ok(&o, "portfolio_gpu_walk", "0");
  assert_int_equal(gsat_options_check_search(&o, &err), GSAT_USAGE); /* GPU CDCL member */
  set_ok(&o, "portfolio_gpu_cdcl", "0");
  assert_int_equal(gsat_options_check_search(&o, &err), GSAT_OK); /* GPU DPLL member */
  set_ok(&o, "backend", "cpu");
  assert_int_equal(gsat_options_check_search(&o, &err), GSAT_USAGE);
}

/* gsat_options_check_backend with option info given its valid value beside
 * --backend=backend (given, or from the environment when env). */
static gsat_status backend_with(const gsat_option_info *info, const char *backend, int env,
                                gsat_error *err) {
  gsat_options o;
  char buf[64];
  gsat_options_init(&o);
  if (env) {
    setenv("GSAT_BACKEND", backend, 1);
    assert_int_equal(gsat_options_from_env(&o, err), GSAT_OK);
    unsetenv("GSAT_BACKEND");
  } else {
    set_ok(&o, "backend", backend);
  }
  set_ok(&o, info->name, valid_value(info, buf, sizeof buf));
  return gsat_options_check_backend(&o, err);
}

/* The GPU member's delay (gsat_options_gpu_delay): auto by its search, or
 * as given. */
static void gpu_member_delay(void **state) {
  (void)state;
  gsat_options o;
  gsat_options_init(&o);
  assert_true(o.portfolio_gpu_delay == -1);
  assert_true(gsat_options_gpu_delay(&o, GSAT_SEARCH_CDCL) == GSAT_GPU_DELAY_WALK); /* walkers */
  assert_true(gsat_options_gpu_delay(&o, GSAT_SEARCH_DPLL) == GSAT_GPU_DELAY);
  assert_true(gsat_options_gpu_delay(&o, GSAT_SEARCH_WALK) == GSAT_GPU_DELAY);
  set_ok(&o, "portfolio_gpu_walk", "false"); /* GPU CDCL beside CPU CDCL */
  assert_true(gsat_options_gpu_delay(&o, GSAT_SEARCH_CDCL) == GSAT_GPU_DELAY);
  set_ok(&o, "portfolio_gpu_delay", "0");
  assert_true(gsat_options_gpu_delay(&o, GSAT_SEARCH_CDCL) == 0);
  set_ok(&o, "portfolio_gpu_walk", "true");
  set_ok(&o, "portfolio_gpu_delay", "1.5");
  assert_true(gsat_options_gpu_delay(&o, GSAT_SEARCH_CDCL) == 1.5);
  assert_true(gsat_options_gpu_delay(&o, GSAT_SEARCH_DPLL) == 1.5);
  set_ok(&o, "portfolio_gpu_delay", "-1");
  assert_true(gsat_options_gpu_delay(&o, GSAT_SEARCH_CDCL) == GSAT_GPU_DELAY_WALK);
  /* between -1 (auto) and 0: refused, not read as auto */
  gsat_error err;
  assert_int_equal(gsat_option_set(&o, "portfolio_gpu_delay", "-0.5", &err), GSAT_USAGE);
  assert_non_null(strstr(err.message, "-1 (auto) or in 0..10"));
  assert_true(o.portfolio_gpu_delay == -1);
}

/* Every option the GPU only reads (GSAT_GPU_ONLY), given beside an explicit
 * --backend=cpu: a usage error naming it; every other option is accepted
 * there; --backend=auto or gpu, and cpu from the environment, accept all. */
static void gpu_only_options_with_backend_cpu(void **state) {
  (void)state;
  int refused = 0;
  for (size_t i = 0; i < gsat_option_count; i++) {
    const gsat_option_info *info = &gsat_option_table[i];
    gsat_error err;
    gsat_error_clear(&err);
    const gsat_status st = backend_with(info, "cpu", 0, &err);
    if (!info->gpu_only || i == GSAT_OPTION_INDEX_backend) {
      assert_int_equal(st, GSAT_OK);
    } else {
      char want[96];
      snprintf(want, sizeof want, "--%s is read only by the GPU: not with --backend=cpu (",
               info->name);
      for (char *c = want; *c; c++) *c = *c == '_' ? '-' : *c;
      if (st != GSAT_USAGE || strncmp(err.message, want, strlen(want)))
        fail_msg("%s with --backend=cpu: status %d, '%s'", info->name, st, err.message);
      refused++;
    }
    assert_int_equal(backend_with(info, "auto", 0, &err), GSAT_OK);
    assert_int_equal(backend_with(info, "gpu", 0, &err), GSAT_OK);
    assert_int_equal(backend_with(info, "cpu", 1, &err), GSAT_OK);
  }
  assert_int_equal(refused, 21);
  gsat_error err;
  assert_int_equal(backend_with(&gsat_option_table[GSAT_OPTION_INDEX_gpu_blocks], "cpu", 0, &err),
                   GSAT_USAGE);
  assert_string_equal(err.message, "--gpu-blocks is read only by the GPU: not with --backend=cpu "
                                   "(drop one of them, or use --backend=auto, which accepts it "
                                   "with or without a GPU)");
  /* the marker leaves the searches as they were */
  assert_int_equal(gsat_option_table[GSAT_OPTION_INDEX_gpu_blocks].searches,
                   GSAT_READ(DPLL) | GSAT_READ(WALK));
  assert_int_equal(gsat_option_table[GSAT_OPTION_INDEX_device].searches, 0);
  assert_true(gsat_option_table[GSAT_OPTION_INDEX_device].gpu_only);
  assert_true(gsat_option_table[GSAT_OPTION_INDEX_portfolio_gpu_delay].gpu_only);
  /* read by CPU ranks standing in for GPU ranks (--mpi-cube-standin) */
  assert_false(gsat_option_table[GSAT_OPTION_INDEX_mpi_cube_queue].gpu_only);
  assert_false(gsat_option_table[GSAT_OPTION_INDEX_threads].gpu_only);
}

/* Every --gpu-* option is marked read by the GPU only, and every option so
 * marked names the GPU (or CUDA) in its name or its help. */
static void gpu_only_matches_the_names(void **state) {
  (void)state;
  for (size_t i = 0; i < gsat_option_count; i++) {
    const gsat_option_info *info = &gsat_option_table[i];
    if (!strncmp(info->name, "gpu_", 4) && !info->gpu_only)
      fail_msg("%s is not marked read by the GPU only (GSAT_GPU_ONLY)", info->name);
    if (info->gpu_only && !strstr(info->name, "gpu") && !strstr(info->help, "GPU") &&
        !strstr(info->help, "CUDA"))
      fail_msg("%s is marked read by the GPU only, but its help names no GPU", info->name);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(table_sorted_and_defaults_in_range),
      cmocka_unit_test(typed_fields),
      cmocka_unit_test(sweep_on_by_default),
      cmocka_unit_test(enum_names_and_constants),
      cmocka_unit_test(hidden_rows),
      cmocka_unit_test(aliases_name_rows),
      cmocka_unit_test(string_kind),
      cmocka_unit_test(parse_values),
      cmocka_unit_test(reject_bad_values),
      cmocka_unit_test(value_messages),
      cmocka_unit_test(environment_overrides),
      cmocka_unit_test(search_specific_options),
      cmocka_unit_test(readers_match_the_help),
      cmocka_unit_test(search_conflicts_only_when_given),
      cmocka_unit_test(gpu_member_delay),
      cmocka_unit_test(gpu_only_options_with_backend_cpu),
      cmocka_unit_test(gpu_only_matches_the_names),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
