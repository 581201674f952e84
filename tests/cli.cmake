# The CLI's conventions (tests/cli.sh): option messages, decimal numbers, the
# model output cut by a signal or the time limit (exit 8), a fractional time
# limit while parsing, the --progress lines' columns of each search.
if(TARGET gsat)
  gsat_add_script_test(cli SCRIPT cli.sh TIMEOUT 120 ARGS $<TARGET_FILE:gsat>
    $<TARGET_FILE:gsat-gen>)
endif()
