#include "solver/core/options.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const gsat_option_info gsat_option_table[] = {
#define GSAT_OPTION_ROW(name, kind, def, lo, hi, step, names, help)            \
  {#name,                                                                      \
   GSAT_OPT_##kind,                                                            \
   def,                                                                        \
   lo,                                                                         \
   hi,                                                                         \
   step,                                                                       \
   names,                                                                      \
   help,                                                                       \
   offsetof(gsat_options, name)},
    GSAT_OPTIONS(GSAT_OPTION_ROW)
#undef GSAT_OPTION_ROW
};
const size_t gsat_option_count =
    sizeof gsat_option_table / sizeof gsat_option_table[0];

void gsat_options_init(gsat_options *o) {
  for (size_t i = 0; i < gsat_option_count; i++)
    *(double *)((char *)o + gsat_option_table[i].offset) =
        gsat_option_table[i].def;
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
    if (same_name(gsat_option_table[i].name, name))
      return &gsat_option_table[i];
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

const char *gsat_option_enum_name(const char *option, int index, char *buf,
                                  size_t n) {
  const gsat_option_info *info = gsat_option_find(option);
  buf[0] = 0;
  if (!info || info->kind != GSAT_OPT_ENUM) return buf;
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

/* Reads a decimal number (is_decimal) into *out; 0 if s is not one or is
 * out of double's range. */
static int parse_number(const char *s, double *out) {
  if (!is_decimal(s)) return 0;
  errno = 0;
  char *end;
  double v = strtod(s, &end);
  if (*end || errno == ERANGE || !isfinite(v)) return 0;
  *out = v;
  return 1;
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

gsat_status gsat_option_set(gsat_options *o, const char *name,
                            const char *value, gsat_error *err) {
  const gsat_option_info *info = gsat_option_find(name);
  GSAT_RETURN_IF(!info, err, USAGE, "unknown option '%s' (try --help)", name);
  char opt[72];
  const char *oname = dashed(info->name, opt, sizeof opt);
  double *field = (double *)((char *)o + info->offset), v = 0;
  switch (info->kind) {
  case GSAT_OPT_BOOL:
    if (!value || !strcasecmp(value, "true") || !strcasecmp(value, "yes") ||
        !strcasecmp(value, "on") || !strcmp(value, "1"))
      v = 1;
    else if (!strcasecmp(value, "false") || !strcasecmp(value, "no") ||
             !strcasecmp(value, "off") || !strcmp(value, "0"))
      v = 0;
    else
      return gsat_error_set(err, GSAT_USAGE,
                            "option %s takes true or false, not '%s'", oname,
                            value);
    break;
  case GSAT_OPT_ENUM: {
    GSAT_RETURN_IF(!value, err, USAGE, "option %s needs a value: %s", oname,
                   info->names);
    int index = enum_index(info->names, value);
    GSAT_RETURN_IF(index < 0, err, USAGE, "option %s takes one of %s, not '%s'",
                   oname, info->names, value);
    v = index;
    break;
  }
  case GSAT_OPT_INT:
  case GSAT_OPT_REAL:
    GSAT_RETURN_IF(!value, err, USAGE, "option %s needs a value", oname);
    GSAT_RETURN_IF(!parse_number(value, &v), err, USAGE,
                   "option %s takes a number, not '%s'", oname, value);
    GSAT_RETURN_IF(info->kind == GSAT_OPT_INT && v != floor(v), err, USAGE,
                   "option %s takes an integer, not '%s'", oname, value);
    GSAT_RETURN_IF(v < info->low || v > info->high, err, USAGE,
                   "option %s must be in %.15g..%.15g, not '%s'", oname,
                   info->low, info->high, value);
    GSAT_RETURN_IF(info->step > 0 && fmod(v, info->step) != 0, err, USAGE,
                   "option %s takes a multiple of %.15g, not '%s'", oname,
                   info->step, value);
    break;
  }
  *field = v;
  return GSAT_OK;
}

gsat_status gsat_options_from_env(gsat_options *o, gsat_error *err) {
  for (size_t i = 0; i < gsat_option_count; i++) {
    char var[64] = "GSAT_";
    size_t k = 5;
    for (const char *p = gsat_option_table[i].name; *p && k + 1 < sizeof var;
         p++)
      var[k++] = (char)toupper((unsigned char)*p);
    var[k] = 0;
    const char *value = getenv(var);
    if (!value) continue;
    gsat_status st = gsat_option_set(o, gsat_option_table[i].name, value, err);
    if (st != GSAT_OK) {
      char msg[GSAT_ERROR_MESSAGE_SIZE];
      snprintf(msg, sizeof msg, "%s", err ? err->message : "");
      return gsat_error_set(err, st, "environment variable %s: %s", var, msg);
    }
  }
  return GSAT_OK;
}

void gsat_options_usage(FILE *out) {
  for (size_t i = 0; i < gsat_option_count; i++) {
    const gsat_option_info *o = &gsat_option_table[i];
    char name[64];
    size_t k = 0;
    for (const char *p = o->name; *p && k + 1 < sizeof name; p++)
      name[k++] = *p == '_' ? '-' : *p;
    name[k] = 0;
    char arg[160];
    switch (o->kind) {
    case GSAT_OPT_BOOL:
      snprintf(arg, sizeof arg, "--%s", name);
      break;
    case GSAT_OPT_ENUM:
      snprintf(arg, sizeof arg, "--%s=%s", name, o->names);
      break;
    default:
      snprintf(arg, sizeof arg, "--%s=%.15g..%.15g", name, o->low, o->high);
      break;
    }
    char def[64];
    if (o->kind == GSAT_OPT_ENUM) {
      char buf[32];
      snprintf(def, sizeof def, "%s",
               gsat_option_enum_name(o->name, (int)o->def, buf, sizeof buf));
    } else if (o->kind == GSAT_OPT_BOOL) {
      snprintf(def, sizeof def, "%s", o->def ? "true" : "false");
    } else {
      snprintf(def, sizeof def, "%.15g", o->def);
    }
    fprintf(out, "  %-36s %s [%s]\n", arg, o->help, def);
  }
}
