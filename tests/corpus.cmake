gsat_add_script_test(corpus SCRIPT corpus.sh SKIP LABELS corpus TIMEOUT 900
  ARGS $<TARGET_FILE:gsat>)
gsat_add_script_test(corpus_cdcl SCRIPT corpus_cdcl.sh SKIP LABELS corpus TIMEOUT 900
  ARGS $<TARGET_FILE:gsat>)
# corpus.sh's CI subset with the CDCL portfolio of 2 searchers (--threads=2).
gsat_add_script_test(corpus_cdcl_threads SCRIPT corpus.sh SKIP LABELS corpus TIMEOUT 900
  ARGS $<TARGET_FILE:gsat> --backend=cpu --search=cdcl --threads=2)
