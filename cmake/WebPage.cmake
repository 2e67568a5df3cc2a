# The broadcast's spectator page (docs/broadcast.md) as the programs serve it: web/'s own files and the
# chessground files it loads (npm, web/package-lock.json), copied into build/web at every build. The
# build tree's operator-cli finds them there beside build/bin, as the package's finds them in
# share/operator-console/web (console/data_files), so neither reads the source tree.
set(OC_WEB_BUILD_DIR ${CMAKE_BINARY_DIR}/web)
add_custom_target(oc_web_page ALL
  COMMAND ${CMAKE_COMMAND} -DSOURCE=${CMAKE_SOURCE_DIR}/web -DDEST=${OC_WEB_BUILD_DIR}
          -P ${CMAKE_SOURCE_DIR}/cmake/CopyWebPage.cmake
  COMMENT "Copying the spectator page into ${OC_WEB_BUILD_DIR}"
  VERBATIM)
