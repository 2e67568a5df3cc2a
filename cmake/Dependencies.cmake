# Every dependency is a Debian package (scripts/install-deps.sh installs them).
find_package(Threads REQUIRED)
find_package(PkgConfig REQUIRED)
find_package(fmt REQUIRED CONFIG)
find_package(nlohmann_json 3 REQUIRED CONFIG)
find_package(CLI11 REQUIRED CONFIG)
find_package(tl-expected REQUIRED CONFIG)
find_package(Boost 1.81 REQUIRED CONFIG)
find_package(OpenSSL 3 REQUIRED)  # the broadcast's HTTPS push to lichess (libssl-dev)
pkg_check_modules(SODIUM REQUIRED IMPORTED_TARGET libsodium)
pkg_check_modules(CAIRO REQUIRED IMPORTED_TARGET cairo)
pkg_check_modules(PANGOCAIRO REQUIRED IMPORTED_TARGET pangocairo)  # the papers' text (console/print)
pkg_check_modules(ESPEAK_NG REQUIRED IMPORTED_TARGET espeak-ng)  # spoken moves (console/speech)
find_package(SDL2 REQUIRED CONFIG)  # the GUI's window, and speech's sound output in every build

if(OC_BUILD_GUI)
  pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)   # Debian's libimgui.a, includes SDL2 + GL3 backends
  find_path(IMGUI_BACKENDS_DIR imgui_impl_sdl.h HINTS ${IMGUI_INCLUDE_DIRS} PATH_SUFFIXES backends REQUIRED)
  add_library(oc_imgui INTERFACE)
  target_link_libraries(oc_imgui INTERFACE PkgConfig::IMGUI ${CMAKE_DL_LIBS})
  target_include_directories(oc_imgui SYSTEM INTERFACE ${IMGUI_INCLUDE_DIRS} ${IMGUI_BACKENDS_DIR})
endif()

if(OC_BUILD_TESTS)
  find_package(GTest REQUIRED CONFIG)
  include(GoogleTest)
endif()
