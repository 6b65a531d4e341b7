# parprim_add_plugin(NAME SOURCES src... [LIBRARIES lib...] [OUTPUT_DIRECTORY dir])
#
# Builds one backend as a MODULE library named parprim_plugin_<NAME>.so (the name the loader's
# folder scan looks for), with hidden symbol visibility so that only the descriptor entry points
# declared with PARPRIM_EXPORT are visible, and places it in the plugin folder.
function(parprim_add_plugin name)
  cmake_parse_arguments(ARG "" "OUTPUT_DIRECTORY" "SOURCES;LIBRARIES" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "parprim_add_plugin(${name}): SOURCES is required")
  endif()
  if(NOT ARG_OUTPUT_DIRECTORY)
    set(ARG_OUTPUT_DIRECTORY ${PARPRIM_PLUGIN_OUTPUT_DIR})
  endif()
  set(target parprim_plugin_${name})
  add_library(${target} MODULE ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE parprim::plugin_sdk ${ARG_LIBRARIES})
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
endfunction()
