# Coalesced CNF layouts (issue 6): host references of the slot-major buckets
# and of the GPU stream gather (unit, runs in CI).  The device build is checked
# by bench/layout_check (bench/device/layout.sh), which needs no cmocka.
gsat_add_test(test_slot_layout LABELS unit
  SOURCES test_slot_layout.c LIBS gsat_gpu gsat_core)
