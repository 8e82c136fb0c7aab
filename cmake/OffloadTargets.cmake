# In-tree helper: an executable whose sources the cxx-offload plugin
# compiles, linked with the runtime.
set(OFFLOAD_TARGETS "${OFFLOAD_DEFAULT_TARGETS}" CACHE STRING
  "Offload targets of the examples, tests and benchmarks (e.g. sm_90,host)")
set(OFFLOAD_PLUGIN_PATH ${CMAKE_BINARY_DIR}/lib/CxxOffloadPlugin.so)

# Compiles the sources of target `name` with the plugin for TARGETS (default
# OFFLOAD_TARGETS) and links the loader, which opens the runtime from the
# build's lib/ (RUNTIME: link a build of the runtime itself instead, such as
# cxxoffload-rt-tsan, or cxxoffload-rt for tests of its internals).
function(offload_enable name)
  cmake_parse_arguments(ARG "" "TARGETS;RUNTIME" "" ${ARGN})
  if(NOT ARG_TARGETS)
    set(ARG_TARGETS ${OFFLOAD_TARGETS})
  endif()
  # The build keeps its own precompiled library headers (CompileCache.h).
  target_compile_options(${name} PRIVATE
    -fplugin=${OFFLOAD_PLUGIN_PATH}
    -fplugin-arg-offload-targets=${ARG_TARGETS}
    -fplugin-arg-offload-cache=${CMAKE_BINARY_DIR}/offload-cache)
  if(ARG_RUNTIME)
    target_link_libraries(${name} PRIVATE ${ARG_RUNTIME})
  else()
    target_link_libraries(${name} PRIVATE cxxoffload)
    set_property(TARGET ${name} APPEND PROPERTY
      BUILD_RPATH $<TARGET_FILE_DIR:cxxoffload-rt>)
  endif()
  # Objects are rebuilt when the plugin changes.
  get_target_property(sources ${name} SOURCES)
  set_property(SOURCE ${sources} TARGET_DIRECTORY ${name} APPEND PROPERTY
    OBJECT_DEPENDS ${OFFLOAD_PLUGIN_PATH})
  add_dependencies(${name} CxxOffloadPlugin)
endfunction()

function(offload_add_executable name)
  add_executable(${name} ${ARGN})
  offload_enable(${name})
endfunction()
