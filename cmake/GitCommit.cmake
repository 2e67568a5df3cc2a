# cmake -DSOURCE_DIR=... -DOUT=... [-DOVERRIDE=...] -P GitCommit.cmake
# Writes OUT as `#define OC_GIT_COMMIT "<commit>"`: OVERRIDE when given, else the abbreviated HEAD of
# SOURCE_DIR when it is itself the top of a git checkout (a tarball unpacked inside another repository
# must not name that one's commit), else "unknown". The file is rewritten only when its text changes, so
# an unchanged commit recompiles nothing.
set(commit "unknown")
if(OVERRIDE)
  set(commit "${OVERRIDE}")
else()
  find_package(Git QUIET)
  if(GIT_FOUND)
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" rev-parse --show-toplevel
                    OUTPUT_VARIABLE top RESULT_VARIABLE top_rc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                    OUTPUT_VARIABLE head RESULT_VARIABLE head_rc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    file(REAL_PATH "${SOURCE_DIR}" source_real)
    if(top_rc EQUAL 0 AND head_rc EQUAL 0 AND head)
      file(REAL_PATH "${top}" top_real)
      if(top_real STREQUAL source_real)
        set(commit "${head}")
      endif()
    endif()
  endif()
endif()
set(text "#define OC_GIT_COMMIT \"${commit}\"\n")
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  get_filename_component(dir "${OUT}" DIRECTORY)
  file(MAKE_DIRECTORY "${dir}")
  file(WRITE "${OUT}" "${text}")
endif()
