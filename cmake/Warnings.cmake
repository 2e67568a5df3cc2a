# oc_warnings: every project target links this INTERFACE target, so warnings and sanitizers are set once.
add_library(oc_warnings INTERFACE)
target_compile_options(oc_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wold-style-cast -Wnon-virtual-dtor)
# GCC 12 at -O3 (the release build) warns -Wrestrict inside std::string's operator+ and append, where no
# overlap can happen (GCC bug 105329, fixed in GCC 13): 23 false alarms in code that only joins strings.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(oc_warnings INTERFACE -Wno-restrict)
endif()
if(OC_WERROR)
  target_compile_options(oc_warnings INTERFACE -Werror)
endif()
if(OC_SANITIZE)
  target_compile_options(oc_warnings INTERFACE -fsanitize=${OC_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_link_options(oc_warnings INTERFACE -fsanitize=${OC_SANITIZE})
  # GCC 12 warns (-Wtsan) that ThreadSanitizer does not model std::atomic_thread_fence, which Boost.Asio's
  # handler recycling uses inside the e-board's serial link. That is library code; with the warning an
  # error the tsan preset could not build the e-board at all.
  if(OC_SANITIZE STREQUAL "thread")
    target_compile_options(oc_warnings INTERFACE -Wno-tsan)
  endif()
endif()

# oc_module(NAME ...sources): a static library with a PUBLIC include/ dir, so a header resolves only for
# targets that link the module (the layout enforces the architecture).
function(oc_module name)
  add_library(${name} STATIC ${ARGN})
  target_include_directories(${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include)
  target_link_libraries(${name} PRIVATE oc_warnings)
endfunction()
