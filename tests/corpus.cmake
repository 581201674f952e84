gsat_add_script_test(corpus SCRIPT corpus.sh SKIP LABELS corpus TIMEOUT 900
  ARGS $<TARGET_FILE:gsat>)
gsat_add_script_test(corpus_cdcl SCRIPT corpus_cdcl.sh SKIP LABELS corpus TIMEOUT 900
  ARGS $<TARGET_FILE:gsat>)
