/* The race of a portfolio (cdcl.md, section 6): several search
 * members (the CPU search, the GPU search) run on their own threads over one
 * formula, the first verified answer wins, the others are stopped through the
 * race's stop flag.  Generic: a member is a function that fills a
 * gsat_search_result, so that tests drive the arbitration with stand-in
 * members (one that answers after a delay, one that never answers, one that
 * fails) and no GPU.
 *
 * A member runs in two phases: its setup (a CUDA context, the upload), which
 * cannot be interrupted, then its search, which polls the stop flag.  It
 * announces the second by gsat_race_begin(); when that says the race is over,
 * the member returns at once, without searching (no kernel is launched for a
 * race the CPU has already won).  When the race ends, the caller waits for the
 * members that have begun (they stop within their polling interval) but not
 * for those still in their setup: those are left running in the background
 * (detached), hold their own reference to the race and its shared data, and
 * free both when they return.  gsat_race_background() counts them, so that
 * main() can end the process without waiting for a CUDA context it no longer
 * needs (only main() decides that).
 *
 * Sharing between members (units and short learned clauses): the shared
 * data the caller hands to gsat_race_new() outlives every member, so a
 * sharing ring (core/share.h) placed there is where CPU and GPU
 * members meet (the portfolio's exchange, portfolio.h). */
#ifndef GSAT_API_RACE_H
#define GSAT_API_RACE_H

#include <stdint.h>

#include "base/control.h"
#include "base/status.h"
#include "core/search.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GSAT_RACE_MAX_MEMBERS 4
#define GSAT_RACE_NONE        UINT32_MAX

typedef struct gsat_race gsat_race;

/* A member's search: fills *r (answer, model over internal variables when
 * SAT, counters) and returns a status (a failure's message in err).  It must
 * poll `stop` (the race's flag) during its search and call
 * gsat_race_begin(race, index) after its setup, before searching; when that
 * returns 0 it returns GSAT_OK with r->answer UNKNOWN without searching.
 * `shared` is the caller's data of gsat_race_new(). */
typedef gsat_status (*gsat_race_run_fn)(void *shared, gsat_race *race, uint32_t index,
                                        const gsat_flag *stop, gsat_search_result *r,
                                        gsat_error *err);

/* Checks a SAT answer of member `index` before it can win (the model against
 * the original clauses): GSAT_OK or an error (the member then counts as
 * failed).  Called with the race's lock held, never after the race is over,
 * so it may write the caller's state (the kept model). */
typedef gsat_status (*gsat_race_verify_fn)(void *verify_data, uint32_t index,
                                           const gsat_search_result *r, gsat_error *err);

/* Where a member is. */
typedef enum gsat_race_phase {
  GSAT_RACE_SETUP,     /* started, not yet searching */
  GSAT_RACE_SEARCHING, /* gsat_race_begin() let it search */
  GSAT_RACE_DONE,      /* returned */
} gsat_race_phase;

/* What the caller learns of one member after gsat_race_run(). */
typedef struct gsat_race_member_report {
  const char *name;
  gsat_race_phase phase; /* at the end of the race: SETUP means left in the background */
  gsat_status status;    /* its return (GSAT_OK while not returned) */
  char message[256];     /* its error message when it failed, else "" */
  int answer;            /* gsat_answer (UNKNOWN while not returned) */
  int stopped_by_limit;
  int verified;                 /* a SAT answer that passed verify */
  double started, began, ended; /* seconds after gsat_race_run() started; 0: never */
  gsat_search_result result;    /* its result (counters, times; the model moved to the
                                 * winner's), zero when it did not return */
} gsat_race_member_report;

/* The outcome of a race. */
typedef struct gsat_race_outcome {
  uint32_t winner;      /* member index, GSAT_RACE_NONE when none answered */
  int answer;           /* gsat_answer of the winner, UNKNOWN when none */
  int stopped_by_limit; /* UNKNOWN by the time limit (deadline) or a member's limit */
  int stopped;          /* UNKNOWN by the caller's stop flag */
  gsat_status status;   /* GSAT_OK, or when every member failed the first failure */
  uint32_t num_members;
  gsat_race_member_report member[GSAT_RACE_MAX_MEMBERS];
} gsat_race_outcome;

/* A race over `shared` (freed by free_shared(shared) when the race and every
 * member are done with it; free_shared may be NULL).  verify may be NULL (no
 * check).  Returns NULL when out of memory. */
gsat_race *gsat_race_new(void *shared, void (*free_shared)(void *shared),
                         gsat_race_verify_fn verify, void *verify_data);

/* Adds member `name` (a string that outlives the race) running `run`.
 * Errors: USAGE (more than GSAT_RACE_MAX_MEMBERS, or after gsat_race_run). */
gsat_status gsat_race_add(gsat_race *race, const char *name, gsat_race_run_fn run, gsat_error *err);

/* Called by member `index` when its setup is done and its search would
 * begin: 1 to search, 0 when the race is over (return without searching).
 * The race's caller then waits for this member to return. */
int gsat_race_begin(gsat_race *race, uint32_t index);

/* The race's stop flag (raised when the race ends). */
const gsat_flag *gsat_race_stop_flag(const gsat_race *race);

/* Runs the race: starts every member on its own thread and waits until one
 * gives a verified answer, every member has returned, a member stopped by a
 * limit, `user_stop` is raised or `time_limit` seconds (0: none) have
 * passed; raises the race's stop flag, waits for the members that are
 * searching, and leaves those still in their setup in the background.  Fills
 * *out: the winner's result is out->member[winner].result (its model
 * included; the caller takes it).  Ends the caller's use of the race: it is
 * freed by the last member that returns, or here.  Errors (returned, with
 * the race freed): RESOURCE when no thread can be started (then nothing
 * ran). */
gsat_status gsat_race_run(gsat_race *race, const gsat_flag *user_stop, double time_limit,
                          gsat_race_outcome *out, gsat_error *err);

/* Frees a race that was never run (and its shared data). */
void gsat_race_discard(gsat_race *race);

/* Frees the results held by out (models, worker arrays). */
void gsat_race_outcome_free(gsat_race_outcome *out);

/* Members still running in the background in this process (left in their
 * setup by a race that ended). */
int gsat_race_background(void);

#ifdef __cplusplus
}
#endif

#endif
