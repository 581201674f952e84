/* The distributed search over MPI (dist.h): the rank protocol run from the
 * CPU backend's cube port.
 *
 * Messages (point to point on a duplicate of MPI_COMM_WORLD):
 *   REQ     thief -> victim   an idle rank asks for work
 *   CUBE    victim -> thief   a cube (n literals, 0: the root cube)
 *   NOWORK  victim -> thief   none to give
 *   TOKEN   rank -> rank + 1  the Dijkstra-Safra termination token {q, black}
 *   EVENT   rank -> 0         the rank's search ended: a model (SAT), a stop
 *                             (limit, signal) or a failure (status, message)
 *   DONE    0 -> every rank   the run's outcome {answer, status}: stop
 *   STATS   rank -> 0         the rank's counters, after DONE
 *   FIN     0 -> every rank   all counters are in: leave
 *   CLAUSES rank -> every rank  CDCL: a round of learned clauses
 * Every send is an MPI_Isend of an owned copy (the outbox), completed by
 * later polls, so that no rank blocks on another.
 *
 * CDCL over MPI (the clause port of cpu/cdcl_portfolio.h): every rank
 * runs the CDCL portfolio of its threads over the whole formula, diversified
 * by rank (the searchers' ids continue over the ranks: seed, initial phase,
 * heuristic, restarts).  Every mpi_share_interval seconds a rank packs what
 * its searchers exported into the ring since the last round (units first,
 * then clauses of at most 8 literals or glue 2, the ring's own rule and
 * duplicate filter) into a buffer of at most mpi_share_words words, each
 * clause a length word and its literals, and sends it to every other rank
 * (point to point, so that a rank whose search ended leaves no collective
 * open); a round is skipped while earlier rounds' sends are still pending
 * (flow control).  A receiver exports each clause into its own ring with
 * producer GSAT_PORTFOLIO_REMOTE, where the ring's duplicate filter drops
 * what it has seen and its searchers import the rest at their restarts (as
 * HordeSat and Mallob do in rounds of a few thousand literals).  No cubes, no
 * token: the first rank with an answer (SAT: its model, checked on rank 0;
 * UNSAT: the empty clause) sends an EVENT, and the rest is as for DPLL.
 *
 * The rounds talk to a ring (clause_poll), whichever search sits behind it.
 * A CPU rank's is the CPU portfolio's own ring: the portfolio's calling
 * thread, which called MPI_Init_thread, polls the clause port.  A GPU CDCL
 * rank's search (and --mpi-cube-standin's CPU search) runs on a thread of
 * its own and polls its clause port from there (the GPU's mirror thread),
 * where MPI may not be called (MPI_THREAD_FUNNELED): so the rank keeps an
 * exchange ring in host memory (2^mpi_port_ring slots), gives the search a
 * bridge to it as its clause port (gsat_share_bridge, share.h: the CPU+GPU
 * portfolio's), and the cube loop's thread runs the same rounds on the
 * exchange ring. */
#include "mpi/dist.h"

#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cdcl_portfolio.h"
#include "cpu/cpu_ref.h"
#include "base/clock.h"

/* Seconds the coordinator waits for a rank's counters after DONE (and a rank
 * for DONE after its own search ended) before giving up with an error; after
 * a stop request (a signal: mpirun forwards SIGINT and SIGTERM to every rank,
 * and also sends SIGTERM when a rank has died, then SIGKILL about a second
 * later) rank 0 waits STOP_REPORT_TIMEOUT, so that it can still say which
 * rank is missing. */
#define REPORT_TIMEOUT      30.0
#define STOP_REPORT_TIMEOUT 0.5
/* A stop that comes with the time limit (the CLI's timer raises the same
 * flag as a signal) is no sign of a dead rank: every rank's own limit ends
 * its search, and on a loaded machine (CI once saw 2 of 3 ranks take more
 * than 0.5 s) they may report late; rank 0 waits this long then.  The limit
 * counts from the CLI's start, before the formula was read, so the stop is
 * taken for the limit's within LIMIT_SLACK seconds of it. */
#define LIMIT_REPORT_TIMEOUT 10.0
#define LIMIT_SLACK          1.0
/* Seconds a request may wait for a busy worker's split before NOWORK. */
#define SPLIT_WAIT   0.02
#define POLL_SECONDS 0.001
/* Seconds between the polls of a rank's bridge by the search behind it, as
 * the CPU+GPU portfolio's (a GPU search's poll runs a small kernel). */
#define BRIDGE_POLL_SECONDS 0.002

enum {
  TAG_REQ = 1,
  TAG_CUBE,
  TAG_NOWORK,
  TAG_TOKEN,
  TAG_EVENT,
  TAG_DONE,
  TAG_STATS,
  TAG_FIN,
  TAG_CLAUSES
};
enum { EV_SAT = 1, EV_STOP, EV_FAIL, EV_UNSAT };

static struct {
  int joined, rank, size, local_size, local_rank;
  int local_failure; /* an error only this rank knows (gsat_dist_local_failure) */
  MPI_Comm comm;
} g = {0, 0, 1, 1, 0, 0, MPI_COMM_NULL};

/* An EVENT's fixed part; a SAT event is followed by the model's V bytes. */
typedef struct event {
  int32_t kind, status, by_limit;
  char message[GSAT_ERROR_MESSAGE_SIZE];
} event;

/* A rank with a searcher (the cube loop, below): its queue of cubes. */
typedef struct cube_rank cube_rank;
typedef struct held {
  gsat_lit *lits;
  uint32_t n;
} held;
static int queue_push(cube_rank *c, const gsat_lit *lits, uint32_t n);
static held queue_take(cube_rank *c, int deepest);
static uint32_t queue_size(const cube_rank *c);

typedef struct outbox {
  MPI_Request *req;
  void **buf;
  size_t n, cap;
} outbox;

typedef struct dist {
  int rank, size;
  uint32_t V;
  gsat_lit *cube; /* [V + 1] scratch */
  uint8_t *recv;  /* [sizeof (event) + V] receive buffer */
  size_t recv_cap;
  outbox out;
  gsat_status failed; /* a local failure (MPI, memory): stop and report */
  char failure[GSAT_ERROR_MESSAGE_SIZE];
  uint32_t rng;
  /* stealing */
  int asking;   /* a work request of ours is unanswered */
  int *thieves; /* [size] requests waiting for a busy worker's split */
  double *since;
  uint32_t num_thieves;
  /* Dijkstra-Safra */
  int64_t count; /* cubes sent - cubes received */
  int black, has_token, token_back, token_black;
  int64_t token_q;
  /* ending */
  int ended; /* rank 0: an EVENT arrived; others: DONE arrived */
  int fin;
  event ev; /* rank 0: the first EVENT; others: DONE in kind/status */
  int ev_rank;
  uint8_t *model; /* rank 0: [V] the model of a SAT event */
  gsat_dist_rank_stats mine;
  gsat_dist_rank_stats *ranks; /* rank 0: [size] */
  uint32_t reports;
  /* CDCL: the clause exchange */
  gsat_search_kind search;  /* DPLL or CDCL */
  gsat_share *share;        /* the portfolio's ring during a poll, else NULL */
  gsat_share_reader reader; /* what this rank's searchers exported */
  int reader_ready;
  int unit_conflict; /* complementary units arrived: UNSAT */
  uint32_t *pack;    /* [pack_words] one round's clauses */
  uint32_t pack_words;
  double interval, next_round;
  /* a rank with a searcher: its cube queue while the cube loop runs */
  cube_rank *cr;
} dist;

