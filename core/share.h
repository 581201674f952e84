/* Clause sharing between searchers (cdcl.md, section 4): a global ring of
 * short learned clauses with a hash filter against duplicates, and a global
 * array of learned units.  Written once as GSAT_HD code over the atomics of
 * base/atomic.h, so that CPU threads (pthreads) and, later, GPU warps
 * run the same protocol on the same layout; all state lives in one arena
 * planned up front (gsat_share_bytes), nothing is allocated after.
 *
 * Ring.  `capacity` slots (a power of two), each holding one clause of at
 * most GSAT_SHARE_MAX_LEN literals, its length and its producer.  Ring index
 * i (0, 1, 2, ... for ever) lives in slot i mod capacity; the slot's sequence
 * word says which index it holds and whether it is complete: 2i + 1 while
 * index i is being written, 2i + 2 once it is published (0: never written).
 * A writer claims the index at the cursor by a compare-and-swap of that
 * slot's sequence word, then advances the cursor (any thread may advance it
 * for a claimer that has not yet), so every index below the cursor is
 * claimed by exactly one writer and is published a few stores later.  The
 * writer that claims index i overwrites index i - capacity: the ring keeps
 * the last `capacity` clauses.  A writer that finds the slot still being
 * written one lap earlier (a writer stalled for a whole lap) drops its
 * clause rather than wait (counted as `busy`).
 *
 * Readers (one gsat_share_reader each) walk the indices in order.  A slot is
 * read as a sequence lock: sequence word (acquire), contents, acquire fence,
 * sequence word again; the copy counts only if both reads say "index i,
 * published".  A reader that finds its index overwritten (it fell more than
 * a lap behind) jumps to the oldest index still in the ring and counts the
 * indices it skipped as `missed`; it never returns a torn clause.
 *
 * Filter.  Before a clause enters the ring its order-independent 64-bit hash
 * is looked up in an open-addressed table (4 probes, compare-and-swap
 * insertion, the probe window's entry overwritten when full); a hash already
 * there marks a duplicate, which is not shared.  Two clauses with one hash
 * lose the second (sharing is a heuristic; a lost clause costs time, never
 * soundness); an overwritten entry lets a later duplicate through.
 *
 * Units.  A learned unit sets its variable's word in `unit_value` by a
 * compare-and-swap (1: positive, 2: negative) and, when first, is appended to
 * `units` (an append-only array, num_vars entries suffice) with its producer
 * in `unit_from`; a reader applies the units of other producers it has not
 * seen at its next restart (its own it skips, as in the ring, so that a
 * searcher's "in" counts only what others gave it).  A unit whose complement is
 * already there raises `unit_conflict`: the formula is unsatisfiable.
 *
 * Proofs (cdcl.md, section 5): a searcher appends a clause to the proof
 * before it exports it, so every clause read from here is already in the
 * log. */
#ifndef GSAT_CORE_SHARE_H
#define GSAT_CORE_SHARE_H

#include <stddef.h>
#include <stdint.h>

#include "base/atomic.h"
#include "base/hd.h"
#include "base/status.h"
#include "core/literal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GSAT_SHARE_MAX_LEN       30 /* literals of a shared clause, at most */
#define GSAT_SHARE_FILTER_PROBES 4
#define GSAT_SHARE_NO_LIT        0xffffffffu

typedef struct gsat_share_slot {
  uint64_t seq;  /* 0, or 2i + 1 (writing index i), 2i + 2 (published) */
  uint32_t len;  /* 2 .. GSAT_SHARE_MAX_LEN */
  uint32_t from; /* producer's id */
  gsat_lit lits[GSAT_SHARE_MAX_LEN];
} gsat_share_slot;

