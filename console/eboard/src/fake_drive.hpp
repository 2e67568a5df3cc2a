#pragma once
// Private to console/eboard: how a fake is driven by the fake boards' script lines (docs/eboard.md), from
// a --script file or line by line from standard input. The serial fake boards (fake_link.cpp) and the
// fake LiveChess (fake_livechess.cpp) share it; each says which steps it cannot do.

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "eboard/fake_link.hpp"
#include "i18n/mark.hpp"

namespace oc::eboard::detail {

// What one read of standard input brings (poll said it would not block), split into whole lines.
std::vector<std::string> readStdinLines(std::string& pending, bool& eof);

using Refusal = std::function<std::optional<std::string>(const FakeStep&)>;

// One script line: nullopt when it is refused (reported through `log`), else whether to go on.
template <class Fake>
std::optional<bool> fakeStep(Fake& run, const Refusal& refused, const std::string& line, std::size_t number,
                             const std::function<void(const std::string&)>& log,
                             const std::atomic<bool>& stop) {
    auto parsed = parseFakeStep(line);
    if (!parsed) {
        log(fmt::format(i18n::N_("line {}: {}"), number, parsed.error()));
        return std::nullopt;
    }
    if (!*parsed) return true;
    if (auto why = refused(**parsed)) {
        log(fmt::format(i18n::N_("line {}: {}"), number, *why));
        return std::nullopt;
    }
    if (const auto* w = std::get_if<fake::Wait>(&**parsed)) run.serve(w->duration, stop);
    return run.run(**parsed);
}

// Runs the script (a bad line ends it with 2), or standard input's lines as they come (a typing slip is
// reported, not fatal), then keeps serving the console until told to stop. Returns the exit code.
template <class Fake>
int driveFake(Fake& run, const Refusal& refused, const std::optional<std::vector<std::string>>& script,
              const std::function<void(const std::string&)>& log, const std::atomic<bool>& stop) {
    using std::chrono::milliseconds;
    if (script) {
        for (std::size_t i = 0; i < script->size() && !stop; ++i) {
            const auto go_on = fakeStep(run, refused, (*script)[i], i + 1, log, stop);
            if (!go_on) return 2;
            if (!*go_on) return run.exitCode();
        }
    } else {
        std::string pending;
        bool eof = false;
        std::size_t number = 0;
        while (!stop && !eof) {
            run.serve(milliseconds{1000}, stop, STDIN_FILENO);
            if (!run.extraReadable()) continue;
            for (const std::string& line : readStdinLines(pending, eof)) {
                const auto go_on = fakeStep(run, refused, line, ++number, log, stop);
                if (go_on && !*go_on) return run.exitCode();
            }
        }
    }
    while (!stop) run.serve(milliseconds{1000}, stop);
    return run.exitCode();
}

}  // namespace oc::eboard::detail