/*------------------------------------------------------------------------*/

static void note_mpi(dist *d, int rc, const char *what) {
  if (rc == MPI_SUCCESS || d->failed != GSAT_OK) return;
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, text, &len);
  d->failed = GSAT_INTERNAL;
  snprintf(d->failure, sizeof d->failure, "MPI error in %s on rank %d: %s", what, d->rank, text);
}

/* Sends a copy of buf[0..bytes) to rank `to` with `tag` (MPI_BYTE). */
static void post(dist *d, int to, int tag, const void *buf, size_t bytes) {
  outbox *o = &d->out;
  if (o->n == o->cap) {
    size_t cap = o->cap ? 2 * o->cap : 16;
    MPI_Request *req = realloc(o->req, cap * sizeof *req);
    if (req) o->req = req;
    void **b = realloc(o->buf, cap * sizeof *b);
    if (b) o->buf = b;
    if (!req || !b) goto nomem;
    o->cap = cap;
  }
  void *copy = malloc(bytes ? bytes : 1);
  if (!copy) goto nomem;
  if (bytes) memcpy(copy, buf, bytes);
  int rc = MPI_Isend(copy, (int)bytes, MPI_BYTE, to, tag, g.comm, &o->req[o->n]);
  note_mpi(d, rc, "MPI_Isend");
  if (rc != MPI_SUCCESS) {
    free(copy);
    return;
  }
  o->buf[o->n++] = copy;
  return;
nomem:
  if (d->failed == GSAT_OK) {
    d->failed = GSAT_NOMEM;
    snprintf(d->failure, sizeof d->failure, "out of memory for messages on rank %d", d->rank);
  }
}

/* Completes and frees the sends that are done; returns the number pending. */
static size_t flush(dist *d) {
  outbox *o = &d->out;
  size_t k = 0;
  for (size_t i = 0; i < o->n; i++) {
    int done = 0;
    note_mpi(d, MPI_Test(&o->req[i], &done, MPI_STATUS_IGNORE), "MPI_Test");
    if (done || d->failed == GSAT_INTERNAL) {
      free(o->buf[i]);
    } else {
      o->req[k] = o->req[i];
      o->buf[k++] = o->buf[i];
    }
  }
  o->n = k;
  return k;
}

static void send_cube(dist *d, int to, uint32_t n) {
  post(d, to, TAG_CUBE, d->cube, (size_t)n * sizeof *d->cube);
  d->count++;
  d->mine.given++;
}

static uint32_t next_random(dist *d) {
  d->rng = d->rng * 1103515245u + 12345u;
  return d->rng >> 8;
}

/* A victim other than this rank, at random. */
static int pick_victim(dist *d) {
  int v = (int)(next_random(d) % (uint32_t)(d->size - 1));
  return v >= d->rank ? v + 1 : v;
}

/*------------------------------------------------------------------------*/

/* A work request from `thief`: a queued cube, or a split once a busy worker
 * makes one, or NOWORK.  q is NULL once this rank's search has ended. */
static void on_request(dist *d, gsat_cpu_queue *q, int thief) {
  if (d->cr && !d->ended && queue_size(d->cr)) { /* the shallowest queued cube */
    held h = queue_take(d->cr, 0);
    memcpy(d->cube, h.lits, (size_t)h.n * sizeof *d->cube);
    free(h.lits);
    send_cube(d, thief, h.n);
    return;
  }
  if (q && !d->ended) {
    uint32_t n = gsat_cpu_queue_take(q, d->cube, d->V);
    if (n != GSAT_CPU_QUEUE_EMPTY) {
      send_cube(d, thief, n);
      return;
    }
    if (gsat_cpu_queue_state_of(q).busy) {
      d->thieves[d->num_thieves] = thief;
      d->since[d->num_thieves++] = gsat_seconds();
      gsat_cpu_queue_want(q, d->num_thieves);
      return;
    }
  }
  post(d, thief, TAG_NOWORK, NULL, 0);
}

static void on_cube(dist *d, gsat_cpu_queue *q, uint32_t n) {
  d->count--;
  d->black = 1;
  d->asking = 0;
  d->mine.steals++;
  if (d->cr && !d->ended) {
    if (!queue_push(d->cr, (const gsat_lit *)d->recv, n) && d->failed == GSAT_OK) {
      d->failed = GSAT_NOMEM;
      snprintf(d->failure, sizeof d->failure, "out of memory for a cube on rank %d", d->rank);
    }
    return;
  }
  if (!q || d->ended) return; /* the run is ending: the cube no longer matters */
  if (!gsat_cpu_queue_put(q, (const gsat_lit *)d->recv, n) && d->failed == GSAT_OK) {
    d->failed = GSAT_NOMEM;
    snprintf(d->failure, sizeof d->failure, "out of memory for a cube on rank %d", d->rank);
  }
}

/* Rank 0: the first EVENT decides how the run ends. */
static void on_event(dist *d, int from, int bytes) {
  if (d->ended) return;
  memcpy(&d->ev, d->recv, sizeof d->ev);
  d->ev_rank = from;
  d->ended = 1;
  if (d->ev.kind != EV_SAT) return;
  if ((size_t)bytes == sizeof d->ev + d->V) {
    memcpy(d->model, d->recv + sizeof d->ev, d->V);
  } else {
    d->ev.kind = EV_FAIL;
    d->ev.status = GSAT_INTERNAL;
    snprintf(d->ev.message, sizeof d->ev.message, "sent a model of %d bytes for %u variables",
             bytes - (int)sizeof d->ev, d->V);
  }
}

/* A round of clauses from rank `from` (words of d->recv): into this rank's
 * ring while its search runs (d->share), dropped after. */
static void on_clauses(dist *d, int from, uint32_t words) {
  if (!d->share) return;
  const uint32_t *w = (const uint32_t *)d->recv;
  for (uint32_t i = 0; i < words;) {
    uint32_t len = w[i++];
    int bad = len == 0 || len > GSAT_SHARE_MAX_LEN || len > words - i;
    for (uint32_t k = 0; !bad && k < len; k++) bad = w[i + k] >= 2 * d->V;
    if (bad) {
      if (d->failed == GSAT_OK) {
        d->failed = GSAT_INTERNAL;
        snprintf(d->failure, sizeof d->failure,
                 "rank %d sent a malformed clause round (word %u of %u)", from, i, words);
      }
      return;
    }
    gsat_share_result res = gsat_share_export(d->share, GSAT_PORTFOLIO_REMOTE, w + i, len);
    if (res == GSAT_SHARE_ADDED) d->mine.clauses_received++;
    if (res == GSAT_SHARE_CONFLICT) d->unit_conflict = 1;
    i += len;
  }
}

