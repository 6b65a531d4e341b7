# Run as a script at every build (cmake -P) so that the git revision in results is the one
# actually built, not the one configured. Writes OUTPUT only when its content changes.
execute_process(COMMAND git -C ${SOURCE_DIR} describe --always --dirty --abbrev=12
                OUTPUT_VARIABLE PARPRIM_GIT_REVISION OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET RESULT_VARIABLE git_result)
if(NOT git_result EQUAL 0 OR PARPRIM_GIT_REVISION STREQUAL "")
  set(PARPRIM_GIT_REVISION "unknown")
endif()
configure_file(${INPUT} ${OUTPUT}.tmp @ONLY)
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
