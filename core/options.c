#include "core/options.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The info rows, by kind: default, range and step, enum names. */
#define DEF_BOOL(d)                        (d), NULL
#define DEF_INT(d)                         (d), NULL
#define DEF_UINT64(d)                      (d), NULL
#define DEF_REAL(d)                        (d), NULL
#define DEF_ENUM(d)                        (d), NULL
#define DEF_STRING(d)                      0, (d)
#define ONE(P, X, str)                     +1
#define BAR_NAME(P, X, str)                "|" str
#define RANGE_BOOL(lo, hi, step, values)   0, 1, 0
#define RANGE_INT(lo, hi, step, values)    (lo), (hi), (step)
#define RANGE_UINT64(lo, hi, step, values) (lo), (hi), (step)
#define RANGE_REAL(lo, hi, step, values)   (lo), (hi), 0
#define RANGE_ENUM(lo, hi, step, values)   0, (0 GSAT_##values##_VALUES(ONE, values)) - 1, 0
#define RANGE_STRING(lo, hi, step, values) 0, 0, 0
#define NAMES_BOOL(values)                 NULL
#define NAMES_INT(values)                  NULL
#define NAMES_UINT64(values)               NULL
#define NAMES_REAL(values)                 NULL
#define NAMES_ENUM(values)                 GSAT_##values##_VALUES(BAR_NAME, values) + 1
#define NAMES_STRING(values)               NULL
#define HIDDEN_SHOW                        false
#define HIDDEN_HIDE                        true
#define READ_IF(row, name, searches)                                                               \
  | (GSAT_OPTION_INDEX_##name == GSAT_OPTION_INDEX_##row ? (searches) : 0u)
#define READERS(name) (0u GSAT_OPTION_READERS(READ_IF, name))

const gsat_option_info gsat_option_table[] = {
#define ROW(name, kind, def, lo, hi, step, values, hide, help)                                     \
  {#name,                                                                                          \
   GSAT_OPT_##kind,                                                                                \
   DEF_##kind(def),                                                                                \
   RANGE_##kind(lo, hi, step, values),                                                             \
   NAMES_##kind(values),                                                                           \
   help,                                                                                           \
   HIDDEN_##hide,                                                                                  \
   READERS(name) & ~GSAT_GPU_ONLY,                                                                 \
   (READERS(name) & GSAT_GPU_ONLY) != 0},
    GSAT_OPTIONS(ROW)
#undef ROW
};
const size_t gsat_option_count = sizeof gsat_option_table / sizeof gsat_option_table[0];
_Static_assert(sizeof gsat_option_table / sizeof gsat_option_table[0] == GSAT_OPTION_ROWS,
               "one info row per option");

/* Stores, reads and resets a field by the row's kind (v: a parsed value). */
#define STORE_BOOL(name)       o->name = v->number != 0;
#define STORE_INT(name)        o->name = (int)v->number;
#define STORE_UINT64(name)     o->name = (uint64_t)v->number;
#define STORE_REAL(name)       o->name = v->number;
#define STORE_ENUM(name)       o->name = (gsat_opt_##name)(int)v->number;
#define STORE_STRING(name)     snprintf(o->name, sizeof o->name, "%s", v->string);
#define GET_BOOL(name)         o->name
#define GET_INT(name)          o->name
#define GET_UINT64(name)       (double)o->name
#define GET_REAL(name)         o->name
#define GET_ENUM(name)         (int)o->name
#define GET_STRING(name)       (o->name[0] != 0)
#define INIT_BOOL(name, def)   o->name = (def);
#define INIT_INT(name, def)    o->name = (def);
#define INIT_UINT64(name, def) o->name = (def);
#define INIT_REAL(name, def)   o->name = (def);
#define INIT_ENUM(name, def)   o->name = (def);
#define INIT_STRING(name, def) snprintf(o->name, sizeof o->name, "%s", (def));

static void store(gsat_options *o, size_t index, const gsat_option_value *v) {
  switch (index) {
#define CASE(name, kind, def, lo, hi, step, values, hide, help)                                    \
  case GSAT_OPTION_INDEX_##name:                                                                   \
    STORE_##kind(name) break;
    GSAT_OPTIONS(CASE)
#undef CASE
  }
}

double gsat_option_get(const gsat_options *o, const gsat_option_info *info) {
  switch ((size_t)(info - gsat_option_table)) {
#define CASE(name, kind, def, lo, hi, step, values, hide, help)                                    \
  case GSAT_OPTION_INDEX_##name:                                                                   \
    return GET_##kind(name);
    GSAT_OPTIONS(CASE)
#undef CASE
  }
  return 0;
}

const gsat_option_alias gsat_option_aliases[] = {
#define GSAT_OPTION_ALIAS_ROW(spelling, option, value) {spelling, #option, value},
    GSAT_OPTION_ALIASES(GSAT_OPTION_ALIAS_ROW)
#undef GSAT_OPTION_ALIAS_ROW
};
const size_t gsat_option_alias_count = sizeof gsat_option_aliases / sizeof gsat_option_aliases[0];

const gsat_option_alias *gsat_option_alias_find(const char *spelling) {
  for (size_t i = 0; i < gsat_option_alias_count; i++)
    if (!strcmp(gsat_option_aliases[i].spelling, spelling)) return &gsat_option_aliases[i];
  return NULL;
}

void gsat_options_init(gsat_options *o) {
  memset(o, 0, sizeof *o);
#define INIT(name, kind, def, lo, hi, step, values, hide, help) INIT_##kind(name, def)
  GSAT_OPTIONS(INIT)
#undef INIT
}

static int same_name(const char *a, const char *b) {
  for (; *a && *b; a++, b++) {
    char x = *a == '-' ? '_' : *a, y = *b == '-' ? '_' : *b;
    if (x != y) return 0;
  }
  return *a == *b;
}

const gsat_option_info *gsat_option_find(const char *name) {
  for (size_t i = 0; i < gsat_option_count; i++)
    if (same_name(gsat_option_table[i].name, name)) return &gsat_option_table[i];
  return NULL;
}

/* Index of `value` among the '|'-separated names, or -1. */
static int enum_index(const char *names, const char *value) {
  size_t n = strlen(value);
  int index = 0;
  for (const char *p = names; *p; index++) {
    const char *bar = strchr(p, '|');
    size_t len = bar ? (size_t)(bar - p) : strlen(p);
    if (len == n && !strncmp(p, value, n)) return index;
    if (!bar) break;
    p = bar + 1;
  }
  return -1;
}

const char *gsat_option_enum_name(const char *option, int index, char *buf, size_t n) {
  const gsat_option_info *info = gsat_option_find(option);
  buf[0] = 0;
  if (!info || info->kind != GSAT_OPT_ENUM || index < 0) return buf;
  const char *p = info->names;
  for (int i = 0; i < index && p; i++) {
    p = strchr(p, '|');
    if (p) p++;
  }
  if (!p) return buf;
  const char *bar = strchr(p, '|');
  size_t len = bar ? (size_t)(bar - p) : strlen(p);
  if (len >= n) len = n - 1;
  memcpy(buf, p, len);
  buf[len] = 0;
  return buf;
}

/* Whether s is a decimal number: an optional sign, digits with at most one
 * '.' (at least one digit), an optional exponent (e or E, an optional sign,
 * digits).  Hexadecimal, inf, nan, spaces and anything else are not. */
static int is_decimal(const char *s) {
  size_t digits = 0;
  if (*s == '+' || *s == '-') s++;
  for (; isdigit((unsigned char)*s); s++) digits++;
  if (*s == '.')
    for (s++; isdigit((unsigned char)*s); s++) digits++;
  if (!digits) return 0;
  if (*s == 'e' || *s == 'E') {
    s++;
    if (*s == '+' || *s == '-') s++;
    if (!isdigit((unsigned char)*s)) return 0;
    while (isdigit((unsigned char)*s)) s++;
  }
  return !*s;
}

/* Whether s is an integer as the INT and UINT64 options take it: an
 * optional sign and digits only (no '.', no exponent: `--threads=1e3` is a
 * usage error, not 1000). */
static int is_integer(const char *s) {
  if (*s == '+' || *s == '-') s++;
  if (!isdigit((unsigned char)*s)) return 0;
  while (isdigit((unsigned char)*s)) s++;
  return !*s;
}

/* Reads a decimal number (is_decimal) into *out.  Returns 1, 0 if s is not
 * one, or -1 for one whose magnitude is beyond double's range or too close
 * to 0 for a double (strtod's ERANGE: "1e400", "1e-400"; *out is then
 * strtod's HUGE_VAL or a value of magnitude below 1). */
static int parse_number(const char *s, double *out) {
  *out = 0;
  if (!is_decimal(s)) return 0;
  errno = 0;
  char *end;
  *out = strtod(s, &end);
  if (*end) return 0;
  return errno == ERANGE || !isfinite(*out) ? -1 : 1;
}

/* The option's command-line spelling, "--time-limit" for "time_limit", which
 * the messages use (the API's underscore name is one substitution away). */
static const char *dashed(const char *name, char *buf, size_t n) {
  size_t k = 0;
  buf[k++] = '-';
  buf[k++] = '-';
  for (; *name && k + 1 < n; name++) buf[k++] = *name == '_' ? '-' : *name;
  buf[k] = 0;
  return buf;
}

static gsat_status parse_bool(const char *oname, const char *value, gsat_option_value *out,
                              gsat_error *err) {
  if (!value || !strcasecmp(value, "true") || !strcasecmp(value, "yes") ||
      !strcasecmp(value, "on") || !strcmp(value, "1"))
    out->number = 1;
  else if (!strcasecmp(value, "false") || !strcasecmp(value, "no") || !strcasecmp(value, "off") ||
           !strcmp(value, "0"))
    out->number = 0;
  else
    return gsat_error_set(err, GSAT_USAGE,
                          "option %s takes true or false (yes/no, on/off, 1/0), not '%s'", oname,
                          value);
  return GSAT_OK;
}

/* The range of a number option as --help and the messages write it,
 * "0..4096": integers in full (1e15 as 1000000000000000, which is how it must
 * be written), reals as %.15g. */
static const char *range_text(const gsat_option_info *info, char *buf, size_t n) {
  if (info->kind == GSAT_OPT_REAL)
    snprintf(buf, n, "%.15g..%.15g", info->low, info->high);
  else
    snprintf(buf, n, "%.0f..%.0f", info->low, info->high);
  return buf;
}

/* The message for value, which a double cannot hold (parse_number -1, v
 * strtod's result): beyond every range, which is finite; one too close to 0
 * says so, as a range may hold 0 ("1e-400" is not 0). */
static gsat_status out_of_double(const char *oname, const char *value, double v, const char *range,
                                 gsat_error *err) {
  const int tiny = fabs(v) < 1;
  return gsat_error_set(err, GSAT_USAGE, "option %s must be in %s, not '%s'%s", oname, range, value,
                        tiny ? " (too close to 0 for a double)" : "");
}

static gsat_status parse_range(const gsat_option_info *info, const char *oname, const char *value,
                               gsat_option_value *out, gsat_error *err) {
  double v = 0;
  char range[64];
  range_text(info, range, sizeof range);
  GSAT_RETURN_IF(!value, err, USAGE, "option %s needs a value in %s", oname, range);
  GSAT_RETURN_IF(!*value, err, USAGE, "option %s needs a value in %s, not an empty one", oname,
                 range);
  /* the whole value is the number: a blank is named, being hard to see */
  const char *blank = strpbrk(value, " \t\n\r\v\f") ? " (a blank is not part of a number)" : "";
  GSAT_RETURN_IF(info->kind != GSAT_OPT_REAL && !is_integer(value), err, USAGE,
                 "option %s takes an integer (digits only), not '%s'%s", oname, value, blank);
  const int parsed = parse_number(value, &v);
  GSAT_RETURN_IF(!parsed, err, USAGE, "option %s takes a number, not '%s'%s", oname, value, blank);
  if (parsed < 0) return out_of_double(oname, value, v, range, err);
  GSAT_RETURN_IF(v < info->low || v > info->high, err, USAGE, "option %s must be in %s, not '%s'",
                 oname, range, value);
  /* a real range from -1 holds -1 (auto) and 0..high, not what lies between */
  GSAT_RETURN_IF(info->kind == GSAT_OPT_REAL && info->low == -1 && v < 0 && v != -1, err, USAGE,
                 "option %s must be -1 (auto) or in 0..%.15g, not '%s'", oname, info->high, value);
  GSAT_RETURN_IF(info->step > 0 && fmod(v, info->step) != 0, err, USAGE,
                 "option %s takes a multiple of %.15g, not '%s'", oname, info->step, value);
  out->number = v;
  return GSAT_OK;
}

/* How the messages name option info: its --name, or the spelling the user
 * typed followed by the --name when they differ ("-t (--time-limit)"). */
static const char *message_name(const gsat_option_info *info, const char *spelling, char *buf,
                                size_t n) {
  char canonical[72];
  dashed(info->name, canonical, sizeof canonical);
  if (!spelling || !strcmp(spelling, canonical))
    snprintf(buf, n, "%s", canonical);
  else
    snprintf(buf, n, "%s (%s)", spelling, canonical);
  return buf;
}

gsat_status gsat_option_parse_as(const gsat_option_info *info, const char *spelling,
                                 const char *value, gsat_option_value *out, gsat_error *err) {
  char opt[160];
  const char *oname = message_name(info, spelling, opt, sizeof opt);
  out->number = 0;
  out->string = NULL;
  switch (info->kind) {
  case GSAT_OPT_BOOL:
    return parse_bool(oname, value, out, err);
  case GSAT_OPT_ENUM: {
    GSAT_RETURN_IF(!value, err, USAGE, "option %s needs a value: %s", oname, info->names);
    int index = enum_index(info->names, value);
    GSAT_RETURN_IF(index < 0, err, USAGE, "option %s takes one of %s, not '%s'", oname, info->names,
                   value);
    out->number = index;
    return GSAT_OK;
  }
  case GSAT_OPT_STRING:
    GSAT_RETURN_IF(!value, err, USAGE, "option %s needs a value", oname);
    GSAT_RETURN_IF(strlen(value) >= GSAT_OPTION_STRING_SIZE, err, USAGE,
                   "option %s takes at most %d characters, not %zu", oname,
                   GSAT_OPTION_STRING_SIZE - 1, strlen(value));
    out->string = value;
    return GSAT_OK;
  default:
    return parse_range(info, oname, value, out, err);
  }
}

gsat_status gsat_option_parse(const gsat_option_info *info, const char *value,
                              gsat_option_value *out, gsat_error *err) {
  return gsat_option_parse_as(info, NULL, value, out, err);
}

/* gsat_option_set without marking the option given. */
static gsat_status set_value(gsat_options *o, const char *name, const char *value,
                             gsat_error *err) {
  const gsat_option_info *info = gsat_option_find(name);
  GSAT_RETURN_IF(!info, err, USAGE, "unknown option '%s' (try --help)", name);
  gsat_option_value v;
  GSAT_FORWARD(gsat_option_parse(info, value, &v, err));
  store(o, (size_t)(info - gsat_option_table), &v);
  return GSAT_OK;
}

gsat_status gsat_option_set(gsat_options *o, const char *name, const char *value, gsat_error *err) {
  GSAT_FORWARD(set_value(o, name, value, err));
  o->given[gsat_option_find(name) - gsat_option_table] = true;
  return GSAT_OK;
}

void gsat_option_env_name(const gsat_option_info *info, char *var, size_t size) {
  size_t k = (size_t)snprintf(var, size, "GSAT_");
  for (const char *p = info->name; *p && k + 1 < size; p++)
    var[k++] = (char)toupper((unsigned char)*p);
  var[k < size ? k : size - 1] = 0;
}

gsat_status gsat_options_from_env(gsat_options *o, gsat_error *err) {
  for (size_t i = 0; i < gsat_option_count; i++) {
    char var[64];
    gsat_option_env_name(&gsat_option_table[i], var, sizeof var);
    const char *value = getenv(var);
    if (!value) continue;
    gsat_status st = set_value(o, gsat_option_table[i].name, value, err);
    if (st != GSAT_OK) {
      char msg[GSAT_ERROR_MESSAGE_SIZE];
      snprintf(msg, sizeof msg, "%s", err ? err->message : "");
      return gsat_error_set(err, st, "environment variable %s: %s", var, msg);
    }
  }
  return GSAT_OK;
}

double gsat_options_gpu_delay(const gsat_options *o, gsat_opt_search search) {
  if (o->portfolio_gpu_delay >= 0) return o->portfolio_gpu_delay;
  const int walkers_beside_cdcl =
      search == GSAT_SEARCH_CDCL && gsat_options_gpu_member(o, search) == GSAT_SEARCH_WALK;
  return walkers_beside_cdcl ? GSAT_GPU_DELAY_WALK : GSAT_GPU_DELAY;
}

gsat_opt_search gsat_options_gpu_member(const gsat_options *o, gsat_opt_search search) {
  return search == GSAT_SEARCH_WALK   ? GSAT_SEARCH_WALK
         : search != GSAT_SEARCH_CDCL ? GSAT_SEARCH_DPLL
         : o->portfolio_gpu_walk      ? GSAT_SEARCH_WALK
         : o->portfolio_gpu_cdcl      ? GSAT_SEARCH_CDCL
                                      : GSAT_SEARCH_DPLL;
}

unsigned gsat_options_searches_run(const gsat_options *o) {
  switch (o->search) {
  case GSAT_SEARCH_DPLL:
  case GSAT_SEARCH_WALK:
    return 1u << o->search;
  case GSAT_SEARCH_CDCL:
    if (o->backend != GSAT_BACKEND_AUTO || o->proof[0] || o->conflicts) return GSAT_READ(CDCL);
    return GSAT_READ(CDCL) | 1u << gsat_options_gpu_member(o, GSAT_SEARCH_CDCL);
  default:
    return GSAT_READ(DPLL) | GSAT_READ(CDCL) | GSAT_READ(WALK);
  }
}

/* The searches of mask as --search names them, joined by sep (" or "):
 * "dpll", "cdcl or walk". */
static const char *search_names(unsigned mask, const char *sep, char *buf, size_t n) {
  size_t k = 0;
  buf[0] = 0;
  for (int x = GSAT_SEARCH_DPLL; x <= GSAT_SEARCH_WALK; x++) {
    if (!(mask & (1u << x))) continue;
    char name[16];
    gsat_option_enum_name("search", x, name, sizeof name);
    k += (size_t)snprintf(buf + k, k < n ? n - k : 0, "%s%s", k ? sep : "", name);
  }
  return buf;
}

gsat_status gsat_options_check_search(const gsat_options *o, gsat_error *err) {
  if (!o->given[GSAT_OPTION_INDEX_search] || o->search == GSAT_SEARCH_AUTO) return GSAT_OK;
  const unsigned run = gsat_options_searches_run(o);
  for (size_t i = 0; i < gsat_option_count; i++) {
    const gsat_option_info *info = &gsat_option_table[i];
    if (!o->given[i] || !info->searches || (info->searches & run)) continue;
    char opt[72], readers[64], search[16];
    gsat_option_enum_name("search", (int)o->search, search, sizeof search);
    /* read by the portfolio's GPU member, which these settings leave out */
    const int member = o->search == GSAT_SEARCH_CDCL &&
                       (info->searches & 1u << gsat_options_gpu_member(o, GSAT_SEARCH_CDCL));
    return gsat_error_set(err, GSAT_USAGE,
                          "%s is read only by --search=%s: not with --search=%s (drop one of "
                          "them, or use --search=auto)%s",
                          dashed(info->name, opt, sizeof opt),
                          search_names(info->searches, " or ", readers, sizeof readers), search,
                          member ? "; with --search=cdcl the CPU+GPU portfolio's GPU member reads "
                                   "it, which runs only with --backend=auto, no --proof and no "
                                   "--conflicts"
                                 : "");
  }
  return GSAT_OK;
}

unsigned gsat_options_unread(const gsat_options *o, unsigned ran, char *buf, size_t n) {
  unsigned count = 0;
  size_t k = 0;
  buf[0] = 0;
  for (size_t i = 0; i < gsat_option_count; i++) {
    const gsat_option_info *info = &gsat_option_table[i];
    if (!o->given[i] || !info->searches || (info->searches & ran)) continue;
    char opt[72], readers[64];
    if (!count++)
      k += (size_t)snprintf(buf, n, "ignored by the %s that ran, %s (--search=%s):",
                            ran & (ran - 1) ? "searches" : "search",
                            search_names(ran, " and ", readers, sizeof readers),
                            gsat_option_enum_name("search", (int)o->search, opt, sizeof opt));
    k += (size_t)snprintf(buf + k, k < n ? n - k : 0, "%s %s (read only by --search=%s)",
                          count > 1 ? "," : "", dashed(info->name, opt, sizeof opt),
                          search_names(info->searches, " or ", readers, sizeof readers));
  }
  return count;
}

gsat_status gsat_options_check_backend(const gsat_options *o, gsat_error *err) {
  if (!o->given[GSAT_OPTION_INDEX_backend] || o->backend != GSAT_BACKEND_CPU) return GSAT_OK;
  for (size_t i = 0; i < gsat_option_count; i++) {
    if (!o->given[i] || !gsat_option_table[i].gpu_only) continue;
    char opt[72];
    return gsat_error_set(err, GSAT_USAGE,
                          "%s is read only by the GPU: not with --backend=cpu (drop one of them, "
                          "or use --backend=auto, which accepts it with or without a GPU)",
                          dashed(gsat_option_table[i].name, opt, sizeof opt));
  }
  return GSAT_OK;
}

/* The default as --help shows it: a name, true/false, "" or a number. */
static const char *default_text(const gsat_option_info *o, char *buf, size_t n) {
  switch (o->kind) {
  case GSAT_OPT_ENUM:
    return gsat_option_enum_name(o->name, (int)o->def, buf, n);
  case GSAT_OPT_BOOL:
    snprintf(buf, n, "%s", o->def ? "true" : "false");
    return buf;
  case GSAT_OPT_STRING:
    snprintf(buf, n, "\"%s\"", o->def_string);
    return buf;
  default:
    snprintf(buf, n, "%.15g", o->def);
    return buf;
  }
}

/* The --help spelling of option o (arg: "--name=RANGE") with its aliases:
 * "-t, --time, --time-limit=0..1e9"; a boolean's alias that clears it is
 * shown beside the --no- form: "--model, --no-model (-n)". */
static const char *spelled_with_aliases(const gsat_option_info *o, const char *arg) {
  static char out[448];
  char negated[200] = "";
  size_t n = 0;
  for (size_t j = 0; j < gsat_option_alias_count; j++) {
    const gsat_option_alias *a = &gsat_option_aliases[j];
    if (strcmp(a->option, o->name)) continue;
    if (o->kind == GSAT_OPT_BOOL && a->value && !strcmp(a->value, "0"))
      snprintf(negated, sizeof negated, ", --no-%s (%s)", arg + 2, a->spelling);
    else
      n += (size_t)snprintf(out + n, sizeof out - n, "%s%s, ", a->spelling,
                            a->value && !strcmp(a->value, "=") ? "=N" : "");
  }
  snprintf(out + n, sizeof out - n, "%s%s", arg, negated);
  return out;
}

void gsat_options_usage(FILE *out) {
  for (size_t i = 0; i < gsat_option_count; i++) {
    const gsat_option_info *o = &gsat_option_table[i];
    if (o->hidden) continue;
    char name[64];
    size_t k = 0;
    for (const char *p = o->name; *p && k + 1 < sizeof name; p++) name[k++] = *p == '_' ? '-' : *p;
    name[k] = 0;
    char arg[160];
    switch (o->kind) {
    case GSAT_OPT_BOOL:
      snprintf(arg, sizeof arg, "--%s", name);
      break;
    case GSAT_OPT_ENUM:
      snprintf(arg, sizeof arg, "--%s=%s", name, o->names);
      break;
    case GSAT_OPT_STRING:
      snprintf(arg, sizeof arg, "--%s=STRING", name);
      break;
    default: {
      char range[64];
      snprintf(arg, sizeof arg, "--%s=%s", name, range_text(o, range, sizeof range));
      break;
    }
    }
    char def[64];
    fprintf(out, "  %-36s %s [%s]\n", spelled_with_aliases(o, arg), o->help,
            default_text(o, def, sizeof def));
  }
}