static void on_message(dist *d, gsat_cpu_queue *q, const MPI_Status *st, int bytes) {
  switch (st->MPI_TAG) {
  case TAG_REQ:
    on_request(d, q, st->MPI_SOURCE);
    break;
  case TAG_CUBE:
    on_cube(d, q, (uint32_t)bytes / sizeof(gsat_lit));
    break;
  case TAG_NOWORK:
    d->asking = 0;
    d->mine.refused++;
    break;
  case TAG_TOKEN: {
    int64_t t[2];
    memcpy(t, d->recv, sizeof t);
    d->token_q = t[0];
    d->token_black = (int)t[1];
    d->has_token = 1;
    d->token_back = d->rank == 0;
    break;
  }
  case TAG_EVENT:
    if (d->rank == 0) on_event(d, st->MPI_SOURCE, bytes);
    break;
  case TAG_DONE:
    if (d->rank != 0 && !d->ended) {
      int32_t a[2];
      memcpy(a, d->recv, sizeof a);
      d->ended = 1;
      d->ev.kind = a[0];
      d->ev.status = a[1];
    }
    break;
  case TAG_STATS:
    if (d->rank == 0 && d->ranks && (size_t)bytes == sizeof *d->ranks) {
      memcpy(&d->ranks[st->MPI_SOURCE], d->recv, sizeof *d->ranks);
      d->reports++;
    }
    break;
  case TAG_FIN:
    d->fin = 1;
    break;
  case TAG_CLAUSES:
    on_clauses(d, st->MPI_SOURCE, (uint32_t)bytes / 4);
    break;
  }
}

/* Receives every message that has arrived. */
static void receive_all(dist *d, gsat_cpu_queue *q) {
  for (;;) {
    int flag = 0, bytes = 0;
    MPI_Status st;
    int rc = MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, g.comm, &flag, &st);
    note_mpi(d, rc, "MPI_Iprobe");
    if (rc != MPI_SUCCESS || !flag) return;
    MPI_Get_count(&st, MPI_BYTE, &bytes);
    if ((size_t)bytes > d->recv_cap) { /* only a foreign message is larger */
      bytes = 0;
    }
    rc = MPI_Recv(d->recv, (int)d->recv_cap, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, g.comm,
                  MPI_STATUS_IGNORE);
    note_mpi(d, rc, "MPI_Recv");
    if (rc != MPI_SUCCESS) return;
    on_message(d, q, &st, bytes);
  }
}

/*------------------------------------------------------------------------*/

/* Requests waiting for a split: a cube once one is queued; NOWORK when no
 * worker is busy or the split does not come within SPLIT_WAIT. */
static void serve_thieves(dist *d, gsat_cpu_queue *q, gsat_cpu_queue_state st) {
  uint32_t k = 0;
  const double now = gsat_seconds();
  for (uint32_t i = 0; i < d->num_thieves; i++) {
    uint32_t n = gsat_cpu_queue_take(q, d->cube, d->V);
    if (n != GSAT_CPU_QUEUE_EMPTY) {
      send_cube(d, d->thieves[i], n);
    } else if (!st.busy || now - d->since[i] > SPLIT_WAIT || d->ended) {
      post(d, d->thieves[i], TAG_NOWORK, NULL, 0);
    } else {
      d->thieves[k] = d->thieves[i];
      d->since[k++] = d->since[i];
    }
  }
  d->num_thieves = k;
  gsat_cpu_queue_want(q, k);
}

/* The token step of Dijkstra-Safra (EWD 998) for a rank without work.
 * Returns 1 on rank 0 when termination is proved. */
static int pass_token(dist *d) {
  if (!d->has_token) return 0;
  int64_t t[2];
  if (d->rank == 0) {
    if (d->token_back && !d->token_black && !d->black && d->token_q + d->count == 0) return 1;
    t[0] = 0, t[1] = 0; /* a new round */
  } else {
    t[0] = d->token_q + d->count;
    t[1] = d->token_black || d->black;
  }
  d->black = 0;
  d->has_token = 0;
  post(d, (d->rank + 1) % d->size, TAG_TOKEN, t, sizeof t);
  return 0;
}

/* The cube port's poll: messages, waiting thieves, our own request, the
 * token.  Ends the local search (0) when the run ends or this rank fails,
 * and on rank 0 with 20 once no cube is left anywhere. */
static int port_poll(void *data, gsat_cpu_queue *q) {
  dist *d = data;
  flush(d);
  receive_all(d, q);
  if (d->ended || d->failed != GSAT_OK) return GSAT_ANSWER_UNKNOWN;
  gsat_cpu_queue_state st = gsat_cpu_queue_state_of(q);
  if (d->num_thieves) serve_thieves(d, q, st);
  if (!d->asking && !st.queued && st.busy < st.workers) {
    post(d, d->mine.requests ? pick_victim(d) : (d->rank == 0 ? 1 : 0), TAG_REQ, NULL, 0);
    d->asking = 1;
    d->mine.requests++;
  }
  st = gsat_cpu_queue_state_of(q);
  if (!st.queued && !st.busy && !d->num_thieves && pass_token(d)) return GSAT_ANSWER_UNSAT;
  return GSAT_PORT_CONTINUE;
}

/* One round's clauses: what this rank's searchers exported since the last
 * round, units first, while a whole clause still fits; returns the words. */
static uint32_t pack_round(dist *d, gsat_share *sh) {
  uint32_t n = 0, len = 1;
  gsat_lit lits[GSAT_SHARE_MAX_LEN];
  while (n + 2 <= d->pack_words && gsat_share_import_unit(sh, &d->reader, &lits[0])) {
    d->pack[n++] = 1;
    d->pack[n++] = lits[0];
    d->mine.clauses_sent++;
  }
  while (n + 1 + GSAT_SHARE_MAX_LEN <= d->pack_words &&
         gsat_share_import(sh, &d->reader, lits, &len)) {
    d->pack[n++] = len;
    memcpy(d->pack + n, lits, len * sizeof *lits);
    n += len;
    d->mine.clauses_sent++;
  }
  return n;
}

/* A clause exchange round, when one is due and the last ones were sent. */
static void exchange(dist *d, gsat_share *sh) {
  const double now = gsat_seconds();
  if (now < d->next_round) return;
  d->next_round = now + d->interval;
  if (flush(d) > 2 * (size_t)(d->size - 1)) { /* the others lag behind: skip */
    d->mine.rounds_skipped++;
    return;
  }
  uint32_t n = pack_round(d, sh);
  if (!n) return;
  for (int i = 0; i < d->size; i++)
    if (i != d->rank) post(d, i, TAG_CLAUSES, d->pack, (size_t)n * sizeof *d->pack);
  d->mine.rounds++;
}

/* The clause port's poll (cdcl_portfolio.h), and the cube loop's turn with
 * the exchange ring of a rank with a searcher: messages (clauses into ring
 * sh, the end of the run), then a round from sh.  0 ends the local search
 * (the run ends, or this rank failed); 20 when the shared units clash. */
static int clause_poll(void *data, gsat_share *sh) {
  dist *d = data;
  if (!d->reader_ready) {
    gsat_share_reader_init(&d->reader, sh, GSAT_PORTFOLIO_REMOTE);
    d->reader_ready = 1;
  }
  flush(d);
  d->share = sh;
  receive_all(d, NULL);
  d->share = NULL;
  if (d->ended || d->failed != GSAT_OK) return GSAT_ANSWER_UNKNOWN;
  if (d->unit_conflict) return GSAT_ANSWER_UNSAT;
  exchange(d, sh);
  return GSAT_PORT_CONTINUE;
}

/*------------------------------------------------------------------------*/
/* The cube loop of a rank with a searcher (dist.h): a host queue of cubes,
 * split on the host (gsat_cpu_split), one cube at a time searched to its end
 * by the searcher on a thread of its own, while this thread keeps the
 * protocol going.  A thief gets the shallowest queued cube (the most work),
 * the searcher the deepest; the cube being searched is never split (the GPU
 * search cannot give back part of its tree), so the queue is what others can
 * steal.  Nodes: the splits count their decisions and flips (cpu_ref.h), the
 * searcher the nodes below each cube (its root propagation of the cube's
 * literals, added as units, is no decision), so that the static-order node
 * count of an UNSAT formula is that of one process. */

