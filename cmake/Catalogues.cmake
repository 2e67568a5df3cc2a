# Message catalogues (issue 12, docs/i18n.md): each language's assets/locale/<lang>/*.po files (one per
# part of the program, so translators and developers do not edit one file at once) are joined by msgcat
# and compiled by msgfmt --check into build/locale/<lang>/LC_MESSAGES/operator-console.mo, where the
# programs find them beside build/bin.
find_program(MSGFMT msgfmt REQUIRED)
find_program(MSGCAT msgcat REQUIRED)
set(OC_LOCALE_SOURCE_DIR ${CMAKE_SOURCE_DIR}/assets/locale)
set(OC_LOCALE_BUILD_DIR ${CMAKE_BINARY_DIR}/locale)

set(oc_mo_files)
file(GLOB oc_po_langs LIST_DIRECTORIES true RELATIVE ${OC_LOCALE_SOURCE_DIR} ${OC_LOCALE_SOURCE_DIR}/*)
foreach(lang IN LISTS oc_po_langs)
  if(NOT IS_DIRECTORY ${OC_LOCALE_SOURCE_DIR}/${lang})
    continue()
  endif()
  file(GLOB po_files CONFIGURE_DEPENDS ${OC_LOCALE_SOURCE_DIR}/${lang}/*.po)
  set(joined ${CMAKE_BINARY_DIR}/locale-src/${lang}.po)
  set(mo ${OC_LOCALE_BUILD_DIR}/${lang}/LC_MESSAGES/operator-console.mo)
  add_custom_command(OUTPUT ${mo}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/locale-src ${OC_LOCALE_BUILD_DIR}/${lang}/LC_MESSAGES
    COMMAND ${MSGCAT} --force-po --to-code=UTF-8 -o ${joined} ${po_files}
    COMMAND ${MSGFMT} --check -o ${mo} ${joined}
    DEPENDS ${po_files}
    COMMENT "Compiling the ${lang} message catalogue"
    VERBATIM)
  list(APPEND oc_mo_files ${mo})
endforeach()
add_custom_target(oc_catalogues ALL DEPENDS ${oc_mo_files})
