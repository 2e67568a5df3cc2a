# cmake -DSOURCE=web -DDEST=build/web -P CopyWebPage.cmake: copies the page's files afresh (a file dropped
# from the list must not linger in build/web and from there in the package). The
# npm files are there only after `npm ci` (scripts/install-deps.sh); without them the build goes on and
# says so, and `broadcast serve` serves games.pgn, games.json and /events without the page.
set(page_files index.html app.js i18n.js style.css
    node_modules/chessground/dist/chessground.min.js
    node_modules/chessground/assets/chessground.base.css
    node_modules/chessground/assets/chessground.brown.css
    node_modules/chessground/assets/chessground.cburnett.css)
file(REMOVE_RECURSE ${DEST})
foreach(f IN LISTS page_files)
  if(NOT EXISTS ${SOURCE}/${f})
    message(WARNING "The spectator page's file ${SOURCE}/${f} is missing: run scripts/install-deps.sh "
                    "(it runs npm ci in web/)")
    continue()
  endif()
  get_filename_component(sub ${f} DIRECTORY)
  file(MAKE_DIRECTORY ${DEST}/${sub})
  file(COPY_FILE ${SOURCE}/${f} ${DEST}/${f})
endforeach()
