/* Status codes and error records.  The library never prints and never exits: every
 * fallible function returns a gsat_status and, on failure, fills a gsat_error with a
 * message (and, for input errors, file, line and column).  Only main() maps a status
 * to an exit code. */
#ifndef GSAT_STATUS_H
#define GSAT_STATUS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* X (NAME, value, "text") -- one row per status; the table generates the enum and
 * gsat_status_name(). */
// clang-format off
#define GSAT_STATUS_MAP(X)                                         \
  X (OK,        0,  "success")                                     \
  X (NOMEM,    -1,  "out of memory")                               \
  X (PARSE,    -2,  "parse error")                                 \
  X (IO,       -3,  "input/output error")                          \
  X (USAGE,    -4,  "invalid usage")                               \
  X (RESOURCE, -5,  "resource limit exceeded")                     \
  X (CUDA,     -6,  "CUDA error")                                  \
  X (NODEVICE, -7,  "no usable CUDA device")                       \
  X (INTERNAL, -8,  "internal error")                              \
  X (INTERRUPTED, -9, "interrupted")
// clang-format on

typedef enum gsat_status {
#define GSAT_STATUS_ENUM(name, value, text) GSAT_##name = value,
  GSAT_STATUS_MAP(GSAT_STATUS_ENUM)
#undef GSAT_STATUS_ENUM
} gsat_status;

/* The answer of a search: the SAT competition's exit codes, the numbers of
 * gsat.h's GSAT_SATISFIABLE, GSAT_UNSATISFIABLE and GSAT_UNKNOWN. */
typedef enum gsat_answer {
  GSAT_ANSWER_UNKNOWN = 0, /* a limit, a stop request */
  GSAT_ANSWER_SAT = 10,
  GSAT_ANSWER_UNSAT = 20,
} gsat_answer;

/* Short, static text for a status ("parse error"). */
const char *gsat_status_name(gsat_status status);

#define GSAT_ERROR_MESSAGE_SIZE 512

/* Details of the last failure.  line and column are 1-based and 0 when unknown. */
typedef struct gsat_error {
  gsat_status status;
  uint64_t line, column;
  char file[256];
  char message[GSAT_ERROR_MESSAGE_SIZE];
} gsat_error;

/* Records status and a printf-style message in err (which may be NULL) and
 * returns status, so that callers can write `return gsat_error_set (...)`. */
gsat_status gsat_error_set(gsat_error *err, gsat_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Clears err to GSAT_OK with an empty message. */
void gsat_error_clear(gsat_error *err);

/* GSAT_RETURN_IF (cond, err, STATUS, "fmt", ...): record and return on failure.
 * GSAT_FORWARD (expr): evaluate a status expression and return it unless OK. */
#define GSAT_RETURN_IF(cond, err, name, ...)                                                       \
  do {                                                                                             \
    if (cond) return gsat_error_set((err), GSAT_##name, __VA_ARGS__);                              \
  } while (0)

#define GSAT_FORWARD(expr)                                                                         \
  do {                                                                                             \
    gsat_status gsat_forward_status_ = (expr);                                                     \
    if (gsat_forward_status_ != GSAT_OK) return gsat_forward_status_;                              \
  } while (0)

#ifdef __cplusplus
}
#endif

#endif
