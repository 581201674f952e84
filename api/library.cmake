# The installed library (README, "The library"), included from the top
# CMakeLists.txt once every part's target exists:
#   libgsat.a   one archive of the objects of every internal part;
#   libgsat.so  (GSAT_SHARED) the same objects (all targets are built position
#               independent), exporting exactly the functions that the
#               installed headers declare (a version script made from them);
#   include/gsat/: gsat.h, and ipasir.h when the tree has one (the pkg-config
#   files' Cflags name the folder, so programs include <gsat.h>);
#   gsat.pc (Libs -lgsat, the shared library when installed; Libs.private for
#   --static) and gsat-static.pc (Libs: libgsat.a and what it needs), both
#   relocatable (paths from ${pcfiledir});
#   the programs gsat and gsat-gen;
#   after the install, ldconfig (as root) or what to run instead
#   (api/ldconfig.cmake).
include(GNUInstallDirs)

set(GSAT_LIBRARY_PARTS gsat_base gsat_core gsat_dimacs gsat_cpu gsat_gpu gsat_mpi gsat_api)
set(GSAT_LIBRARY_OBJECTS "")
foreach(part ${GSAT_LIBRARY_PARTS})
  list(APPEND GSAT_LIBRARY_OBJECTS $<TARGET_OBJECTS:${part}>)
endforeach()

# The public headers: gsat.h, and an IPASIR header wherever the API keeps it.
file(GLOB GSAT_IPASIR_HEADER CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/api/ipasir.h ${PROJECT_SOURCE_DIR}/solver/ipasir.h
  ${PROJECT_SOURCE_DIR}/ipasir.h)
set(GSAT_PUBLIC_HEADERS ${PROJECT_SOURCE_DIR}/api/gsat.h ${GSAT_IPASIR_HEADER})

# gsat_link_flags(out item...): the linker flags of the libraries that the
# items (targets, names, paths, flags) need outside libgsat, for pkg-config:
# gsat's own targets are followed through their link interface, an imported
# target becomes its file (-lNAME, with -LDIR unless DIR is a default one) and
# its own dependencies, a plain name -lNAME.
function(gsat_link_flags out)
  set(flags "")
  set(seen "")
  set(queue ${ARGN})
  while(queue)
    list(POP_FRONT queue item)
    if(item MATCHES "^\\$<LINK_ONLY:(.*)>$")
      set(item ${CMAKE_MATCH_1})
    endif()
    if(item IN_LIST seen OR item MATCHES "^\\$<" OR item STREQUAL "")
      continue()
    endif()
    list(APPEND seen ${item})
    if(TARGET ${item})
      get_target_property(imported ${item} IMPORTED)
      get_target_property(type ${item} TYPE)
      if(imported AND NOT type STREQUAL "INTERFACE_LIBRARY")
        foreach(prop IMPORTED_LOCATION_RELEASE IMPORTED_LOCATION_NOCONFIG IMPORTED_LOCATION)
          get_target_property(file ${item} ${prop})
          if(file)
            list(APPEND queue ${file})
            break()
          endif()
        endforeach()
      endif()
      get_target_property(deps ${item} INTERFACE_LINK_LIBRARIES)
      if(deps)
        list(APPEND queue ${deps})
      endif()
    elseif(item MATCHES "^-")
      list(APPEND flags ${item})
    elseif(IS_ABSOLUTE ${item} AND item MATCHES "/lib([^/]+)\\.(so[.0-9]*|a)$")
      get_filename_component(dir ${item} DIRECTORY)
      if(NOT dir IN_LIST CMAKE_C_IMPLICIT_LINK_DIRECTORIES)
        list(APPEND flags -L${dir})
      endif()
      list(APPEND flags -l${CMAKE_MATCH_1})
    elseif(IS_ABSOLUTE ${item})
      list(APPEND flags ${item})
    else()
      list(APPEND flags -l${item})
    endif()
  endwhile()
  list(REMOVE_DUPLICATES flags)
  set(${out} ${flags} PARENT_SCOPE)
endfunction()

gsat_link_flags(GSAT_PC_DEPS ${GSAT_LIBRARY_PARTS})
if(GSAT_HAVE_CUDA)
  list(APPEND GSAT_PC_DEPS -lstdc++) # the host code nvcc compiles is C++
endif()
list(JOIN GSAT_PC_DEPS " " GSAT_PC_LIBS_PRIVATE)
# A sanitizer build's objects need the sanitizer runtimes in the program too
# (linked first), for the shared library as for the archive.
set(GSAT_PC_SANITIZE "")
if(GSAT_SANITIZE)
  set(GSAT_PC_SANITIZE " -fsanitize=address,undefined")
endif()

