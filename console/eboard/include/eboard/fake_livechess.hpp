#pragma once
// A fake DGT LiveChess (operator-cli eboard fake --brand livechess): a WebSocket server (Boost.Beast) at
// `ws://HOST:PORT/api/v1.0` that offers one board, written from LiveChess's API description
// (livechess_protocol.hpp): it answers `eboards` with the board, `subscribe` to `eboardevent` with the
// call's answer, then a first feed message with every field and one per change with the unchanged fields
// left out; anything else (another call, a serial it does not offer) gets an `error`. Driven by the same
// script lines as the fake serial boards (fake_link.hpp): lift, place, setup, press, start, clock, wait,
// garbage (a text that is no JSON), and `unplug` / `replug`, which stop LiveChess and start it again on
// the same port (the console must reconnect and subscribe again).

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace oc::eboard {

struct FakeLiveChessOptions {
    std::string host = "127.0.0.1";
    unsigned short port = 1982;  // 0: any free port (the first log line names it)
    std::string serial = "7425";
    bool with_clock = false;  // a DGT clock on the board, read by LiveChess
    bool turned = false;      // Black's side by the cable (LiveChess reports the placement as it lies)
    std::optional<std::string> fen;
};

// Runs the fake LiveChess. `script`: the lines to play, or nullopt to read standard input. Serves until
// `quit` or `stop`; `log` gets one English line per event (the first: "fake LiveChess on URL ...").
// Returns a process exit code (0, 1 if the console sent `setup` or `flip`, 2 for bad input).
int runFakeLiveChess(const FakeLiveChessOptions& options,
                     const std::optional<std::vector<std::string>>& script,
                     const std::function<void(const std::string&)>& log, const std::atomic<bool>& stop);

}  // namespace oc::eboard