typedef struct gsat_share {
  uint64_t cursor;       /* ring indices claimed so far */
  uint64_t capacity;     /* slots, a power of two */
  gsat_share_slot *slot; /* [capacity] */
  uint64_t *filter;      /* [filter_mask + 1] clause hashes, 0: empty */
  uint64_t filter_mask;
  uint32_t max_len, max_lbd; /* shared: len <= max_len or lbd <= max_lbd */
  uint32_t num_vars;
  uint32_t *unit_value;   /* [num_vars] 0, 1 (positive), 2 (negative) */
  gsat_lit *units;        /* [num_vars] GSAT_SHARE_NO_LIT until written */
  uint32_t *unit_from;    /* [num_vars] producer of units[i] (written first) */
  uint32_t unit_count;    /* entries of units claimed */
  uint32_t unit_conflict; /* 1: complementary units shared (UNSAT) */
  /* counters (relaxed atomics) */
  uint64_t exported, duplicates, busy, too_long;
} gsat_share;

typedef struct gsat_share_reader {
  uint32_t id;        /* skips clauses exported with this id (its own) */
  uint64_t next;      /* next ring index to read */
  uint32_t next_unit; /* next entry of units */
  uint64_t missed;    /* ring indices overwritten before they were read */
  uint64_t imported;  /* clauses and units of other producers returned */
} gsat_share_reader;

typedef enum gsat_share_result {
  GSAT_SHARE_ADDED = 0, /* in the ring, or the unit array */
  GSAT_SHARE_DUPLICATE, /* filtered: already shared */
  GSAT_SHARE_BUSY,      /* dropped: the slot is still being written */
  GSAT_SHARE_TOO_LONG,  /* dropped: more than GSAT_SHARE_MAX_LEN literals */
  GSAT_SHARE_CONFLICT,  /* a unit whose complement was shared: UNSAT */
} gsat_share_result;

/* A clause port: the hook through which a search's sharing ring meets the
 * world outside it (other processes under MPI, mpi/; the other
 * member of the CPU+GPU portfolio, api/portfolio.c).  The search
 * calls poll about every poll_seconds from one host thread with a ring in
 * host memory that holds what its searchers exported (the CPU portfolio's
 * own ring; the GPU CDCL search's host mirror of its device ring,
 * gpu/cdcl_port.h): the port reads what the searchers exported (a reader
 * with id GSAT_SHARE_REMOTE skips what the port itself put in) and exports
 * what came from outside with producer GSAT_SHARE_REMOTE; the searchers
 * import it at their restarts as any shared clause.  poll returns
 * GSAT_CLAUSE_PORT_CONTINUE, 0 to stop without an answer (an answer, a limit
 * or an error elsewhere) or 20 (the shared clauses are contradictory:
 * complementary units).  Searcher i is diversified as first_id + i, so that
 * the processes search differently.  Every clause that crosses a port is
 * implied by the formula; a search that writes a proof takes no port (the
 * clauses from outside are not in its log). */
#define GSAT_SHARE_REMOTE         0xfffffffeu
#define GSAT_CLAUSE_PORT_CONTINUE (-1)
typedef struct gsat_clause_port {
  void *data;
  uint32_t first_id;
  double poll_seconds;
  int (*poll)(void *data, gsat_share *share);
} gsat_clause_port;

/* Copies to ring `to` every unit and clause of ring `from` that reader r
 * (of `from`) has not read yet and that another producer than r->id wrote,
 * exporting them with producer `producer`; returns how many `to` took
 * (ADDED).  A unit whose complement `to` holds raises to->unit_conflict.
 * Host code: one thread per reader.  The building block of clause ports
 * (two rings bridged by two relays, one each way). */
uint64_t gsat_share_relay(const gsat_share *from, gsat_share_reader *r, gsat_share *to,
                          uint32_t producer);