struct cube_rank {
  const gsat_db *db;
  const gsat_search_params *p; /* the rank's (node limit: its share) */
  const gsat_dist_searcher *searcher;
  gsat_search_kind search; /* DPLL or CDCL */
  gsat_cpu_splitter *split;
  held *q;
  uint32_t nq, capq, target;
  gsat_lit *a, *b; /* [V + 1] children of a split */
  uint8_t *model;  /* [V] a SAT answer's */
  /* the searcher's thread and its cube */
  pthread_t thread;
  int running, done; /* done: atomic, set by the thread */
  gsat_flag halt;
  gsat_db cube_db;
  gsat_lit *units; /* [num_units + V] db's units, then the cube */
  gsat_search_params cp;
  gsat_search_result cr;
  gsat_status cst;
  gsat_error cerr;
  /* CDCL: the exchange ring between the searcher's clause port (a bridge)
   * and the rounds */
  gsat_share exchange;
  void *exchange_arena; /* NULL: DPLL */
  gsat_share_bridge bridge;
  /* the rank's result */
  gsat_search_result last; /* GPU fields of the last search */
  gsat_worker_stats total;
  uint64_t searched, splits;
  gsat_worker_stats live; /* DPLL with progress: the running search's last report */
  pthread_mutex_t live_lock;
  double start, busy_since, next_progress;
  int answer, by_limit;
  gsat_status st;
  gsat_error err;
};

static int queue_push(cube_rank *c, const gsat_lit *lits, uint32_t n) {
  if (c->nq == c->capq) {
    uint32_t cap = c->capq ? 2 * c->capq : 16;
    held *q = realloc(c->q, cap * sizeof *q);
    if (!q) return 0;
    c->q = q;
    c->capq = cap;
  }
  gsat_lit *copy = malloc(((size_t)n + 1) * sizeof *copy);
  if (!copy) return 0;
  if (n) memcpy(copy, lits, (size_t)n * sizeof *copy); /* the root cube: lits NULL */
  c->q[c->nq].lits = copy;
  c->q[c->nq++].n = n;
  return 1;
}

static uint32_t queue_size(const cube_rank *c) {
  return c->nq;
}

/* Removes the queued cube with the fewest (shallowest) or most literals. */
static held queue_take(cube_rank *c, int deepest) {
  uint32_t best = 0;
  for (uint32_t i = 1; i < c->nq; i++)
    if (deepest ? c->q[i].n > c->q[best].n : c->q[i].n < c->q[best].n) best = i;
  held h = c->q[best];
  c->q[best] = c->q[--c->nq];
  return h;
}

static void cube_fail(cube_rank *c, gsat_status st, const char *what) {
  if (c->st != GSAT_OK) return;
  c->st = st;
  gsat_error_set(&c->err, st, "%s", what);
}

/* Splits the shallowest queued cube while fewer than target are queued
 * beside the searcher's (one more while it has none), at most 64 splits a
 * call, so that messages are not kept waiting. */
static void refill(cube_rank *c) {
  const uint32_t want = c->target + (c->running ? 0 : 1);
  for (int k = 0; k < 64 && c->nq && c->nq < want && c->answer == GSAT_ANSWER_UNKNOWN; k++) {
    held h = queue_take(c, 0);
    uint32_t len = 0;
    gsat_cpu_split_result res = gsat_cpu_split(c->split, h.lits, h.n, c->a, c->b, &len, c->model);
    free(h.lits);
    c->splits++;
    if (res == GSAT_CPU_SPLIT_SAT) c->answer = GSAT_ANSWER_SAT;
    if ((res == GSAT_CPU_SPLIT_TWO && !queue_push(c, c->a, len)) ||
        ((res == GSAT_CPU_SPLIT_TWO || res == GSAT_CPU_SPLIT_SECOND) && !queue_push(c, c->b, len)))
      cube_fail(c, GSAT_NOMEM, "out of memory for a cube");
  }
}

static void *cube_thread(void *arg) {
  cube_rank *c = arg;
  c->cst = c->searcher->search(c->searcher->data, &c->cube_db, &c->cp, &c->cr, &c->cerr);
  __atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
  return NULL;
}

/* The progress callback of a DPLL cube's search: its counters so far, for
 * cube_progress (another thread). */
static void cube_live(void *data, const gsat_progress *pr) {
  cube_rank *c = data;
  pthread_mutex_lock(&c->live_lock);
  c->live = pr->total;
  pthread_mutex_unlock(&c->live_lock);
}

/* Hands the deepest queued cube to the searcher's thread, with what is left
 * of the rank's limits. */
static void start_search(cube_rank *c, uint64_t used) {
  held h = queue_take(c, 1);
  const gsat_db *db = c->db;
  memcpy(c->units, db->units, (size_t)db->num_units * sizeof *c->units);
  memcpy(c->units + db->num_units, h.lits, (size_t)h.n * sizeof *c->units);
  free(h.lits);
  c->cube_db = *db;
  c->cube_db.units = c->units;
  c->cube_db.num_units = db->num_units + h.n;
  c->cp = *c->p;
  c->cp.stop = &c->halt;
  c->cp.port = NULL;
  c->cp.clause_port = c->exchange_arena ? &c->bridge.port : NULL;
  if (c->search != GSAT_SEARCH_CDCL && c->cp.progress) { /* into cube_progress's reports */
    c->cp.progress = cube_live;
    c->cp.progress_data = c;
  }
  c->cp.may_start = NULL;
  if (c->p->time_limit > 0) c->cp.time_limit = c->p->time_limit - (gsat_seconds() - c->start);
  if (c->p->node_limit) c->cp.node_limit = c->p->node_limit - used;
  gsat_error_clear(&c->cerr);
  c->done = 0;
  c->busy_since = gsat_seconds();
  if (pthread_create(&c->thread, NULL, cube_thread, c)) {
    cube_fail(c, GSAT_RESOURCE, "cannot start the thread of the rank's search");
    return;
  }
  c->running = 1;
  c->searched++;
}

/* Joins the searcher's thread and takes in its result. */
static void end_search(cube_rank *c) {
  pthread_join(c->thread, NULL);
  c->running = 0;
  c->total.busy_seconds += gsat_seconds() - c->busy_since;
  gsat_search_result *r = &c->cr;
  if (c->cst != GSAT_OK) {
    if (c->st == GSAT_OK) {
      c->st = c->cst;
      c->err = c->cerr;
    }
    return;
  }
  r->total.busy_seconds = 0; /* the thread's wall time counts (above) */
  if (c->exchange_arena) {   /* what crossed the clause port: the bridge's count */
    r->total.port_out = c->bridge.out;
    r->total.port_in = c->bridge.in;
  }
  gsat_worker_stats_add(&c->total, &r->total);
  memset(&c->live, 0, sizeof c->live); /* the thread has ended */
  const double kernel = c->last.kernel_seconds + r->kernel_seconds;
  const double upload = c->last.upload_seconds + r->upload_seconds;
  const double context = c->last.context_seconds + r->context_seconds;
  c->last = *r; /* the GPU's shape and device; its arrays are freed below */
  c->last.kernel_seconds = kernel, c->last.upload_seconds = upload;
  c->last.context_seconds = context;
  c->last.model = NULL, c->last.workers = NULL, c->last.failed = NULL;
  if (r->answer == GSAT_ANSWER_SAT && c->answer == GSAT_ANSWER_UNKNOWN) {
    c->answer = GSAT_ANSWER_SAT;
    memcpy(c->model, r->model, c->db->num_vars);
  } else if (r->answer == GSAT_ANSWER_UNSAT && c->search == GSAT_SEARCH_CDCL) {
    c->answer = GSAT_ANSWER_UNSAT; /* the whole formula */
  } else if (r->answer == GSAT_ANSWER_UNKNOWN && !GSAT_FLAG_IS_RAISED(&c->halt)) {
    c->by_limit = 1; /* the searcher's time or node limit (what was left of the rank's) */
  }
  gsat_search_result_free(r);
}

