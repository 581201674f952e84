add_test(NAME corpus COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/corpus.sh $<TARGET_FILE:gsat>)
set_tests_properties(corpus PROPERTIES LABELS "corpus" SKIP_RETURN_CODE 77 TIMEOUT 900)
