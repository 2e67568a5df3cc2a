# The session core's sources (owned by the session helper), kept apart from the journal's list.
set(OC_SESSION_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/src/event_setup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/draw_policy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/chess_game.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/session_clock.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/session.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/session_commands.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/session_apply.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/records.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/session_irregular.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/session_engine.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/session_ponder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/session_modules.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/session_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/journal_sink.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/quickplay.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/session_quickplay.cpp)