static uint64_t nodes_used(const cube_rank *c) {
  return c->total.n.nodes + (c->split ? gsat_cpu_splitter_counters(c->split).nodes : 0);
}

/* DPLL: a progress report every progress_interval s (rank 0's p has one):
 * the counters of the cubes searched to their end, of the splits and of the
 * running search's last report (cube_live), the cubes queued, the searcher
 * busy or not.  CDCL's one search of the whole formula reports its own. */
static void cube_progress(cube_rank *c) {
  const gsat_search_params *p = c->p;
  if (c->search == GSAT_SEARCH_CDCL || !p->progress || p->progress_interval <= 0) return;
  const double now = gsat_seconds();
  if (now < c->next_progress) return;
  c->next_progress = now + p->progress_interval;
  gsat_progress pr = {0};
  pr.seconds = now - c->start;
  pr.search = c->search;
  pr.total = c->total;
  pr.total.n.nodes = nodes_used(c);
  pthread_mutex_lock(&c->live_lock);
  gsat_worker_stats_add(&pr.total, &c->live);
  pthread_mutex_unlock(&c->live_lock);
  pr.cubes_left = c->nq;
  pr.busy_workers = (uint32_t)c->running;
  p->progress(p->progress_data, &pr);
}

/* One turn of the loop without messages: the limits, the searcher, the
 * queue.  Returns 1 when the rank's search is over. */
static int cube_turn(dist *d, cube_rank *c) {
  const gsat_search_params *p = c->p;
  if (GSAT_FLAG_IS_RAISED(p->stop)) return 1;
  if ((p->time_limit > 0 && gsat_seconds() - c->start >= p->time_limit) ||
      (p->node_limit && nodes_used(c) >= p->node_limit)) {
    c->by_limit = 1;
    return 1;
  }
  if (c->running && __atomic_load_n(&c->done, __ATOMIC_ACQUIRE)) end_search(c);
  if (c->st != GSAT_OK || c->by_limit || c->answer != GSAT_ANSWER_UNKNOWN) return 1;
  if (c->search != GSAT_SEARCH_CDCL) refill(c);
  if (c->st != GSAT_OK || c->answer != GSAT_ANSWER_UNKNOWN) return 1;
  if (!c->running && c->nq) start_search(c, nodes_used(c));
  if (c->st != GSAT_OK) return 1;
  if (c->search == GSAT_SEARCH_CDCL || c->running || c->nq) return 0;
  if (!d->asking) { /* idle: ask for work, pass the token */
    post(d, d->mine.requests ? pick_victim(d) : (d->rank == 0 ? 1 : 0), TAG_REQ, NULL, 0);
    d->asking = 1;
    d->mine.requests++;
  }
  if (pass_token(d)) {
    c->answer = GSAT_ANSWER_UNSAT;
    return 1;
  }
  return 0;
}

/* CDCL: the exchange ring (2^mpi_port_ring slots, 16 times as many
 * filter entries, the portfolio's sharing rule) and the searcher's bridge to
 * it, diversified as a CPU rank's searchers are.  Errors: NOMEM. */
static gsat_status open_exchange(cube_rank *c, const gsat_db *db, const gsat_search_params *p,
                                 const gsat_dist_searcher *searcher, gsat_error *err) {
  const uint32_t knob = searcher->knobs.mpi_port_ring;
  const unsigned ring = knob ? knob : 14, filter = ring + 4;
  c->exchange_arena = calloc(1, gsat_share_bytes(ring, filter, db->num_vars));
  GSAT_RETURN_IF(!c->exchange_arena, err, NOMEM,
                 "out of memory for the exchange ring of rank %d (2^%u slots)", g.rank, ring);
  GSAT_FORWARD(gsat_share_init_zeroed(&c->exchange, c->exchange_arena, ring, filter, db->num_vars,
                                      GSAT_PORTFOLIO_SHARE_LEN, GSAT_PORTFOLIO_SHARE_LBD, err));
  const uint32_t first_id = (uint32_t)g.rank * (searcher->threads ? searcher->threads : 1);
  gsat_share_bridge_init(&c->bridge, &c->exchange, 0, first_id, BRIDGE_POLL_SECONDS);
  return GSAT_OK;
}

static gsat_status cube_setup(cube_rank *c, const gsat_db *db, const gsat_search_params *p,
                              gsat_search_kind search, const gsat_dist_searcher *searcher,
                              int start_full, gsat_error *err) {
  memset(c, 0, sizeof *c);
  pthread_mutex_init(&c->live_lock, NULL);
  const int learning = search == GSAT_SEARCH_CDCL;
  const size_t V = db->num_vars;
  c->db = db, c->p = p, c->search = search, c->searcher = searcher;
  const uint32_t queue = searcher->knobs.mpi_cube_queue;
  c->target = learning ? 0 : queue ? queue : GSAT_DIST_CUBE_QUEUE;
  c->split = learning ? NULL : gsat_cpu_splitter_new(db, p->decide);
  c->a = malloc((V + 1) * sizeof *c->a);
  c->b = malloc((V + 1) * sizeof *c->b);
  c->model = malloc(V + 1);
  c->units = malloc(((size_t)db->num_units + V + 1) * sizeof *c->units);
  GSAT_RETURN_IF((!learning && !c->split) || !c->a || !c->b || !c->model || !c->units, err, NOMEM,
                 "out of memory for the cube queue of rank %d", g.rank);
  if (start_full) GSAT_RETURN_IF(!queue_push(c, NULL, 0), err, NOMEM, "out of memory for a cube");
  if (learning) GSAT_FORWARD(open_exchange(c, db, p, searcher, err));
  c->start = gsat_seconds();
  c->next_progress = c->start + p->progress_interval;
  return GSAT_OK;
}

static void cube_release(cube_rank *c) {
  for (uint32_t i = 0; i < c->nq; i++) free(c->q[i].lits);
  free(c->q);
  gsat_cpu_splitter_free(c->split);
  free(c->a);
  free(c->b);
  free(c->model);
  free(c->units);
  free(c->exchange_arena);
  pthread_mutex_destroy(&c->live_lock);
}

/* The rank's result as gsat_cpu_solve gives it (r->workers NULL). */
static gsat_status cube_result(cube_rank *c, gsat_search_result *r, gsat_error *err) {
  memset(r, 0, sizeof *r);
  if (c->st != GSAT_OK) {
    *err = c->err;
    return c->st;
  }
  *r = c->last;
  r->answer = c->answer;
  r->stopped_by_limit = c->answer == GSAT_ANSWER_UNKNOWN && c->by_limit;
  r->total = c->total;
  if (c->split) {
    gsat_dpll_counters n = gsat_cpu_splitter_counters(c->split);
    r->total.n.nodes += n.nodes;
    r->total.n.checks += n.checks;
    r->total.n.replay += n.replay;
  }
  r->total.cubes = c->searched;   /* cubes handed to the searcher */
  r->total.donations = c->splits; /* cubes split on the host */
  r->num_workers = c->searcher->threads ? c->searcher->threads : 1;
  r->search_seconds = gsat_seconds() - c->start;
  /* always there, as gsat_cpu_solve's: rank 0 copies another rank's model in */
  r->model = malloc(c->db->num_vars + 1);
  GSAT_RETURN_IF(!r->model, err, NOMEM, "out of memory for the model");
  if (c->answer == GSAT_ANSWER_SAT) memcpy(r->model, c->model, c->db->num_vars);
  return GSAT_OK;
}

