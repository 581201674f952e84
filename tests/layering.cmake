# Root folders as floors (docs/design.md, "Floors"): no #include runs up a floor
# (tests/layering.py), and the check catches injected violations.
find_program(GSAT_PYTHON3 python3)
if(GSAT_PYTHON3)
  gsat_add_script_test(layering SCRIPT layering.sh ARGS ${GSAT_PYTHON3})
else()
  message(STATUS "gsat: no python3, the layering test is skipped")
  gsat_skipped_test(layering REASON no python3 found at configure time)
endif()
