/* Options: one table generates the fields, defaults, ranges, the parser for
 * `--name=value`, GSAT_<NAME> environment overrides and the --help text
 * (style.md, 7).  Keep the rows sorted by name (a test checks it). */
#ifndef GSAT_OPTIONS_H
#define GSAT_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "solver/base/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gsat_option_kind {
  GSAT_OPT_BOOL,
  GSAT_OPT_INT,
  GSAT_OPT_REAL,
  GSAT_OPT_ENUM, /* value is the index into the '|'-separated names */
} gsat_option_kind;

/* O (name, kind, default, low, high, step (a value must be a multiple of it;
 * 0: any), enum names or NULL, "help") */
// clang-format off
#define GSAT_OPTIONS(O)                                                                         \
  O (backend,     ENUM, 0, 0, 2, 0,         "auto|cpu|gpu",     "search backend (auto: GPU if a device is usable, else CPU)") \
  O (cdcl_bcp,    ENUM, 0, 0, 1, 0,         "watched|streams",  "tuning: CDCL BCP of original clauses: watched, or read whole from the occurrence streams (only learned clauses watched)") \
  O (cdcl_decide, ENUM, 0, 0, 2, 0,         "auto|vsids|vmtf",  "tuning: CDCL decision heuristic (auto: the measured default)") \
  O (cdcl_reduce, INT,  0, 0, 1e9, 0,       NULL,               "tuning: CDCL conflicts before the first learned-clause reduction, and its interval step / 7 (0: the measured default)") \
  O (cdcl_restart, ENUM, 0, 0, 3, 0,        "auto|switch|glucose|luby", "tuning: CDCL restarts: switch (focused LBD averages and stable Luby phases), glucose or luby only (auto: the measured default)") \
  O (decide,      ENUM, 0, 0, 2, 0,         "auto|static|moms", "DPLL decision heuristic (auto: chosen from instance features)") \
  O (device,      INT,  0, 0, 1023, 0,      NULL,               "CUDA device ordinal")                      \
  O (gpu_blocks,  INT,  0, 0, 1048576, 0,   NULL,               "GPU thread blocks (0: one per SM)")     \
  O (gpu_layout,  ENUM, 0, 0, 2, 0,         "auto|csr|slot",    "GPU CNF layout: csr, or slot (streams and slot-major clause buckets built on the GPU); auto: per mapping, by the A/B in bench/RESULTS.md") \
  O (gpu_map,     ENUM, 0, 0, 2, 0,         "auto|lane|warp",   "GPU mapping of the tree search (auto: warp, the faster on every instance measured)") \
  O (gpu_threads, INT,  0, 0, 512, 32,      NULL,               "GPU threads per block, a multiple of 32 (0: 512 warp, 128 lane)") \
  O (node_limit,  INT,  0, 0, 1e15, 0,      NULL,               "decisions before giving up with s UNKNOWN (0: none)") \
  O (partial,     BOOL, 0, 0, 1, 0,         NULL,               "print only the variables that occur in a clause in the model") \
  O (progress,    REAL, 5, 0, 1e9, 0,       NULL,               "seconds between progress lines (0: none)")   \
  O (proof_format, ENUM, 0, 0, 1, 0,       "binary|text",      "DRAT proof format of --proof=FILE") \
  O (quiet,       BOOL, 0, 0, 1, 0,         NULL,               "print only the s and v lines and errors")    \
  O (relaxed,     BOOL, 0, 0, 1, 0,         NULL,               "accept fewer clauses than the header declares (with a warning)") \
  O (search,      ENUM, 0, 0, 2, 0,         "auto|dpll|cdcl",   "search: dpll (no learning), cdcl (clause learning, CPU only), auto: chosen from instance features") \
  O (seed,        INT,  0, 0, 4294967295.0, 0,  NULL,           "random seed (reserved: the search is deterministic)") \
  O (stats,       BOOL, 0, 0, 1, 0,         NULL,               "print statistics")                           \
  O (strict,      BOOL, 0, 0, 1, 0,         NULL,               "reject the % end marker, extra clauses and undeclared variables") \
  O (threads,     INT,  0, 0, 4096, 0,      NULL,               "CPU worker threads (0: all cores)")         \
  O (time_limit,  REAL, 0, 0, 1e9, 0,       NULL,               "seconds from start to giving up with s UNKNOWN (0: none)")
// clang-format on

typedef struct gsat_options {
#define GSAT_OPTION_FIELD(name, kind, def, lo, hi, step, names, help) double name;
  GSAT_OPTIONS(GSAT_OPTION_FIELD)
#undef GSAT_OPTION_FIELD
} gsat_options;

typedef struct gsat_option_info {
  const char *name; /* with underscores, as in the table */
  gsat_option_kind kind;
  double def, low, high, step; /* step: values are multiples of it (0: any) */
  const char *names; /* enum value names, '|'-separated */
  const char *help;
  size_t offset;     /* of the field in gsat_options */
} gsat_option_info;

/* The table, sorted by name, and its length. */
extern const gsat_option_info gsat_option_table[];
extern const size_t gsat_option_count;

/* Sets every option to its default. */
void gsat_options_init(gsat_options *o);

/* Finds an option by name; '-' and '_' are interchangeable.  NULL if unknown. */
const gsat_option_info *gsat_option_find(const char *name);

/* Parses value (a number, true/false/yes/no/on/off for booleans, a name or
 * index for enums) and sets the option.  Errors: USAGE (unknown option, bad value,
 * out of range), with a message naming the option and the accepted values. */
gsat_status gsat_option_set(gsat_options *o, const char *name, const char *value,
                            gsat_error *err);

/* Applies GSAT_<NAME> environment variables (e.g. GSAT_THREADS=4).  Errors as
 * gsat_option_set, naming the variable. */
gsat_status gsat_options_from_env(gsat_options *o, gsat_error *err);

/* Value of an option as an integer (enums: the index). */
static inline long long gsat_option_int(double value) { return (long long)value; }

/* Name of an enum option's value, e.g. gsat_option_enum_name("backend", 2) == "gpu"
 * (written to buf of size n). */
const char *gsat_option_enum_name(const char *option, int index, char *buf, size_t n);

/* Writes the --help lines for every option to out. */
void gsat_options_usage(FILE *out);

#ifdef __cplusplus
}
#endif

#endif