/* The rank's search with a searcher (dist.h): the cube loop until the rank's
 * search is over or the run ends elsewhere. */
static gsat_status cube_solve(dist *d, const gsat_db *db, const gsat_search_params *p,
                              gsat_search_kind search, const gsat_dist_searcher *searcher,
                              gsat_search_result *r, gsat_error *err) {
  cube_rank c;
  gsat_status st =
      cube_setup(&c, db, p, search, searcher, search == GSAT_SEARCH_CDCL || d->rank == 0, err);
  if (st != GSAT_OK) {
    cube_release(&c);
    return st;
  }
  d->cr = &c;
  for (;;) {
    if (c.exchange_arena) { /* CDCL: messages and a round, on the exchange ring */
      int res = clause_poll(d, &c.exchange);
      if (res == GSAT_ANSWER_UNSAT) c.answer = GSAT_ANSWER_UNSAT;
      if (res != GSAT_PORT_CONTINUE) break;
    } else {
      flush(d);
      receive_all(d, NULL);
      if (d->ended || d->failed != GSAT_OK) break;
    }
    if (cube_turn(d, &c)) break;
    cube_progress(&c);
    gsat_sleep(POLL_SECONDS);
  }
  d->cr = NULL; /* requests from now on get NOWORK, cubes are dropped */
  if (c.running) {
    GSAT_FLAG_RAISE(&c.halt);
    end_search(&c);
  }
  st = cube_result(&c, r, err);
  cube_release(&c);
  return st;
}

/*------------------------------------------------------------------------*/

static int launched_with_ranks(void) {
  const char *n = getenv("OMPI_COMM_WORLD_SIZE");
  if (!n) n = getenv("PMI_SIZE");
  if (n) return atoi(n) > 1;
  return getenv("PMIX_RANK") != NULL; /* a PMIx launcher: ask MPI */
}

gsat_status gsat_dist_init(int *argc, char ***argv, gsat_error *err) {
  if (g.joined || !launched_with_ranks()) return GSAT_OK;
  int provided = 0;
  GSAT_RETURN_IF(MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS, err,
                 INTERNAL, "MPI_Init_thread failed");
  g.joined = 1;
  MPI_Comm local;
  int ok =
      MPI_Comm_dup(MPI_COMM_WORLD, &g.comm) == MPI_SUCCESS &&
      MPI_Comm_set_errhandler(g.comm, MPI_ERRORS_RETURN) == MPI_SUCCESS &&
      MPI_Comm_rank(g.comm, &g.rank) == MPI_SUCCESS &&
      MPI_Comm_size(g.comm, &g.size) == MPI_SUCCESS &&
      MPI_Comm_split_type(g.comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &local) == MPI_SUCCESS &&
      MPI_Comm_size(local, &g.local_size) == MPI_SUCCESS &&
      MPI_Comm_rank(local, &g.local_rank) == MPI_SUCCESS;
  GSAT_RETURN_IF(!ok, err, INTERNAL, "MPI setup (communicators) failed");
  MPI_Comm_free(&local);
  GSAT_RETURN_IF(provided < MPI_THREAD_FUNNELED, err, INTERNAL,
                 "MPI provides no MPI_THREAD_FUNNELED support");
  return GSAT_OK;
}

void gsat_dist_finalize(void) {
  if (!g.joined) return;
  MPI_Comm_free(&g.comm);
  MPI_Finalize();
  g.joined = 0;
  g.size = 1;
  g.rank = 0;
}

uint32_t gsat_dist_size(void) {
  return (uint32_t)g.size;
}

uint32_t gsat_dist_rank(void) {
  return (uint32_t)g.rank;
}

uint32_t gsat_dist_local_size(void) {
  return (uint32_t)g.local_size;
}

uint32_t gsat_dist_local_rank(void) {
  return (uint32_t)g.local_rank;
}

int gsat_dist_local_failure(void) {
  return g.local_failure;
}

/* An error of this rank alone (rank 0 cannot report it). */
static gsat_status local_error(gsat_error *err, gsat_status st, const char *what, double seconds) {
  g.local_failure = 1;
  return gsat_error_set(err, st, "rank %d: %s within %g s", g.rank, what, seconds);
}

/* Waits for request r, sleeping 1 ms between tests (a busy MPI wait would take
 * a core from a rank that parses). */
static int wait_gently(MPI_Request *r) {
  for (;;) {
    int done = 0;
    int rc = MPI_Test(r, &done, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS || done) return rc;
    gsat_sleep(1e-3);
  }
}

/* MPI_Ibcast of n elements of `type` (size `unit` bytes) from rank 0, in
 * pieces of at most 2^28 elements (counts are int). */
static int bcast(void *buf, size_t n, MPI_Datatype type, size_t unit) {
  for (size_t off = 0; off < n;) {
    size_t k = n - off < ((size_t)1 << 28) ? n - off : ((size_t)1 << 28);
    MPI_Request r;
    int rc = MPI_Ibcast((char *)buf + off * unit, (int)k, type, 0, g.comm, &r);
    if (rc == MPI_SUCCESS) rc = wait_gently(&r);
    if (rc != MPI_SUCCESS) return rc;
    off += k;
  }
  return MPI_SUCCESS;
}

gsat_status gsat_dist_share_cnf(gsat_cnf *cnf, gsat_status read_status, gsat_error *err) {
  if (g.size <= 1) return read_status;
  uint64_t h[6] = {(uint64_t)(int64_t)read_status,
                   cnf->declared_vars,
                   cnf->declared_clauses,
                   cnf->max_var,
                   cnf->num_clauses,
                   cnf->num_lits};
  GSAT_RETURN_IF(bcast(h, 6, MPI_UINT64_T, 8) != MPI_SUCCESS, err, INTERNAL,
                 "MPI: broadcasting the formula's size failed");
  gsat_status st = (gsat_status)(int64_t)h[0];
  if (st != GSAT_OK) {
    if (g.rank != 0) gsat_error_set(err, st, "%s", ""); /* rank 0 reports it */
    return st;
  }
  if (g.rank != 0) {
    cnf->declared_vars = h[1], cnf->declared_clauses = h[2], cnf->max_var = h[3];
    cnf->num_clauses = (size_t)h[4], cnf->num_lits = (size_t)h[5];
    cnf->cap_clauses = cnf->num_clauses + 2;
    cnf->cap_lits = cnf->num_lits ? cnf->num_lits : 1;
    cnf->clause_start = malloc(cnf->cap_clauses * sizeof *cnf->clause_start);
    cnf->lits = malloc(cnf->cap_lits * sizeof *cnf->lits);
    if (!cnf->clause_start || !cnf->lits) {
      g.local_failure = 1;
      return gsat_error_set(err, GSAT_NOMEM,
                            "rank %d: out of memory for the formula (%zu literals)", g.rank,
                            cnf->num_lits);
    }
    cnf->clause_start[0] = 0;
  }
  _Static_assert(sizeof(size_t) == 8 && sizeof(gsat_lit) == 4, "64-bit size_t, 32-bit literals");
  int rc = cnf->num_clauses ? bcast(cnf->clause_start, cnf->num_clauses + 1, MPI_UINT64_T, 8)
                            : MPI_SUCCESS;
  if (rc == MPI_SUCCESS) rc = bcast(cnf->lits, cnf->num_lits, MPI_UINT32_T, 4);
  g.local_failure |= rc != MPI_SUCCESS;
  GSAT_RETURN_IF(rc != MPI_SUCCESS, err, INTERNAL, "MPI: broadcasting the formula failed");
  return GSAT_OK;
}

