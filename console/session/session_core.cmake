# The session core's sources (owned by the session helper), kept apart from the journal's list.
set(OC_SESSION_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/src/event_setup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/draw_policy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/operator_delay.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/script.cpp)
