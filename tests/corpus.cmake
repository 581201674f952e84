gsat_add_script_test(corpus SCRIPT corpus.sh SKIP LABELS corpus TIMEOUT 900
  ARGS $<TARGET_FILE:gsat>)