/*------------------------------------------------------------------------*/

static gsat_status setup(dist *d, const gsat_db *db, const gsat_dist_knobs *k,
                         gsat_search_kind search, gsat_dist_rank_stats *ranks, gsat_error *err) {
  memset(d, 0, sizeof *d);
  const int learning = search == GSAT_SEARCH_CDCL;
  d->search = search;
  d->interval = k->mpi_share_interval > 0 ? k->mpi_share_interval : 0.1;
  d->pack_words = k->mpi_share_words >= 2 + GSAT_SHARE_MAX_LEN ? k->mpi_share_words : 1024;
  d->rank = g.rank;
  d->size = g.size;
  d->V = db->num_vars;
  d->rng = 2654435761u * (uint32_t)(g.rank + 1);
  d->has_token = g.rank == 0; /* rank 0 starts the first round */
  size_t cap = sizeof(event) + d->V;
  if ((size_t)d->V * sizeof(gsat_lit) > cap) cap = (size_t)d->V * sizeof(gsat_lit);
  if (sizeof(gsat_dist_rank_stats) > cap) cap = sizeof(gsat_dist_rank_stats);
  if ((size_t)d->pack_words * sizeof *d->pack > cap) cap = (size_t)d->pack_words * sizeof *d->pack;
  d->pack = learning ? malloc((size_t)d->pack_words * sizeof *d->pack) : NULL;
  d->recv_cap = cap + 16;
  d->recv = malloc(d->recv_cap);
  d->cube = malloc(((size_t)d->V + 1) * sizeof *d->cube);
  d->thieves = malloc((size_t)g.size * sizeof *d->thieves);
  d->since = malloc((size_t)g.size * sizeof *d->since);
  d->model = g.rank == 0 ? malloc((size_t)d->V + 1) : NULL;
  d->ranks = g.rank == 0 ? ranks : NULL;
  GSAT_RETURN_IF(!d->recv || !d->cube || !d->thieves || !d->since || (g.rank == 0 && !d->model) ||
                     (learning && !d->pack),
                 err, NOMEM, "out of memory for the distributed search on rank %d", g.rank);
  return GSAT_OK;
}

static void release(dist *d) {
  for (size_t i = 0; i < d->out.n; i++) free(d->out.buf[i]); /* only after a failure */
  free(d->out.req);
  free(d->out.buf);
  free(d->recv);
  free(d->cube);
  free(d->thieves);
  free(d->since);
  free(d->model);
  free(d->pack);
}

enum { UNTIL_DONE, UNTIL_QUIET, UNTIL_REPORTS, UNTIL_FIN, UNTIL_SENT };

static int reached(dist *d, int what) {
  switch (what) {
  case UNTIL_DONE:
    return d->ended;
  case UNTIL_QUIET:
    return !d->asking && flush(d) == 0;
  case UNTIL_REPORTS:
    return !d->asking && d->reports + 1 == (uint32_t)d->size;
  case UNTIL_FIN:
    return d->fin && flush(d) == 0;
  default:
    return flush(d) == 0;
  }
}

/* After the local search: keeps answering (NOWORK to requests, cubes and
 * tokens dropped) until `what` holds; 0 after `timeout` s or an MPI error. */
static int drain(dist *d, int what, double timeout) {
  const double deadline = gsat_seconds() + timeout;
  for (;;) {
    flush(d);
    receive_all(d, NULL);
    if (reached(d, what)) return 1;
    if (d->failed == GSAT_INTERNAL || gsat_seconds() > deadline) return 0;
    gsat_sleep(1e-3);
  }
}

/* This rank's counters for rank 0.  A CPU CDCL rank's clause port is the
 * rounds themselves (they read and fill the portfolio's ring): what crossed
 * it is what they sent and took in; a rank with a searcher counts its
 * bridge's relays (end_search). */
static void count_mine(dist *d, const gsat_search_result *r, int bridged) {
  d->mine.work = r->total;
  d->mine.threads = r->num_workers;
  d->mine.search_seconds = r->search_seconds;
  if (d->search == GSAT_SEARCH_CDCL && !bridged) {
    d->mine.work.port_out = d->mine.clauses_sent;
    d->mine.work.port_in = d->mine.clauses_received;
  }
}

/* A rank other than 0 after its search: tells rank 0 why it ended (unless
 * rank 0 ended it), waits for the outcome, reports its counters. */
static gsat_status follow(dist *d, gsat_status st, const gsat_error *local, gsat_search_result *r,
                          int stopping, gsat_error *err) {
  /* DPLL: only rank 0 answers UNSAT (no cube left anywhere); CDCL: any rank */
  if (!d->ended && !(st == GSAT_OK && d->failed == GSAT_OK && r->answer == GSAT_ANSWER_UNSAT &&
                     d->search != GSAT_SEARCH_CDCL)) {
    uint8_t *msg = d->recv; /* the receive buffer is free between polls */
    event ev;
    memset(&ev, 0, sizeof ev);
    size_t bytes = sizeof ev;
    if (st != GSAT_OK || d->failed != GSAT_OK) {
      ev.kind = EV_FAIL;
      ev.status = st != GSAT_OK ? st : d->failed;
      snprintf(ev.message, sizeof ev.message, "%s", st != GSAT_OK ? local->message : d->failure);
    } else if (r->answer == GSAT_ANSWER_SAT) {
      ev.kind = EV_SAT;
      memcpy(msg + sizeof ev, r->model, d->V);
      bytes += d->V;
    } else if (r->answer == GSAT_ANSWER_UNSAT) {
      ev.kind = EV_UNSAT;
    } else {
      ev.kind = EV_STOP;
      ev.by_limit = r->stopped_by_limit;
    }
    memcpy(msg, &ev, sizeof ev);
    post(d, 0, TAG_EVENT, msg, bytes);
  }
  if (!drain(d, UNTIL_DONE, REPORT_TIMEOUT))
    return local_error(err, GSAT_INTERNAL, "no outcome from rank 0 after the search",
                       REPORT_TIMEOUT);
  /* after a stop request (mpirun's SIGTERM when a rank died, whose sends
   * never complete), the counters go to rank 0 without waiting long */
  if (!drain(d, UNTIL_QUIET, stopping ? STOP_REPORT_TIMEOUT / 5 : REPORT_TIMEOUT) && !stopping)
    return local_error(err, GSAT_INTERNAL, "messages not delivered", REPORT_TIMEOUT);
  post(d, 0, TAG_STATS, &d->mine, sizeof d->mine);
  if (!drain(d, UNTIL_FIN, REPORT_TIMEOUT))
    return local_error(err, GSAT_INTERNAL, "rank 0 did not finish", REPORT_TIMEOUT);
  if (d->ev.status != GSAT_OK) return gsat_error_set(err, d->ev.status, "%s", "");
  if (st != GSAT_OK) return gsat_error_set(err, st, "%s", "");
  r->answer = d->ev.kind == 10 ? 0 : d->ev.kind; /* the model is on rank 0 */
  return GSAT_OK;
}