/* One side of a bridge between a search's ring and an exchange ring in
 * host memory, where the other side (another search, or an MPI rank's
 * clause rounds) meets it: the CPU+GPU portfolio's two members
 * (api/portfolio.c), and an MPI rank whose search runs behind a
 * clause port, the GPU CDCL search or its CPU stand-in (mpi/).
 * `port` is the clause port to give the search (first_id and poll_seconds
 * as gsat_share_bridge_init set them); each poll, from the search's polling
 * thread with its ring, relays what its searchers exported into `exchange`
 * (producer `id`) and what any other producer put there into the search's
 * ring (producer GSAT_SHARE_REMOTE), and returns 20 when either ring holds
 * complementary units, else GSAT_CLAUSE_PORT_CONTINUE.  out / in: units and
 * clauses relayed each way (ADDED), written by the polling thread: read
 * them once the search has returned.  The port's data is the bridge: do
 * not move it after gsat_share_bridge_init. */
typedef struct gsat_share_bridge {
  gsat_share *exchange;
  uint32_t id; /* this side's producer id in exchange */
  gsat_clause_port port;
  gsat_share_reader own;   /* the search's ring (id GSAT_SHARE_REMOTE) */
  gsat_share_reader other; /* exchange (id `id`): what the others put there */
  const gsat_share *ring;  /* the search's ring, from its first poll */
  uint64_t out, in;
} gsat_share_bridge;

/* Sets b up as the side `id` (not GSAT_SHARE_REMOTE) of `exchange` (kept,
 * not owned), reading exchange from its oldest clause; b->port gets
 * first_id (the diversification of the search behind it) and poll_seconds.
 * Host code. */
void gsat_share_bridge_init(gsat_share_bridge *b, gsat_share *exchange, uint32_t id,
                            uint32_t first_id, double poll_seconds);

/* Bytes of the arena for a ring of 2^ring_log2 slots, a filter of
 * 2^filter_log2 entries and num_vars variables (8-byte aligned pieces). */
size_t gsat_share_bytes(unsigned ring_log2, unsigned filter_log2, uint32_t num_vars);

/* Lays s out in arena (gsat_share_bytes(...) bytes, 8-byte aligned, owned by
 * the caller) and clears it.  max_len / max_lbd: the sharing rule of
 * gsat_share_wants (cdcl.md: 8 and 2).  Errors: USAGE (ring_log2 or
 * filter_log2 outside 1..40, or NULL arena). */
gsat_status gsat_share_init(gsat_share *s, void *arena, unsigned ring_log2, unsigned filter_log2,
                            uint32_t num_vars, uint32_t max_len, uint32_t max_lbd, gsat_error *err);

/* gsat_share_init on an arena that is already zero-filled (calloc: fresh
 * pages the kernel gives zeroed, so a ring that is never filled is never
 * touched).  The ring and filter of the CPU portfolio are 11 MB: clearing
 * them cost 16 threads about 9 ms of page faults on uf20, more than the
 * search.  Same arguments and errors as gsat_share_init. */
gsat_status gsat_share_init_zeroed(gsat_share *s, void *arena, unsigned ring_log2,
                                   unsigned filter_log2, uint32_t num_vars, uint32_t max_len,
                                   uint32_t max_lbd, gsat_error *err);

/* A reader that starts at the oldest clause still in the ring. */
void gsat_share_reader_init(gsat_share_reader *r, const gsat_share *s, uint32_t id);

/* Whether a learned clause of len literals and glue lbd is to be shared. */
GSAT_HD int gsat_share_wants(const gsat_share *s, uint32_t len, uint32_t lbd) {
  return len >= 1 && len <= GSAT_SHARE_MAX_LEN && (len <= s->max_len || lbd <= s->max_lbd);
}

/* splitmix64's finaliser (Steele, Lea, Flood 2014). */
GSAT_HD uint64_t gsat_share_mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/* Hash of a clause independent of the order of its literals; never 0. */
GSAT_HD uint64_t gsat_share_hash(const gsat_lit *lits, uint32_t len) {
  uint64_t sum = 0;
  for (uint32_t k = 0; k < len; k++) sum += gsat_share_mix(lits[k]);
  uint64_t h = gsat_share_mix(sum ^ ((uint64_t)len << 56));
  return h ? h : 1;
}

