# The CLI's conventions (tests/cli.sh): option messages, decimal numbers, the
# model output cut by a signal or the time limit (exit 8), a fractional time
# limit while parsing, the --progress lines' columns of each search.
if(TARGET gsat)
  gsat_add_script_test(cli SCRIPT cli.sh TIMEOUT 120 ARGS $<TARGET_FILE:gsat>
    $<TARGET_FILE:gsat-gen>)
endif()

# Edges a new user hits (tests/edges.sh): a lone 0, a proof of a header that
# undercounts the variables (checked by drat-trim when ../shared has it), the
# environment against the command line, --batch DIR, MiniSat's spellings and
# --conflicts.
if(TARGET gsat)
  gsat_add_script_test(edges SCRIPT edges.sh TIMEOUT 120 ARGS $<TARGET_FILE:gsat>
    $<TARGET_FILE:gsat-gen> $<$<TARGET_EXISTS:gsat_drat_trim>:$<TARGET_FILE:gsat_drat_trim>>)
endif()
