# Run by `cmake --install` after the files are in place (library.cmake), with
# GSAT_LIBDIR (relative to the prefix) and GSAT_SOVERSION set: makes the
# dynamic loader find libgsat.so.N without LD_LIBRARY_PATH.  As root it runs
# ldconfig, which registers the library when its directory is one the loader
# searches (/etc/ld.so.conf: /usr/local/lib on Debian); then it says whether
# the loader finds it, and what to do when it does not (not root, a directory
# outside ld.so.conf, a DESTDIR staging).  It never fails the install.
set(dir "${CMAKE_INSTALL_PREFIX}/${GSAT_LIBDIR}")
if(IS_ABSOLUTE "${GSAT_LIBDIR}")
  set(dir "${GSAT_LIBDIR}")
endif()
set(lib "${dir}/libgsat.so.${GSAT_SOVERSION}")
if(NOT "$ENV{DESTDIR}" STREQUAL "")
  message(STATUS "gsat: installed under DESTDIR: run ldconfig (as root) where the files "
                 "end up, so that the loader finds ${lib}")
  return()
endif()
find_program(ldconfig ldconfig PATHS /sbin /usr/sbin NO_CACHE)
if(NOT ldconfig)
  message(STATUS "gsat: no ldconfig here: the loader finds ${lib} with "
                 "LD_LIBRARY_PATH=${dir}, or link with -Wl,-rpath,${dir}")
  return()
endif()
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET)
set(ran "")
if(uid STREQUAL "0")
  execute_process(COMMAND ${ldconfig} RESULT_VARIABLE rc ERROR_VARIABLE why)
  if(rc EQUAL 0)
    set(ran "ran ldconfig: ")
  else()
    message(STATUS "gsat: ldconfig failed (${rc}): ${why}")
  endif()
endif()
execute_process(COMMAND ${ldconfig} -p OUTPUT_VARIABLE cache ERROR_QUIET)
string(FIND "${cache}" "=> ${lib}\n" found)
if(found GREATER -1)
  message(STATUS "gsat: ${ran}the loader finds ${lib}")
elseif(ran)
  message(STATUS "gsat: ${ran}${dir} is not a directory the loader searches: add it to "
                 "/etc/ld.so.conf.d/gsat.conf and run ldconfig again, or set "
                 "LD_LIBRARY_PATH=${dir} (or link with -Wl,-rpath,${dir})")
else()
  message(STATUS "gsat: the loader finds ${lib} once ldconfig runs as root (sudo ldconfig; "
                 "a directory outside /etc/ld.so.conf needs a line in "
                 "/etc/ld.so.conf.d/gsat.conf first), or with LD_LIBRARY_PATH=${dir}")
endif()
