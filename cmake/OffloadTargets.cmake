# In-tree helper: an executable whose sources the cxx-offload plugin
# compiles, linked with the runtime.
set(OFFLOAD_TARGETS "${OFFLOAD_DEFAULT_TARGETS}" CACHE STRING
  "Offload targets of the examples, tests and benchmarks (e.g. sm_90,host)")
set(OFFLOAD_PLUGIN_PATH ${CMAKE_BINARY_DIR}/lib/CxxOffloadPlugin.so)

function(offload_add_executable name)
  add_executable(${name} ${ARGN})
  target_compile_options(${name} PRIVATE
    -fplugin=${OFFLOAD_PLUGIN_PATH}
    -fplugin-arg-offload-targets=${OFFLOAD_TARGETS})
  target_link_libraries(${name} PRIVATE cxxoffload-rt)
  # Objects are rebuilt when the plugin changes.
  set_property(SOURCE ${ARGN} APPEND PROPERTY OBJECT_DEPENDS ${OFFLOAD_PLUGIN_PATH})
  add_dependencies(${name} CxxOffloadPlugin)
endfunction()
