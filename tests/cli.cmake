# The CLI's conventions (tests/cli.sh): option messages, decimal numbers, the
# model output cut by a signal or the time limit (exit 8), a fractional time
# limit while parsing.
if(TARGET gsat)
  gsat_add_script_test(cli SCRIPT cli.sh TIMEOUT 120 ARGS $<TARGET_FILE:gsat>)
endif()
