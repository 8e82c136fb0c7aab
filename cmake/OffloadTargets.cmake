# In-tree helper: an executable whose sources the cxx-offload plugin
# compiles, linked with the runtime.
set(OFFLOAD_TARGETS "${OFFLOAD_DEFAULT_TARGETS}" CACHE STRING
  "Offload targets of the examples, tests and benchmarks (e.g. sm_90,host)")
set(OFFLOAD_PLUGIN_PATH ${CMAKE_BINARY_DIR}/lib/CxxOffloadPlugin.so)

# Compiles the sources of target `name` with the plugin for TARGETS (default
# OFFLOAD_TARGETS) and links the runtime (RUNTIME: another build of it, such
# as cxxoffload-rt-tsan).
function(offload_enable name)
  cmake_parse_arguments(ARG "" "TARGETS;RUNTIME" "" ${ARGN})
  if(NOT ARG_TARGETS)
    set(ARG_TARGETS ${OFFLOAD_TARGETS})
  endif()
  if(NOT ARG_RUNTIME)
    set(ARG_RUNTIME cxxoffload-rt)
  endif()
  target_compile_options(${name} PRIVATE
    -fplugin=${OFFLOAD_PLUGIN_PATH}
    -fplugin-arg-offload-targets=${ARG_TARGETS})
  target_link_libraries(${name} PRIVATE ${ARG_RUNTIME})
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
