# The C, C++ and CUDA sources are formatted by the repository's .clang-format
# (clang-format 14; tests/format.sh skips with another version or none).
gsat_add_script_test(format SCRIPT format.sh SKIP TIMEOUT 300 ARGS ${PROJECT_SOURCE_DIR})
