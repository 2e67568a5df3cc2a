# The session core's tests (owned by the session helper), kept apart from the journal's list.
oc_test(session_setup_test ${CMAKE_CURRENT_LIST_DIR}/event_setup_test.cpp ${CMAKE_CURRENT_LIST_DIR}/policy_script_test.cpp)
target_link_libraries(session_setup_test PRIVATE session)
oc_test(session_core_test ${CMAKE_CURRENT_LIST_DIR}/session_test.cpp)
target_link_libraries(session_core_test PRIVATE session)