add_library(gsat_static STATIC ${GSAT_LIBRARY_OBJECTS})
set_target_properties(gsat_static PROPERTIES OUTPUT_NAME gsat LINKER_LANGUAGE C
  ARCHIVE_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib)
set(GSAT_INSTALLED_LIBRARIES gsat_static)

# libipasirgsat.a: the same objects, under the name IPASIR applications link
# against (cc app.c -lipasirgsat -lz -lpthread -lm; a CUDA build also needs
# the CUDA runtime, as gsat-static.pc lists).
add_library(ipasirgsat STATIC ${GSAT_LIBRARY_OBJECTS})
set_target_properties(ipasirgsat PROPERTIES LINKER_LANGUAGE C
  ARCHIVE_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib)
target_link_libraries(ipasirgsat INTERFACE gsat_api)
list(APPEND GSAT_INSTALLED_LIBRARIES ipasirgsat)

option(GSAT_SHARED "build the shared library libgsat.so beside libgsat.a" ON)
if(GSAT_SHARED)
  # The export list: every function that an installed header declares.
  set(exports "")
  foreach(header ${GSAT_PUBLIC_HEADERS})
    file(STRINGS ${header} lines REGEX
      "^(GSAT_API|IPASIR_API|extern|const|void|int|unsigned|char|double|int32_t|int64_t)[^;]*[ *](gsat|ipasir)_[a-z0-9_]+[ \t]*\\(")
    foreach(line ${lines})
      if(line MATCHES "[ *]((gsat|ipasir)_[a-z0-9_]+)[ \t]*\\(")
        string(APPEND exports "    ${CMAKE_MATCH_1};\n")
      endif()
    endforeach()
  endforeach()
  set(GSAT_VERSION_SCRIPT ${PROJECT_BINARY_DIR}/gsat.map)
  file(WRITE ${GSAT_VERSION_SCRIPT}.in "{\n  global:\n${exports}  local: *;\n};\n")
  configure_file(${GSAT_VERSION_SCRIPT}.in ${GSAT_VERSION_SCRIPT} COPYONLY)

  add_library(gsat_shared SHARED ${GSAT_LIBRARY_OBJECTS})
  # gsat_api's link interface brings the outside libraries (zlib, the CUDA
  # runtime, ...); its archives add nothing, their objects are all here.
  target_link_libraries(gsat_shared PRIVATE gsat_api)
  target_link_options(gsat_shared PRIVATE "LINKER:--version-script=${GSAT_VERSION_SCRIPT}"
    $<$<NOT:$<BOOL:${GSAT_SANITIZE}>>:LINKER:--no-undefined>)
  set_target_properties(gsat_shared PROPERTIES OUTPUT_NAME gsat
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}
    LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib
    LINK_DEPENDS ${GSAT_VERSION_SCRIPT})
  if(GSAT_HAVE_CUDA)
    set_target_properties(gsat_shared PROPERTIES LINKER_LANGUAGE CUDA)
  endif()
  gsat_target_defaults(gsat_shared)
  list(APPEND GSAT_INSTALLED_LIBRARIES gsat_shared)
endif()

# pkg-config files: prefix from the file's own place, so that
# `cmake --install build --prefix DIR` needs no reconfiguration.
file(RELATIVE_PATH GSAT_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" GSAT_PC_TO_PREFIX "${GSAT_PC_TO_PREFIX}")
set(GSAT_PC_LIBS "-L\${libdir} -lgsat${GSAT_PC_SANITIZE}")
configure_file(${CMAKE_CURRENT_LIST_DIR}/gsat.pc.in ${PROJECT_BINARY_DIR}/gsat.pc @ONLY)
set(GSAT_PC_LIBS "\${libdir}/libgsat.a ${GSAT_PC_LIBS_PRIVATE}${GSAT_PC_SANITIZE}")
set(GSAT_PC_LIBS_PRIVATE "")
configure_file(${CMAKE_CURRENT_LIST_DIR}/gsat.pc.in ${PROJECT_BINARY_DIR}/gsat-static.pc @ONLY)

install(TARGETS gsat gsat-gen RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS ${GSAT_INSTALLED_LIBRARIES}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${GSAT_PUBLIC_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/gsat)
# gsat.h's statistics fields come from the counter table (macros only), which
# it includes by its project path, found beside it (a quoted include).
install(FILES ${PROJECT_SOURCE_DIR}/core/counters.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/gsat/core)
install(FILES ${PROJECT_BINARY_DIR}/gsat.pc ${PROJECT_BINARY_DIR}/gsat-static.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(GSAT_SHARED)
  install(CODE "set(GSAT_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
    set(GSAT_SOVERSION ${PROJECT_VERSION_MAJOR})")
  install(SCRIPT ${CMAKE_CURRENT_LIST_DIR}/ldconfig.cmake)
endif()