/* Rank 0 after its search: the outcome from its own result and the first
 * EVENT; answer, status and message into *answer, *status, err. */
static void decide(dist *d, gsat_status st, const gsat_error *local, gsat_search_result *r,
                   int *answer, gsat_status *status, gsat_error *err) {
  *answer = GSAT_ANSWER_UNKNOWN;
  *status = GSAT_OK;
  const int other = !d->ended                ? 0
                    : d->ev.kind == EV_SAT   ? GSAT_ANSWER_SAT
                    : d->ev.kind == EV_UNSAT ? GSAT_ANSWER_UNSAT
                                             : 0;
  if (st != GSAT_OK || d->failed != GSAT_OK) {
    *status = st != GSAT_OK ? st : d->failed;
    gsat_error_set(err, *status, "rank 0 of %d: %s", d->size,
                   st != GSAT_OK ? local->message : d->failure);
  } else if (r->answer != GSAT_ANSWER_UNKNOWN && other && other != r->answer) {
    *status = GSAT_INTERNAL; /* only a bug gets here: no answer */
    gsat_error_set(err, *status, "ranks disagree: rank 0 answered %d, rank %d %d", r->answer,
                   d->ev_rank, other);
  } else if (r->answer == GSAT_ANSWER_SAT) {
    *answer = GSAT_ANSWER_SAT;
  } else if (d->ended && d->ev.kind == EV_SAT) {
    *answer = GSAT_ANSWER_SAT;
    memcpy(r->model, d->model, d->V);
  } else if (d->ended && d->ev.kind == EV_UNSAT) {
    *answer = GSAT_ANSWER_UNSAT;
  } else if (d->ended && d->ev.kind == EV_FAIL) {
    *status = (gsat_status)d->ev.status;
    gsat_error_set(err, *status, "rank %d of %d: %s", d->ev_rank, d->size, d->ev.message);
  } else if (d->ended) {
    r->stopped_by_limit = d->ev.by_limit;
  } else {
    *answer = r->answer; /* 20 (no cube left anywhere) or 0 (stopped here) */
  }
}

/* The run's counters on rank 0: every rank's summed into r. */
static void sum_ranks(dist *d, gsat_search_result *r) {
  memset(&r->total, 0, sizeof r->total);
  r->num_workers = 0;
  for (int i = 0; i < d->size; i++) {
    gsat_worker_stats_add(&r->total, &d->ranks[i].work);
    r->num_workers += d->ranks[i].threads;
  }
  free(r->workers);
  r->workers = NULL;
}

/* The ranks that have not reported, as text ("1, 3"). */
static void missing_ranks(const dist *d, char *text, size_t size) {
  size_t len = 0;
  text[0] = 0;
  for (int i = 1; i < d->size && len + 16 < size; i++)
    if (!d->ranks[i].threads) /* every rank that reports has a worker */
      len += (size_t)snprintf(text + len, size - len, "%s%d", len ? ", " : "", i);
}

/* Rank 0 after its search: decides, tells every rank, collects counters
 * (waiting `timeout` s at most). */
static gsat_status coordinate(dist *d, gsat_status st, const gsat_error *local,
                              gsat_search_result *r, double timeout, gsat_error *err) {
  int answer;
  gsat_status status;
  decide(d, st, local, r, &answer, &status, err);
  int32_t done[2] = {answer, status};
  for (int i = 1; i < d->size; i++) post(d, i, TAG_DONE, done, sizeof done);
  d->ranks[0] = d->mine;
  int reported = drain(d, UNTIL_REPORTS, timeout);
  for (int i = 1; i < d->size; i++) post(d, i, TAG_FIN, NULL, 0);
  /* A rank that did not report may be dead: sends to it (a clause round
   * beyond the eager limit, FIN) never complete, and mpirun kills the job 1 s
   * after its SIGTERM (odls_base_sigkill_timeout), so the error is not
   * delayed for them. */
  drain(d, UNTIL_SENT, reported ? REPORT_TIMEOUT : 0.05);
  if (status != GSAT_OK) return status;
  if (d->failed != GSAT_OK)
    return gsat_error_set(err, d->failed, "rank 0 of %d: %s", d->size, d->failure);
  if (!reported) {
    char missing[256];
    missing_ranks(d, missing, sizeof missing);
    return gsat_error_set(err, GSAT_INTERNAL,
                          "rank%s %s of %d did not report within %g s of the end of the "
                          "search (died or hangs); no answer is given",
                          d->size - 1 - (int)d->reports > 1 ? "s" : "", missing, d->size, timeout);
  }
  r->answer = answer;
  sum_ranks(d, r);
  return GSAT_OK;
}

gsat_status gsat_dist_solve(const gsat_db *db, const gsat_search_params *p, gsat_search_kind search,
                            const gsat_dist_searcher *searcher, gsat_search_result *r,
                            gsat_dist_rank_stats *ranks, gsat_error *err) {
  dist d;
  const double start = gsat_seconds();
  const int learning = search == GSAT_SEARCH_CDCL;
  gsat_status st = setup(&d, db, &searcher->knobs, search, ranks, err);
  if (st != GSAT_OK) {
    release(&d);
    return st; /* before any message: the others wait until their timeout */
  }
  gsat_cube_port port = {&d, g.rank != 0, POLL_SECONDS, port_poll};
  gsat_clause_port cport = {&d, (uint32_t)g.rank * (p->threads ? p->threads : 1), POLL_SECONDS,
                            clause_poll};
  gsat_search_params lp = *p;
  if (learning)
    lp.clause_port = &cport;
  else
    lp.port = &port;
  if (lp.node_limit) lp.node_limit = (lp.node_limit + (uint64_t)g.size - 1) / (uint64_t)g.size;
  if (g.rank != 0) lp.progress_interval = 0;
  gsat_error local;
  gsat_error_clear(&local);
  if (searcher->cube_loop && learning) { /* diversified by rank: the seeds of its searchers */
    lp.seed += 0x9e3779b97f4a7c15ull * (uint64_t)g.rank;
    lp.cdcl.seed += 0x9e3779b97f4a7c15ull * (uint64_t)g.rank;
  }
  if (searcher->cube_loop)
    st = cube_solve(&d, db, &lp, search, searcher, r, &local);
  else
    st = searcher->search(searcher->data, db, &lp, r, &local);
  if (st == GSAT_OK) count_mine(&d, r, searcher->cube_loop);
  for (uint32_t i = 0; i < d.num_thieves; i++) post(&d, d.thieves[i], TAG_NOWORK, NULL, 0);
  d.num_thieves = 0; /* requests that waited for a split of the ended search */
  const int by_limit = p->time_limit > 0 && gsat_seconds() - start >= p->time_limit - LIMIT_SLACK;
  const double timeout = !GSAT_FLAG_IS_RAISED(p->stop) ? REPORT_TIMEOUT
                         : by_limit                    ? LIMIT_REPORT_TIMEOUT
                                                       : STOP_REPORT_TIMEOUT;
  st = g.rank == 0 ? coordinate(&d, st, &local, r, timeout, err)
                   : follow(&d, st, &local, r, GSAT_FLAG_IS_RAISED(p->stop), err);
  if (st != GSAT_OK) gsat_search_result_free(r);
  release(&d);
  return st;
}
