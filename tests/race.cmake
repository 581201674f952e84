# The portfolio's race (api/race.h) with stand-in members, no GPU:
# first answer wins, cancellation, failing members, stops and limits in
# every phase.
gsat_add_test(test_race LABELS unit SOURCES test_race.c LIBS gsat_api gsat_dimacs Threads::Threads)
if(GSAT_HAVE_CUDA)
  set_target_properties(test_race PROPERTIES LINKER_LANGUAGE CUDA)
endif()
