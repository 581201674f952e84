/* The proof stream of many searchers (cdcl.md, section 5): a ring of clause
 * records that searchers append to while the host drains it, in one order,
 * into the DRAT proof writer (proof.h) through a proof sink.  Written once as
 * GSAT_HD code over base/atomic.h: GPU warps append (the ring's words
 * in mapped pinned host memory, its cursor in device memory) and the SIMT
 * emulation's host threads run the same code on host memory.
 *
 * Records.  Ring position i (0, 1, 2, ... for ever, in 32-bit words) lives
 * in word i mod capacity (a power of two).  A record of a clause of n
 * literals is n + 1 words: a header n + 1 (never 0), then the literals
 * (internal encoding).  A writer reserves n + 1 words by a fetch-and-add of
 * `reserved` (so records lie in reservation order), waits until the host has
 * consumed enough for them to fit (`head`, written by the host; `head_seen`
 * caches it in device memory), writes the literals, a system-scope release
 * fence, and then the header: a non-zero header at the host's position
 * means the whole record is there.  The host reads records at its position
 * in order, passes each to the sink, zeroes its words (every free word is 0,
 * so a stale literal is never taken for a header) and publishes the new head
 * with a release store.
 *
 * Soundness (cdcl.md, section 5).  A searcher appends a clause before it uses
 * it or exports it to the clause-sharing ring, and imports only from that
 * ring, so a clause's record is reserved after the records of every clause it
 * was derived from: reservation order is a sound proof order.  Deletions are
 * not streamed (a parallel proof may omit them).
 *
 * Full ring.  A writer waits for the host (re-reading its head after pauses
 * that double from 1 us to 128 us, so that waiting warps do not flood the
 * bus with reads of host memory); when
 * the host raises `abort` (a stop: a signal or a limit) a waiting writer
 * gives up its record and counts it in `dropped`.  A dropped record leaves a
 * gap the host never passes, so the proof ends there: the host then reports
 * no UNSAT from that run (the answer of a stopped search is UNKNOWN).
 * Writers that do not have to wait never look at `abort`. */
#ifndef GSAT_CORE_PROOF_RING_H
#define GSAT_CORE_PROOF_RING_H

#include <stddef.h>
#include <stdint.h>

#include "base/atomic.h"
#include "base/hd.h"
#include "base/status.h"
#include "core/cdcl_types.h"
#include "core/literal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The writers' side (device memory on the GPU: read and written by the
 * searchers; the host sets it up and reads `dropped` after the run). */
typedef struct gsat_proof_ring {
  uint32_t *words;    /* [mask + 1] records (host memory the writers reach) */
  uint64_t mask;      /* capacity - 1 in words, capacity a power of two */
  uint64_t *head;     /* words the host consumed (host memory, host-written) */
  const int *abort;   /* host memory: raised, a waiting writer gives up */
  uint64_t reserved;  /* words reserved by writers so far */
  uint64_t head_seen; /* a recent value of *head (a cache; any older value is safe) */
  uint64_t waits;     /* records that had to wait for room */
  uint32_t dropped;   /* records given up at an abort */
  uint32_t max_len;   /* literals of a record, at most (the variables) */
} gsat_proof_ring;

/* Appends the clause lits[0..n-1] (n == 0: the empty clause); returns 1, or 0
 * when it gave the record up (n > max_len, or the ring was full when abort
 * was raised; counted in dropped).  One thread of a team. */
GSAT_HD int gsat_proof_ring_add(gsat_proof_ring *r, const gsat_lit *lits, uint32_t n) {
  const uint64_t need = (uint64_t)n + 1, cap = r->mask + 1;
  if (n > r->max_len || need > cap) {
    gsat_fetch_add_u32(&r->dropped, 1);
    return 0;
  }
  const uint64_t at = gsat_fetch_add_u64(&r->reserved, need);
  uint64_t h = gsat_load_u64(&r->head_seen);
  if (at + need - h > cap) gsat_fetch_add_u64(&r->waits, 1);
  uint32_t pause = 1000;        /* ns, doubled up to 128 us: few reads of host memory */
  while (at + need - h > cap) { /* h <= at: the host never passes a reservation */
    h = gsat_load_acquire_system_u64(r->head);
    if (at + need - h <= cap) {
      gsat_store_u64(&r->head_seen, h);
      break;
    }
    if (gsat_load_system_int(r->abort)) {
      gsat_fetch_add_u32(&r->dropped, 1);
      return 0;
    }
    gsat_spin_pause(pause);
    if (pause < 128000) pause *= 2;
  }
  for (uint32_t k = 0; k < n; k++) gsat_store_u32(&r->words[(at + 1 + k) & r->mask], lits[k]);
  gsat_fence_release_system();
  gsat_store_u32(&r->words[at & r->mask], n + 1);
  return 1;
}

/* Words of a ring for records of at most max_len literals given a request
 * of `want_bytes`: a power of two, at least twice the largest record and at
 * least 256 words. */
uint64_t gsat_proof_ring_words(uint64_t want_bytes, uint32_t max_len);

/* The host's side: where it reads, what it read. */
typedef struct gsat_proof_reader {
  uint32_t *words; /* the ring's words as the host reaches them */
  uint64_t mask;
  uint64_t *head; /* host memory the writers read */
  uint64_t at;    /* the next position to read (== *head after a drain) */
  uint32_t max_len;
  gsat_lit *buf;          /* [max_len] a record that wraps around */
  uint64_t records, lits; /* passed to the sink so far */
  int empty;              /* the empty clause was among them */
  int corrupt;            /* a header beyond max_len was found (the drain stopped) */
} gsat_proof_reader;

/* Sets up r over the ring's words (mask + 1 of them, all 0) and head (0),
 * host addresses.  Errors: NOMEM. */
gsat_status gsat_proof_reader_init(gsat_proof_reader *r, uint32_t *words, uint64_t mask,
                                   uint64_t *head, uint32_t max_len, gsat_error *err);
void gsat_proof_reader_free(gsat_proof_reader *r);

/* Passes the complete records at r's position, in order, to sink (add), at
 * most max_words words of them (0: no bound), frees their words and
 * publishes the head.  Returns the words consumed.  Safe while writers run
 * (one drainer). */
uint64_t gsat_proof_reader_drain(gsat_proof_reader *r, const gsat_proof_sink *sink,
                                 uint64_t max_words);

/* After the writers ended and the last drain: checks that the proof reached
 * every reserved word (unless w->dropped), and ends the proof of an UNSAT of
 * the formula (*unsat set) with the empty clause when no writer wrote it
 * (it then follows by propagation from the drained clauses: complementary
 * shared units, an import false at level 0).  With a record dropped the proof
 * is cut: *unsat is cleared (report UNKNOWN).  Errors: INTERNAL (a corrupt
 * record, or reserved words never written). */
gsat_status gsat_proof_reader_finish(gsat_proof_reader *r, const gsat_proof_ring *w,
                                     const gsat_proof_sink *sink, int *unsat, gsat_error *err);

#ifdef __cplusplus
}
#endif

#endif
