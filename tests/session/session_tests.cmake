# The session core's tests: the locked policy in play, quickplay, the state machine, scripts.
oc_test(session_setup_test ${CMAKE_CURRENT_LIST_DIR}/policy_script_test.cpp)
oc_test(session_quickplay_test ${CMAKE_CURRENT_LIST_DIR}/quickplay_test.cpp)
target_link_libraries(session_quickplay_test PRIVATE session sim)
target_link_libraries(session_setup_test PRIVATE session sim clock)
oc_test(session_core_test ${CMAKE_CURRENT_LIST_DIR}/session_test.cpp ${CMAKE_CURRENT_LIST_DIR}/journal_failure_test.cpp
         ${CMAKE_CURRENT_LIST_DIR}/clock_sync_test.cpp ${CMAKE_CURRENT_LIST_DIR}/arbiter_record_test.cpp)
target_link_libraries(session_core_test PRIVATE session sim)
oc_test(session_script_test ${CMAKE_CURRENT_LIST_DIR}/session_script_test.cpp ${CMAKE_CURRENT_LIST_DIR}/script_resume_test.cpp)
target_link_libraries(session_script_test PRIVATE session sim)
target_compile_definitions(session_script_test PRIVATE OC_SESSION_SCRIPTS="${CMAKE_CURRENT_LIST_DIR}/scripts")

# Crash recovery: 60 SIGKILLs at random moments of a 160-ply game with the deterministic fake engine,
# resumed each time; the journal's game records and the PGN must equal an uninterrupted run (~10 s);
# and 10 kills with Stockfish at a fixed node count (~6 s).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME session_crash_recovery_60_kills
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/crash_recovery_test.py $<TARGET_FILE:operator-cli> 60 3)
  add_test(NAME session_crash_recovery_10_kills_stockfish
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/crash_recovery_test.py $<TARGET_FILE:operator-cli> 10 5
                   /usr/games/stockfish)
  # The real-time Stockfish tests run one at a time (tests/host/CMakeLists.txt says why).
  set_tests_properties(session_crash_recovery_10_kills_stockfish PROPERTIES RESOURCE_LOCK realtime_stockfish)
  # A scripted game (every kind of script line, an adjournment) killed 35 times and resumed (~20 s).
  add_test(NAME session_crash_recovery_script_35_kills
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/resume_script_test.py $<TARGET_FILE:operator-cli>
                   ${CMAKE_CURRENT_LIST_DIR}/../data/session/scripts/resume_long_game.txt 35 5)
  # The same game cut after each of its ~270 durable records and resumed from each (4-8 min: deep).
  add_test(NAME session_crash_recovery_script_every_record
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/resume_script_test.py $<TARGET_FILE:operator-cli>
                   ${CMAKE_CURRENT_LIST_DIR}/../data/session/scripts/resume_long_game.txt every)
  set_tests_properties(session_crash_recovery_script_every_record PROPERTIES LABELS deep)
  # Pondering with Stockfish against Stockfish: ponder hits and misses in the journal, replay identical.
  add_test(NAME session_ponder_stockfish
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/ponder_stockfish_test.py $<TARGET_FILE:operator-cli>
                   /usr/games/stockfish)
  # --operator-delay 4,15: non-zero, plausible handling times in the journal for random, engine and
  # script humans, and the same journal game records for the same seed.
  add_test(NAME session_operator_delay_cli
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/operator_delay_cli_test.py $<TARGET_FILE:operator-cli>
                   ${CMAKE_CURRENT_LIST_DIR}/../data/session/scripts/operator_delay_game.txt)
  add_test(NAME session_journal_replay_tamper
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/journal_replay_tamper_test.py $<TARGET_FILE:operator-cli>)
endif()
oc_test(session_seal_secrecy_test ${CMAKE_CURRENT_LIST_DIR}/seal_secrecy_test.cpp)
target_link_libraries(session_seal_secrecy_test PRIVATE session print sim)
oc_test(session_ponder_test ${CMAKE_CURRENT_LIST_DIR}/ponder_test.cpp)
target_link_libraries(session_ponder_test PRIVATE session sim)

# Guidelines I.2 (g): `journal replay --envelope-pdf OUT --resumption TEXT` prints the resumption's date,
# time and venue; without it (g) is blank; --resumption alone is refused.
add_test(NAME session_envelope_replay_cli
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/envelope_replay_cli_test.sh $<TARGET_FILE:operator-cli>)

# Issue 15: every resume writes a console_resumed record; verify, replay, audit and broadcast accept it.
add_test(NAME session_console_resumed_cli
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/console_resumed_cli_test.sh $<TARGET_FILE:operator-cli>)

# CMP-4: `journal replay --results-json` marks the computer participant (is_computer) for prize software.
add_test(NAME session_results_json_cmp4
         COMMAND sh -c "rm -f cmp4.jsonl cmp4.json && $<TARGET_FILE:operator-cli> play --engine fake --engine-side black --tc 90m+30s --human script:${CMAKE_CURRENT_LIST_DIR}/scripts/cmp_4_results_export.txt --journal cmp4.jsonl >/dev/null && $<TARGET_FILE:operator-cli> journal replay cmp4.jsonl --results-json cmp4.json >/dev/null && cat cmp4.json"
         WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(session_results_json_cmp4 PROPERTIES PASS_REGULAR_EXPRESSION
  "\"color\": \"black\",\n *\"is_computer\": true,\n *\"name\": \"Engine\",\n *\"score\": 0,\n *\"type\": \"program\"")

# Issue 10: a journal on a full disk (a 48 KiB tmpfs, mounted when running as root) stops the game:
# operator-cli exits 4 with the reason, the journal verifies and replays to the stopped game's PGN.
if(Python3_FOUND)
  add_test(NAME session_journal_full_disk
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/journal_full_disk_test.py $<TARGET_FILE:operator-cli>)
  set_tests_properties(session_journal_full_disk PROPERTIES SKIP_RETURN_CODE 77)
endif()
