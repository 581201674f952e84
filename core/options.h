/* Options: the table in option_table.h generates the typed fields, the enums,
 * defaults, ranges, the parser for `--name=value`, GSAT_<NAME> environment
 * overrides and the --help text (style.md, 7). */
#ifndef GSAT_OPTIONS_H
#define GSAT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/status.h"
#include "core/option_table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gsat_option_kind {
  GSAT_OPT_BOOL,
  GSAT_OPT_INT,
  GSAT_OPT_UINT64,
  GSAT_OPT_REAL,
  GSAT_OPT_ENUM, /* value is the index into the '|'-separated names */
  GSAT_OPT_STRING,
} gsat_option_kind;

typedef struct gsat_option_info {
  const char *name; /* with underscores, as in the table */
  gsat_option_kind kind;
  double def;             /* the default (not for STRING) */
  const char *def_string; /* STRING: the default; NULL otherwise */
  double low, high, step; /* step: values are multiples of it (0: any) */
  const char *names;      /* ENUM: the value names, '|'-separated */
  const char *help;
  bool hidden;       /* a tuning knob: not in --help */
  unsigned searches; /* GSAT_READ bits of the searches that read it
                      * (GSAT_OPTION_READERS); 0: every search */
  bool gpu_only;     /* read by the GPU only (GSAT_GPU_ONLY) */
} gsat_option_info;

/* The table, sorted by name, and its length (GSAT_OPTION_ROWS); row i is
 * option GSAT_OPTION_INDEX_<name>. */
extern const gsat_option_info gsat_option_table[];
extern const size_t gsat_option_count;

/* A parsed value: number for every kind but STRING (booleans 0 or 1, enums
 * the index), string (pointing into the parsed text) for STRING. */
typedef struct gsat_option_value {
  double number;
  const char *string;
} gsat_option_value;

/* An alias of GSAT_OPTION_ALIASES (option_table.h). */
typedef struct gsat_option_alias {
  const char *spelling; /* "-t", "--time" */
  const char *option;   /* the table's name, "time_limit" */
  const char *value;    /* what it sets; NULL: takes a value; "=": takes a
                         * value after '=' only; "+1": adds one */
} gsat_option_alias;

extern const gsat_option_alias gsat_option_aliases[];
extern const size_t gsat_option_alias_count;

/* The alias spelled exactly `spelling` ("-t", "--time"; no "=value"), or
 * NULL. */
const gsat_option_alias *gsat_option_alias_find(const char *spelling);

/* The environment variable of option info, GSAT_<NAME> (the name in upper
 * case: GSAT_TIME_LIMIT), into var of size bytes (64 hold every name). */
void gsat_option_env_name(const gsat_option_info *info, char *var, size_t size);

/* Sets every option to its default. */
void gsat_options_init(gsat_options *o);

/* Finds an option by name; '-' and '_' are interchangeable.  NULL if unknown. */
const gsat_option_info *gsat_option_find(const char *name);

/* Parses value for option info without storing it: a number in range (and a
 * multiple of the step) for INT, UINT64 and REAL, true/false/yes/no/on/off/1/0
 * or NULL (true) for BOOL, a name for ENUM, any text shorter than
 * GSAT_OPTION_STRING_SIZE for STRING.  Errors: USAGE, with a message naming
 * the option (as --name) and the accepted values: an empty or missing number
 * "needs a value in LOW..HIGH", a non-integer for INT and UINT64 "takes an
 * integer", a non-number for REAL "takes a number", a number out of range
 * (also one beyond a double, 1e400 or 1e-400) "must be in LOW..HIGH". */
gsat_status gsat_option_parse(const gsat_option_info *info, const char *value,
                              gsat_option_value *out, gsat_error *err);

/* gsat_option_parse, the messages naming the option as the user typed it,
 * `spelling` ("-t", "--time", "--time_limit"), followed by its --name when
 * they differ: "option -t (--time-limit) takes a number, not 'abc'".
 * spelling NULL: the --name alone, as gsat_option_parse. */
gsat_status gsat_option_parse_as(const gsat_option_info *info, const char *spelling,
                                 const char *value, gsat_option_value *out, gsat_error *err);

