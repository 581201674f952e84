/* A stop flag that a signal handler, a watchdog or another thread may raise and
 * every worker polls: a plain int accessed with atomic builtins, so that it is
 * async-signal-safe to set and is shared by C and CUDA host code alike. */
#ifndef GSAT_CONTROL_H
#define GSAT_CONTROL_H

typedef int gsat_flag;

#define GSAT_FLAG_RAISE(f)     __atomic_store_n((f), 1, __ATOMIC_RELAXED)
#define GSAT_FLAG_CLEAR(f)     __atomic_store_n((f), 0, __ATOMIC_RELAXED)
#define GSAT_FLAG_IS_RAISED(f) ((f) && __atomic_load_n((f), __ATOMIC_RELAXED) != 0)

#endif