/* Looks h up and inserts it: 1 if it was new, 0 if already present. */
GSAT_HD int gsat_share_filter_insert(gsat_share *s, uint64_t h) {
  for (uint32_t probe = 0; probe < GSAT_SHARE_FILTER_PROBES; probe++) {
    uint64_t *e = &s->filter[(h + probe) & s->filter_mask];
    uint64_t v = gsat_load_u64(e);
    if (v == h) return 0;
    if (v == 0) {
      uint64_t old = gsat_cas_u64(e, 0, h);
      if (old == 0) return 1;
      if (old == h) return 0;
    }
  }
  gsat_store_u64(&s->filter[(h + (h >> 61) % GSAT_SHARE_FILTER_PROBES) & s->filter_mask], h);
  return 1;
}

/* Takes h out of the filter again (the clause was not shared after all). */
GSAT_HD void gsat_share_filter_remove(gsat_share *s, uint64_t h) {
  for (uint32_t probe = 0; probe < GSAT_SHARE_FILTER_PROBES; probe++)
    if (gsat_cas_u64(&s->filter[(h + probe) & s->filter_mask], h, 0) == h) return;
}

/* Claims the ring index at the cursor (helping the cursor past indices
 * already claimed); returns 1 with *index set, or 0 when the slot is still
 * held by a writer one lap or more behind. */
GSAT_HD int gsat_share_claim(gsat_share *s, uint64_t *index) {
  for (;;) {
    uint64_t pos = gsat_load_acquire_u64(&s->cursor);
    gsat_share_slot *slot = &s->slot[pos & (s->capacity - 1)];
    uint64_t seq = gsat_load_acquire_u64(&slot->seq);
    if (seq >= 2 * pos + 1) { /* claimed already: move the cursor on */
      gsat_cas_u64(&s->cursor, pos, pos + 1);
      continue;
    }
    if (seq & 1) return 0; /* an older lap's writer is still at it */
    if (gsat_cas_u64(&slot->seq, seq, 2 * pos + 1) == seq) {
      gsat_cas_u64(&s->cursor, pos, pos + 1);
      *index = pos;
      return 1;
    }
  }
}

/* Sets the unit lit of producer `from` in the unit array (see the header
 * comment). */
GSAT_HD gsat_share_result gsat_share_export_unit(gsat_share *s, uint32_t from, gsat_lit lit) {
  gsat_var v = GSAT_VAR(lit);
  assert(v < s->num_vars);
  uint32_t want = 1 + GSAT_SIGN(lit);
  uint32_t old = gsat_cas_u32(&s->unit_value[v], 0, want);
  if (old == want) {
    gsat_fetch_add_u64(&s->duplicates, 1);
    return GSAT_SHARE_DUPLICATE;
  }
  if (old != 0) {
    gsat_store_release_u32(&s->unit_conflict, 1);
    return GSAT_SHARE_CONFLICT;
  }
  uint32_t at = gsat_fetch_add_u32(&s->unit_count, 1);
  assert(at < s->num_vars);
  gsat_store_u32(&s->unit_from[at], from);
  gsat_store_release_u32(&s->units[at], lit); /* publishes unit_from too */
  gsat_fetch_add_u64(&s->exported, 1);
  return GSAT_SHARE_ADDED;
}

/* Shares the learned clause lits[0..len-1] (internal literals, no duplicate
 * literal) of producer `from`: a unit goes to the unit array, a longer
 * clause to the ring unless the filter has seen it. */
