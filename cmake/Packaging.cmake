# What `cmake --install` lays out and what CPack puts in the Debian package (issue 39, docs/install.md):
# the two programs in bin/, the files they read at run time under share/operator-console/ (where
# console/data_files finds them, relative to the installed program), the docs, a menu entry, an icon
# and a man page per program. scripts/package.sh builds the package.
include(GNUInstallDirs)
set(oc_share ${CMAKE_INSTALL_DATADIR}/operator-console)
set(oc_doc ${CMAKE_INSTALL_DATADIR}/doc/operator-console)
# The release date of PROJECT_VERSION, for the package's changelog (update both with CHANGELOG.md).
set(OC_RELEASE_DATE_RFC2822 "Thu, 03 Dec 2026 12:00:00 +0000")

install(TARGETS operator-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET operator-console)
  install(TARGETS operator-console RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(DIRECTORY ${OC_LOCALE_BUILD_DIR}/ DESTINATION ${oc_share}/locale)
install(DIRECTORY ${OC_WEB_BUILD_DIR}/ DESTINATION ${oc_share}/web)
install(FILES packaging/operator-console.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES packaging/operator-console.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES README.md CHANGELOG.md packaging/copyright DESTINATION ${oc_doc})
install(DIRECTORY docs/ DESTINATION ${oc_doc}/docs)

# Debian wants the changelog gzipped beside the copyright; -n keeps the package reproducible.
set(oc_changelog ${CMAKE_BINARY_DIR}/packaging/changelog)
configure_file(packaging/changelog.in ${oc_changelog} @ONLY)
add_custom_command(OUTPUT ${oc_changelog}.gz
  COMMAND gzip -9nkf ${oc_changelog}
  DEPENDS ${oc_changelog}
  VERBATIM)

# A man page per program, made from its --help by help2man at build time (so it never drifts from the
# options). Without help2man the build goes on; scripts/package.sh installs it before packaging.
find_program(HELP2MAN help2man)
set(oc_package_files ${oc_changelog}.gz)
function(oc_man_page target summary)
  set(page ${CMAKE_BINARY_DIR}/man/${target}.1.gz)
  add_custom_command(OUTPUT ${page}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
    COMMAND sh -c "'${HELP2MAN}' --no-info --no-discard-stderr --version-string='${PROJECT_VERSION}' --name='${summary}' '$<TARGET_FILE:${target}>' | gzip -9n > '${page}'"
    DEPENDS ${target}
    COMMENT "Writing the man page of ${target}"
    VERBATIM)
  set(oc_package_files ${oc_package_files} ${page} PARENT_SCOPE)
  install(FILES ${page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endfunction()
if(HELP2MAN)
  oc_man_page(operator-cli "headless operator console for human-versus-computer chess")
  if(TARGET operator-console)
    oc_man_page(operator-console "operator console for human-versus-computer chess under FIDE rules")
  endif()
else()
  message(STATUS "help2man not found: no man pages (scripts/install-deps.sh --package installs it)")
endif()
add_custom_target(oc_package_files ALL DEPENDS ${oc_package_files})
install(FILES ${oc_changelog}.gz DESTINATION ${oc_doc})

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME operator-console)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "Operator Console developers <operator-console@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "operator console for human-versus-computer chess under FIDE rules")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
  "At an over-the-board game between a person and a chess program, the
operator types the human's move; the console sends it to a UCI engine,
shows the reply to play on the board, keeps the scoresheet, applies
FIDE's rules for play with computers (Handbook E.III) to the computer's
clock and keeps a sealed move secret at adjournment. It also prints the
papers, broadcasts the game to a spectator page, speaks the moves, reads
DGT and Millennium electronic boards and audits an operator's journal
for the arbiter, in English, Polish and Persian.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR}/package)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Not "games": that section is for programs in /usr/games that people play; this one runs an event.
set(CPACK_DEBIAN_PACKAGE_SECTION misc)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The libraries come from the binaries (dpkg-shlibdeps); the data the programs read at run time are
# named here: the font, the voices, the time zones for the papers' local times.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core, espeak-ng-data, tzdata")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "stockfish")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
set(CPACK_STRIP_FILES ON)
include(CPack)
