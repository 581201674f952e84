#include "base/status.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *gsat_status_name(gsat_status status) {
  switch (status) {
#define GSAT_STATUS_CASE(name, value, text)                                                        \
  case GSAT_##name:                                                                                \
    return text;
    GSAT_STATUS_MAP(GSAT_STATUS_CASE)
#undef GSAT_STATUS_CASE
  }
  return "unknown status";
}

gsat_status gsat_error_set(gsat_error *err, gsat_status status, const char *fmt, ...) {
  if (!err) return status;
  err->status = status;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  va_end(ap);
  return status;
}

void gsat_error_clear(gsat_error *err) {
  if (!err) return;
  memset(err, 0, sizeof *err);
  err->status = GSAT_OK;
}
