/* The CDCL step code (cdcl.md sections 1-3): one searcher's decide, propagate,
 * analyze, backjump, restart, reduce and simplify, written once for a team
 * (team.h) and compiled as C for the CPU (cpu/cdcl_cpu.c, a team of one).
 *
 * The algorithm is the MiniSat/Glucose core (Een and Sorensson, "An Extensible
 * SAT-solver", SAT 2003; Audemard and Simon, "Predicting Learnt Clauses Quality
 * in Modern SAT Solvers", IJCAI 2009), with CaDiCaL's VMTF queue (Biere and
 * Froehlich, "Evaluating CDCL Variable Scoring Schemes", SAT 2015) as the
 * second decision heuristic and Luby restarts (Luby, Sinclair and Zuckerman
 * 1993) in stable mode:
 *   - trail with levels and reasons; two watched literals with blocking
 *     literals, binary clauses inline in the watch lists (no clause fetch);
 *   - 1UIP analysis, recursive minimization (MiniSat's ccmin 2, abstract
 *     levels), LBD at learning time and again when a clause is used;
 *   - backjump to the second-highest level, assert the UIP literal;
 *   - EVSIDS on a binary heap or VMTF with a search pointer; phase saving,
 *     and in stable mode target phases (Biere and Fleury, "Chasing Target
 *     Phases", POS 2020);
 *   - restarts: Glucose's fast/slow LBD averages (focused) and Luby (stable),
 *     switching between the two on a geometric conflict schedule;
 *   - learned clauses in LBD tiers (<= tier1 kept, <= tier2 kept while used
 *     since the last reduction, the rest sorted by (LBD, activity) and the
 *     worse half deleted) on a conflict schedule; arena compaction that
 *     rewrites references in watchers and reasons;
 *   - level-0 simplification at restarts (satisfied clauses deleted, false
 *     literals stripped);
 *   - assumptions (MiniSat): the first decisions; a false one yields the
 *     failed assumptions (s->failed).
 * BCP variants (cfg.bcp): WATCHED (every clause in the arena and watched) and
 * STREAMS (original clauses evaluated whole from the shared occurrence streams
 * of the search database, as DPLL does; only learned clauses watched).
 *
 * Literal checks (ARCHITECTURE.md): every clause literal read during BCP is
 * one check; a blocking literal read counts one; a stream entry read counts
 * one.
 *
 * Nothing is allocated here: the state is carved by gsat_cdcl_carve (cdcl.c);
 * a full arena or watch pool is reported (GSAT_CDCL_GROW_*) at the top of the
 * search loop, before anything is half done, and the host grows it.
 *
 * Team mapping (team.h).  The code has two parts.  The sequential part
 * (the parts below, GSAT_HD gsat_cdcl_* functions) is the searcher's state
 * machine: it is run by one member of a team.  The team part (cdcl_team.h:
 * no include guard, one instance per team, named by GSAT_CDCL_FN) is the search loop,
 * BCP, conflict analysis and learning: a searcher's state lives in memory all
 * members share (one gsat_cdcl), every write to it happens inside TEAM_ONE
 * (one member writes, the others wait at its barriers) except BCP's writes
 * of distinct words by their owners (below), and the loops run on all members:
 *   - BCP: member r looks at watcher i + r of the list (the replacement-watch
 *     search of a long clause by that member alone, reads only); the round
 *     takes the members in rank order up to each unit or conflict, past a
 *     unit only the looks that still hold; each taken member puts f at
 *     lits[1] of its own clause and writes its own kept watcher (ballot
 *     prefix), one member appends the moves in rank order and assigns the
 *     unit; the visit is the sequential one;
 *   - analysis: members test one literal each for "new, not at level 0"
 *     (TEAM_ROUNDS), a ballot collects them and one member takes them in rank
 *     order (seen mark, bump, path count or learned literal), so a team of one
 *     and a warp learn the same clause from the same conflict.
 * Everything else is a TEAM_ONE section.  With a team of one this is plain C.
 *
 * This header is the sequential part.  An instantiation includes it and its
 * team header, defines GSAT_CDCL_FN (name), then includes cdcl_team.h: the
 * CPU's (a team of one: gsat_cdcl_search, ...) is cpu/cdcl_one.h, the
 * warp's (gsat_cdcl_warp_search, ...) gpu/cdcl_warp.cuh.
 *
 * The parts, in include order (each include-guarded):
 *   cdcl_base.h          types, GSAT_CDCL_LITS, float bits
 *   cdcl_proof.h         the proof log, the clause-sharing export
 *   cdcl_watch.h         the watch pool and its lists
 *   cdcl_queue.h         the decision order: EVSIDS heap, VMTF queue
 *   cdcl_trail.h         assign, new level, backtrack (phase saving)
 *   cdcl_phase.h         target phases, diversification
 *   cdcl_arena.h         the clause arena: new, delete, compaction (GC), room
 *   cdcl_propagate.h     BCP: the streams variant, a member's look at a watcher
 *   cdcl_minimize.h      recursive minimization of the learned clause
 *   cdcl_analyze.h       LBD, clause use, backjump level, learning
 *   cdcl_reduce.h        reduction of the learned clauses by tiers
 *   cdcl_simplify.h      level-0 simplification
 *   cdcl_restart.h       restart policies, the steps between propagation and decision
 *   cdcl_decide.h        the next decision, assumptions, cube splits
 * and, included by an instance only,
 *   cdcl_team.h          the team part: BCP rounds, analysis, learn, the search loop
 */
#ifndef GSAT_CDCL_H
#define GSAT_CDCL_H

#include "core/cdcl_base.h"
#include "core/cdcl_proof.h"
#include "core/cdcl_watch.h"
#include "core/cdcl_queue.h"
#include "core/cdcl_trail.h"
#include "core/cdcl_phase.h"
#include "core/cdcl_arena.h"
#include "core/cdcl_propagate.h"
#include "core/cdcl_minimize.h"
#include "core/cdcl_analyze.h"
#include "core/cdcl_reduce.h"
#include "core/cdcl_simplify.h"
#include "core/cdcl_restart.h"
#include "core/cdcl_decide.h"

#endif /* GSAT_CDCL_H */
