# --backend through the CLI (backend.sh): --backend=gpu without a usable GPU
# fails (exit 7) before the input is read; auto falls back to the CPU.
if(TARGET gsat)
  gsat_add_script_test(backend_cli SCRIPT backend.sh ARGS $<TARGET_FILE:gsat>)
endif()