/* Parses value (gsat_option_parse) and sets option `name`, marking it
 * given (o->given).  Errors: USAGE (unknown option or a bad value); the
 * option is unchanged then. */
gsat_status gsat_option_set(gsat_options *o, const char *name, const char *value, gsat_error *err);

/* Value of option info in o as a number: booleans 0 or 1, enums the index,
 * STRING 0 when empty and 1 otherwise. */
double gsat_option_get(const gsat_options *o, const gsat_option_info *info);

/* Applies GSAT_<NAME> environment variables (e.g. GSAT_THREADS=4), hidden
 * options included; they are defaults, not marked given.  Errors as
 * gsat_option_set, naming the variable. */
gsat_status gsat_options_from_env(gsat_options *o, gsat_error *err);

/* The search of the CPU+GPU portfolio's GPU member when the CPU member runs
 * search (not auto): the walkers beside CPU walkers; beside CPU CDCL the
 * walkers (portfolio_gpu_walk), else GPU CDCL (portfolio_gpu_cdcl), else
 * DPLL; DPLL beside DPLL. */
gsat_opt_search gsat_options_gpu_member(const gsat_options *o, gsat_opt_search search);

/* The seconds the portfolio's GPU member waits before it touches CUDA when
 * the CPU member runs search (not auto): portfolio_gpu_delay when given,
 * else GSAT_GPU_DELAY_WALK for the GPU walkers beside CPU CDCL (structured
 * formulas, which the CPU mostly answers sooner than a CUDA context is made
 * and torn down) and GSAT_GPU_DELAY for the rest.  A ski-rental choice:
 * waiting about what a context costs loses at most that much where the GPU
 * answers (bench/RESULTS.md, the portfolio's start-up floor). */
#define GSAT_GPU_DELAY      0.02
#define GSAT_GPU_DELAY_WALK 0.25
double gsat_options_gpu_delay(const gsat_options *o, gsat_opt_search search);

/* The searches that may run with options o, as GSAT_READ bits: the
 * search o->search names (all three for auto) and, with --search=cdcl,
 * the portfolio's GPU member (gsat_options_gpu_member) where --backend=auto
 * may race one (no proof, no conflict limit). */
unsigned gsat_options_searches_run(const gsat_options *o);

/* An option given explicitly that no search of an explicit --search reads
 * (gsat_option_info.searches against gsat_options_searches_run; options
 * set by the environment or left at their defaults, and --search=auto,
 * never conflict): USAGE naming both, "--decide is read only by
 * --search=dpll: not with --search=cdcl (...)"; the first such option in
 * table order.  GSAT_OK otherwise. */
gsat_status gsat_options_check_search(const gsat_options *o, gsat_error *err);

/* The options given explicitly (o->given) that none of the searches of ran
 * (GSAT_READ bits of the searches that ran) reads (gsat_option_info.searches;
 * options read by every search never count), as one text for a note into
 * buf of size n (cut to fit): "ignored by the search that ran, cdcl
 * (--search=auto): --decide (read only by --search=dpll)", further options
 * after ", " in table order; "" when none.  Returns how many. */
unsigned gsat_options_unread(const gsat_options *o, unsigned ran, char *buf, size_t n);

/* An option read by the GPU only (gsat_option_info.gpu_only) given
 * explicitly beside an explicit --backend=cpu, where nothing reads it:
 * USAGE naming both, "--gpu-blocks is read only by the GPU: not with
 * --backend=cpu (...)"; the first such option in table order.  Options set
 * by the environment or left at their defaults, and --backend=auto (with or
 * without a GPU present: the same command line runs on both) and gpu, never
 * conflict.  GSAT_OK otherwise. */
gsat_status gsat_options_check_backend(const gsat_options *o, gsat_error *err);

/* Name of an enum option's value, e.g. gsat_option_enum_name("backend", 2) == "gpu"
 * (written to buf of size n; "" for an unknown option or index). */
const char *gsat_option_enum_name(const char *option, int index, char *buf, size_t n);

/* Writes the --help lines for every option but the hidden ones to out. */
void gsat_options_usage(FILE *out);

#ifdef __cplusplus
}
#endif

#endif