GSAT_HD gsat_share_result gsat_share_export(gsat_share *s, uint32_t from, const gsat_lit *lits,
                                            uint32_t len) {
  if (len == 1) return gsat_share_export_unit(s, from, lits[0]);
  if (len == 0 || len > GSAT_SHARE_MAX_LEN) {
    gsat_fetch_add_u64(&s->too_long, 1);
    return GSAT_SHARE_TOO_LONG;
  }
  uint64_t h = gsat_share_hash(lits, len);
  if (!gsat_share_filter_insert(s, h)) {
    gsat_fetch_add_u64(&s->duplicates, 1);
    return GSAT_SHARE_DUPLICATE;
  }
  uint64_t index;
  if (!gsat_share_claim(s, &index)) {
    gsat_share_filter_remove(s, h);
    gsat_fetch_add_u64(&s->busy, 1);
    return GSAT_SHARE_BUSY;
  }
  gsat_share_slot *slot = &s->slot[index & (s->capacity - 1)];
  gsat_fence_release();
  gsat_store_u32(&slot->len, len);
  gsat_store_u32(&slot->from, from);
  for (uint32_t k = 0; k < len; k++) gsat_store_u32(&slot->lits[k], lits[k]);
  gsat_store_release_u64(&slot->seq, 2 * index + 2);
  gsat_fetch_add_u64(&s->exported, 1);
  return GSAT_SHARE_ADDED;
}

/* Moves a reader that fell behind to the oldest index still in the ring. */
GSAT_HD void gsat_share_reader_catch_up(const gsat_share *s, gsat_share_reader *r) {
  uint64_t cursor = gsat_load_acquire_u64(&s->cursor);
  uint64_t oldest = cursor > s->capacity ? cursor - s->capacity + 1 : 0;
  if (oldest <= r->next) oldest = r->next + 1;
  r->missed += oldest - r->next;
  r->next = oldest;
}

/* The next clause for reader r that another producer shared: copies it to
 * out (GSAT_SHARE_MAX_LEN entries), sets *len and returns 1; returns 0 when
 * there is nothing more to read now (the next index is not yet published). */
GSAT_HD int gsat_share_import(const gsat_share *s, gsat_share_reader *r, gsat_lit *out,
                              uint32_t *len) {
  for (;;) {
    if (r->next >= gsat_load_acquire_u64(&s->cursor)) return 0;
    const gsat_share_slot *slot = &s->slot[r->next & (s->capacity - 1)];
    uint64_t want = 2 * r->next + 2;
    uint64_t seq = gsat_load_acquire_u64(&slot->seq);
    if (seq < want) return 0; /* claimed, being written */
    if (seq > want) {         /* overwritten: a lap behind */
      gsat_share_reader_catch_up(s, r);
      continue;
    }
    uint32_t n = gsat_load_u32(&slot->len);
    uint32_t from = gsat_load_u32(&slot->from);
    if (n > GSAT_SHARE_MAX_LEN) n = GSAT_SHARE_MAX_LEN; /* torn: checked below */
    for (uint32_t k = 0; k < n; k++) out[k] = gsat_load_u32(&slot->lits[k]);
    gsat_fence_acquire();
    if (gsat_load_u64(&slot->seq) != want) {
      gsat_share_reader_catch_up(s, r);
      continue;
    }
    r->next++;
    if (from == r->id) continue;
    *len = n;
    r->imported++;
    return 1;
  }
}

/* The next shared unit of another producer that reader r has not applied:
 * sets *lit, returns 1; 0 when none is ready (r's own units are passed
 * over). */
GSAT_HD int gsat_share_import_unit(const gsat_share *s, gsat_share_reader *r, gsat_lit *lit) {
  for (;;) {
    if (r->next_unit >= gsat_load_acquire_u32(&s->unit_count)) return 0;
    gsat_lit l = gsat_load_acquire_u32(&s->units[r->next_unit]);
    if (l == GSAT_SHARE_NO_LIT) return 0; /* claimed, not yet written */
    uint32_t from = gsat_load_u32(&s->unit_from[r->next_unit]);
    r->next_unit++;
    if (from == r->id) continue;
    *lit = l;
    r->imported++;
    return 1;
  }
}

#ifdef __cplusplus
}
#endif

#endif
