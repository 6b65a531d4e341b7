# parprim_add_plugin(NAME SOURCES src... [LIBRARIES lib...] [OUTPUT_DIRECTORY dir] [INSTALL])
#
# Builds one backend as a MODULE library named parprim_plugin_<NAME>.so (the name the loader's
# folder scan looks for), with hidden symbol visibility so that only the descriptor entry points
# declared with PARPRIM_EXPORT are visible, and places it in the plugin folder:
# OUTPUT_DIRECTORY, else PARPRIM_PLUGIN_OUTPUT_DIR, else <build>/lib/parprim.
# INSTALL: `cmake --install` copies it to <prefix>/lib/parprim, the folder a runner installed in
# the same prefix searches by default.
#
# The same file serves the built-in plugins and, installed in parprim's CMake package, plugins
# built out of tree against find_package(parprim).
function(parprim_add_plugin name)
  cmake_parse_arguments(ARG "INSTALL" "OUTPUT_DIRECTORY" "SOURCES;LIBRARIES" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "parprim_add_plugin(${name}): SOURCES is required")
  endif()
  if(NOT ARG_OUTPUT_DIRECTORY)
    if(PARPRIM_PLUGIN_OUTPUT_DIR)
      set(ARG_OUTPUT_DIRECTORY ${PARPRIM_PLUGIN_OUTPUT_DIR})
    else()
      set(ARG_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib/parprim)
    endif()
  endif()
  set(target parprim_plugin_${name})
  add_library(${target} MODULE ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE parprim::plugin_sdk ${ARG_LIBRARIES})
  # A plugin's own headers are named from its folder (#include "device/lookback/scan.cuh"), so
  # that a header's path says which of the plugin's rooms it belongs to (docs/architecture.md).
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  if(TARGET parprim_warnings)
    target_link_libraries(${target} PRIVATE parprim_warnings)
  endif()
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    OUTPUT_NAME parprim_plugin_${name}
    LIBRARY_OUTPUT_DIRECTORY ${ARG_OUTPUT_DIRECTORY}
    C_VISIBILITY_PRESET hidden
    CXX_VISIBILITY_PRESET hidden
    CUDA_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  # A plugin must not leave undefined symbols for the host to fill in.
  target_link_options(${target} PRIVATE -Wl,--no-undefined)
  if(ARG_INSTALL)
    install(TARGETS ${target} LIBRARY DESTINATION lib/parprim)
  endif()
endfunction()
