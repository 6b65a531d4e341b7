# Warnings on for every parprim target; -Werror is left to the developer (PARPRIM_WERROR).
option(PARPRIM_WERROR "Treat warnings as errors" OFF)
add_library(parprim_warnings INTERFACE)
target_compile_options(parprim_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:C,CXX>:-Wall -Wextra -Wpedantic>
  $<$<AND:$<COMPILE_LANGUAGE:C,CXX>,$<BOOL:${PARPRIM_WERROR}>>:-Werror>
  $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra>)
