# Coalesced CNF layouts: host references of the slot-major buckets
# and of the GPU stream gather (unit, runs in CI).  The device build is checked
# by bench/layout_check (bench/device/layout.sh), which needs no cmocka.
gsat_add_test(test_slot_layout LABELS unit
  SOURCES test_slot_layout.c LIBS gsat_gpu gsat_core)
# The device build against the host on generated instances (label gpu; SKIP,
# exit 77, without a device).
if(TARGET layout_check)
  add_test(NAME layout_check COMMAND layout_check php:6 php:9 rand:3:50:218:1
           rand:5:80:600:2 rand:3:400:1700:3)
  set_tests_properties(layout_check PROPERTIES LABELS gpu SKIP_RETURN_CODE 77 TIMEOUT 300)
  # Bad instance names exit 2 before the device is looked for (runs in CI).
  gsat_add_script_test(layout_check_args SCRIPT layout_check_args.sh
    ARGS $<TARGET_FILE:layout_check>)
endif()
