# The installed library (tests/install.sh): cmake --install into a temporary
# prefix, then a program built through pkg-config against libgsat.a and
# libgsat.so, run on tiny formulas.  Skipped (77) without pkg-config.
if(TARGET gsat_static)
  gsat_add_script_test(install SCRIPT install.sh SKIP TIMEOUT 300
    ARGS ${CMAKE_COMMAND} ${PROJECT_BINARY_DIR} ${CMAKE_C_COMPILER}
         ${CMAKE_INSTALL_LIBDIR} $<IF:$<BOOL:${GSAT_SHARED}>,ON,OFF>)
endif()
