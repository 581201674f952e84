# The portfolio's race (api/race.h) with stand-in members, no GPU:
# first answer wins, cancellation, failing members, stops and limits in
# every phase.
gsat_add_test(test_race LABELS unit SOURCES test_race.c LIBS gsat_api gsat_dimacs Threads::Threads)
if(GSAT_HAVE_CUDA)
  set_target_properties(test_race PROPERTIES LINKER_LANGUAGE CUDA)
endif()
# The portfolio's shared preprocessing with stand-in GPU members: the GPU
# member gets the simplified formula, its model is extended and checked,
# exchanged clauses never name an eliminated variable, random formulas.
gsat_add_test(test_portfolio_simp LABELS unit SOURCES test_portfolio_simp.c
              LIBS gsat_api gsat_cpu Threads::Threads)
if(GSAT_HAVE_CUDA)
  set_target_properties(test_portfolio_simp PROPERTIES LINKER_LANGUAGE CUDA)
endif()
