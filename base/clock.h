/* The clock every part reads: seconds on a monotonic clock (CLOCK_MONOTONIC).
 * Base floor: no search parameters, no backend. */
#ifndef GSAT_BASE_CLOCK_H
#define GSAT_BASE_CLOCK_H

#ifdef __cplusplus
extern "C" {
#endif

/* Seconds on a monotonic clock; only differences are meaningful. */
double gsat_seconds(void);

/* Sleeps the calling thread about `seconds` (nanosleep; a signal may cut it
 * short). */
void gsat_sleep(double seconds);

#ifdef __cplusplus
}
#endif

#endif
