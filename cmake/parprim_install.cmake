# `cmake --install build --prefix P` lays out a self-contained installation:
#   P/bin/runner, P/bin/parprim-conformance
#   P/lib/parprim/parprim_plugin_*.so      the built-in plugins (the runner's default folder)
#   P/include/parprim/                     the plugin SDK headers
#   P/lib/cmake/parprim/                   the CMake package (find_package(parprim))
#   P/share/parprim/plot_results.py        what `runner plot` runs
# The plugin folder is lib/parprim whatever the platform's libdir, because the runner finds it
# relative to its own bin/. Nothing is written outside P, so a prefix in $HOME needs no root.
include(CMakePackageConfigHelpers)

set(PARPRIM_INSTALL_CMAKE_DIR lib/cmake/parprim)
set(PARPRIM_INSTALL_PLUGIN_DIR lib/parprim)
file(STRINGS ${PROJECT_SOURCE_DIR}/core/include/parprim/plugin_abi.h abi_line
     REGEX "^#define PARPRIM_ABI_VERSION ")
string(REGEX REPLACE ".* ([0-9]+).*" "\\1" PARPRIM_ABI_VERSION "${abi_line}")

install(EXPORT parprim_targets NAMESPACE parprim:: FILE parprimTargets.cmake
        DESTINATION ${PARPRIM_INSTALL_CMAKE_DIR})
if(PARPRIM_HAVE_CUDA)
  install(EXPORT parprim_cuda_targets NAMESPACE parprim:: FILE parprimCudaTargets.cmake
          DESTINATION ${PARPRIM_INSTALL_CMAKE_DIR})
endif()

configure_package_config_file(cmake/parprimConfig.cmake.in
  ${PROJECT_BINARY_DIR}/package/parprimConfig.cmake
  INSTALL_DESTINATION ${PARPRIM_INSTALL_CMAKE_DIR}
  PATH_VARS PARPRIM_INSTALL_PLUGIN_DIR)
# 0.x: a new minor version may change the SDK; the plugin ABI has its own version (see
# docs/writing-a-plugin.md).
write_basic_package_version_file(${PROJECT_BINARY_DIR}/package/parprimConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES
    ${PROJECT_BINARY_DIR}/package/parprimConfig.cmake
    ${PROJECT_BINARY_DIR}/package/parprimConfigVersion.cmake
    cmake/parprim_add_plugin.cmake
    cmake/parprim_enable_cuda.cmake
    cmake/parprim_add_course_plugin.cmake
  DESTINATION ${PARPRIM_INSTALL_CMAKE_DIR})
# The course adapter's source, compiled into each course plugin (parprim_add_course_plugin).
install(FILES course/course_adapter.cu course/course_unit.hpp course/course_compat.h
              course/find_course_functions.py
        DESTINATION ${PARPRIM_INSTALL_CMAKE_DIR}/course)
