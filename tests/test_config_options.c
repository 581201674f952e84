/* The configurations filled from the options by a list (core/simp.h
 * GSAT_SIMP_OPTIONS, core/cdcl_host.h GSAT_CDCL_OPTIONS): for every option of
 * the table, set to a value other than its default by the options parser,
 * gsat_*_config_from_options changes exactly the fields that this file says
 * the option sets, to the option's value, and nothing for every other
 * option; the defaults of those fields are the option table's.  The rows
 * below are written out here, apart from the lists, so that a pair missing
 * from a list or a wrong one fails; they name every field of the struct (a
 * field left out leaves a hole in the layout), so that a new field is
 * placed here too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/cdcl_host.h"
#include "core/options.h"
#include "core/simp.h"

/* A field of a configuration: the option that sets it (NULL: none), and
 * whether the field then holds the option's value (else only changes). */
typedef struct field {
  const char *option;
  const char *name;
  size_t offset, size;
  int same;
} field;

/* A configuration: its fields, its defaults and its copy from the options. */
typedef struct config {
  const char *name;
  size_t size;
  const field *fields;
  size_t num_fields;
  void (*fill_default)(void *c);
  void (*from_options)(void *c, const gsat_options *o);
} config;

#define FIELD(type, name, option, same)                                                            \
  { option, #name, offsetof(type, name), sizeof(((type *)0)->name), same }
#define SIMP(name, option) FIELD(gsat_simp_config, name, option, 1)
#define CDCL(name, option) FIELD(gsat_cdcl_config, name, option, 1)
#define COUNT(rows)        (sizeof rows / sizeof rows[0])

static const field simp_fields[] = {
    SIMP(subsume, "subsume"),
    SIMP(elim, "elim"),
    SIMP(probe, "probe"),
    SIMP(equiv, "equiv"),
    SIMP(bva, "bva"),
    SIMP(hbr, "hbr"),
    SIMP(equiv_learned, "equiv_learned"),
    SIMP(extra_bins, NULL),
    SIMP(num_extra_bins, NULL),
    SIMP(bva_tiebreak, "bva_tiebreak"),
    SIMP(bva_effort, "bva_effort"),
    SIMP(bva_size, "bva_size"),
    SIMP(congruence, "congruence"),
    SIMP(sweep, "sweep"),
    SIMP(sweep_clauses, "sweep_clauses"),
    SIMP(sweep_depth, "sweep_depth"),
    SIMP(sweep_vars, "sweep_vars"),
    SIMP(sweep_rounds, "sweep_rounds"),
    SIMP(sweep_effort, "sweep_effort"),
    SIMP(sweep_reward, "sweep_reward"),
    SIMP(sweep_reward_cap, "sweep_reward_cap"),
    SIMP(sweep_ref, NULL),
    SIMP(sweep_next, NULL),
    SIMP(sweep_skip, NULL),
    SIMP(bva_share, "bva_share"),
    SIMP(effort, "simp_effort"),
    SIMP(steps, NULL),
    SIMP(occ_limit, "simp_occ_limit"),
    SIMP(clause_limit, NULL),
    SIMP(elim_bound, NULL),
    SIMP(stop, NULL),
    SIMP(deadline, NULL),
};

/* decide, restart, target, bcp and the reduction come from their options
 * in api.c (auto keeps these defaults), not by the list. */
static const field cdcl_fields[] = {
    CDCL(decide, NULL),
    CDCL(restart, NULL),
    CDCL(bcp, NULL),
    CDCL(var_decay, NULL),
    CDCL(clause_decay, NULL),
    CDCL(restart_margin, NULL),
    CDCL(restart_min, NULL),
    CDCL(luby_unit, NULL),
    CDCL(mode_conflicts, NULL),
    CDCL(reduce_first, NULL),
    CDCL(reduce_inc, NULL),
    CDCL(tier1_lbd, NULL),
    CDCL(tier2_lbd, NULL),
    CDCL(initial_phase, NULL),
    CDCL(target, NULL),
    CDCL(seed, "seed"),
    CDCL(vivify, "vivify_effort"),
    FIELD(gsat_cdcl_config, vivify, "vivify", 0), /* --no-vivify: 0 */
    CDCL(vivify_interval, "vivify_interval"),
    CDCL(vivify_irred, "vivify_irred"),
};

static void simp_default(void *c) {
  gsat_simp_config_default(c);
}
static void simp_from(void *c, const gsat_options *o) {
  gsat_simp_config_from_options(c, o);
}
static void cdcl_default(void *c) {
  gsat_cdcl_config_default(c);
}
static void cdcl_from(void *c, const gsat_options *o) {
  gsat_cdcl_config_from_options(c, o);
}

static const config configs[] = {
    {"gsat_simp_config", sizeof(gsat_simp_config), simp_fields, COUNT(simp_fields), simp_default,
     simp_from},
    {"gsat_cdcl_config", sizeof(gsat_cdcl_config), cdcl_fields, COUNT(cdcl_fields), cdcl_default,
     cdcl_from},
};

/* A value of option info other than its default, as the parser reads it,
 * into buf of size n. */
static const char *other_value(const gsat_option_info *info, char *buf, size_t n) {
  if (info->kind == GSAT_OPT_BOOL) return info->def ? "false" : "true";
  if (info->kind == GSAT_OPT_STRING) return "other";
  if (info->kind == GSAT_OPT_ENUM)
    return gsat_option_enum_name(info->name, ((int)info->def + 1) % ((int)info->high + 1), buf, n);
  const double step = info->step > 0 ? info->step : 1;
  snprintf(buf, n, "%.17g", info->def + step <= info->high ? info->def + step : info->def - step);
  return buf;
}

/* The value of field f of configuration c, widened. */
static uint64_t field_value(const void *c, const field *f) {
  const char *at = (const char *)c + f->offset;
  if (f->size == 1) return *(const uint8_t *)at;
  if (f->size == 4) {
    uint32_t v;
    memcpy(&v, at, 4);
    return v;
  }
  assert_int_equal(f->size, 8);
  uint64_t v;
  memcpy(&v, at, 8);
  return v;
}

/* The rows of cfg name every field: sorted by offset, each starts where the
 * one before ends, or after padding shorter than itself (its alignment),
 * and the last ends within the struct's tail padding. */
static void fields_cover(const config *cfg) {
  size_t end = 0;
  for (size_t i = 0; i < cfg->num_fields; i++) {
    const field *f = &cfg->fields[i];
    if (i && f->offset == cfg->fields[i - 1].offset) continue; /* a field of two options */
    if (f->offset < end || f->offset - end >= f->size)
      fail_msg("%s: a field without a row before %s, or the rows out of order", cfg->name, f->name);
    end = f->offset + f->size;
  }
  if (cfg->size - end >= 8) fail_msg("%s: a field without a row at the end", cfg->name);
}

/* Option index set to its other value on the defaults: exactly the fields of
 * its rows change (to its value where same), and nothing else. */
static void option_sets_its_fields(const config *cfg, size_t index, const void *base) {
  const gsat_option_info *info = &gsat_option_table[index];
  gsat_options o;
  gsat_error err;
  char buf[64];
  gsat_options_init(&o);
  assert_int_equal(gsat_option_set(&o, info->name, other_value(info, buf, sizeof buf), &err),
                   GSAT_OK);
  unsigned char c[512], expected[512];
  assert_true(cfg->size <= sizeof c);
  memcpy(c, base, cfg->size);
  cfg->from_options(c, &o);
  memcpy(expected, base, cfg->size);
  for (size_t i = 0; i < cfg->num_fields; i++) {
    const field *f = &cfg->fields[i];
    if (!f->option || strcmp(f->option, info->name)) continue;
    if (field_value(c, f) == field_value(base, f))
      fail_msg("%s.%s: unchanged by --%s", cfg->name, f->name, info->name);
    if (f->same && field_value(c, f) != (uint64_t)gsat_option_get(&o, info))
      fail_msg("%s.%s: not the value of --%s", cfg->name, f->name, info->name);
    memcpy(expected + f->offset, c + f->offset, f->size);
  }
  for (size_t i = 0; i < cfg->num_fields; i++) {
    const field *f = &cfg->fields[i];
    if (memcmp(c + f->offset, expected + f->offset, f->size))
      fail_msg("%s.%s: changed by --%s, which does not set it", cfg->name, f->name, info->name);
  }
}

/* The defaults of the option fields are the option table's. */
static void defaults_of_the_table(const config *cfg, const void *base) {
  for (size_t i = 0; i < cfg->num_fields; i++) {
    const field *f = &cfg->fields[i];
    if (!f->option || !f->same) continue;
    const gsat_option_info *info = gsat_option_find(f->option);
    assert_non_null(info);
    if (field_value(base, f) != (uint64_t)info->def)
      fail_msg("%s.%s: default is not that of --%s", cfg->name, f->name, f->option);
  }
}

static void configs_follow_the_options(void **state) {
  (void)state;
  for (size_t k = 0; k < COUNT(configs); k++) {
    const config *cfg = &configs[k];
    unsigned char base[512];
    assert_true(cfg->size <= sizeof base);
    cfg->fill_default(base);
    fields_cover(cfg);
    defaults_of_the_table(cfg, base);
    for (size_t i = 0; i < gsat_option_count; i++) option_sets_its_fields(cfg, i, base);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(configs_follow_the_options),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
