# Warnings on for every parprim target; -Werror is left to the developer (PARPRIM_WERROR).
option(PARPRIM_WERROR "Treat warnings as errors" OFF)
add_library(parprim_warnings INTERFACE)
target_compile_options(parprim_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:C,CXX>:-Wall -Wextra -Wpedantic>
  $<$<AND:$<COMPILE_LANGUAGE:C,CXX>,$<BOOL:${PARPRIM_WERROR}>>:-Werror>
  # 445: nvcc's note on `[]<class T>()` lambdas, the element-type dispatch used throughout.
  $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra --diag-suppress=445>)
# GCC 12 reports -Wrestrict on ordinary std::string concatenation at -O3 (GCC bug 105329, a
# false positive inside libstdc++); it is silenced for that compiler only.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12
   AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(parprim_warnings INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-Wno-restrict>)
endif()
