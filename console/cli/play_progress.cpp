#include "play_progress.hpp"

#include <fmt/format.h>

#include "clock/tc_format.hpp"
#include "i18n/tr.hpp"

namespace oc::cli {

void PlayProgress::onRecord(const nlohmann::json&) {
    report(session_.snapshot(session_.lastRecordTime()));
}

void PlayProgress::onSnapshot(const session::Snapshot& snapshot, session::TimePoint) {
    report(snapshot);
}

void PlayProgress::flush() {
    report(session_.snapshot(session_.lastRecordTime()));
}

void PlayProgress::report(const session::Snapshot& s) {
    if (s.moves.size() < reported_) reported_ = s.moves.size();  // taken back (IRR-05 correction)
    const std::size_t complete = s.moves.size() - (s.phase == session::Phase::EngineMoveMade ? 1 : 0);
    for (; reported_ < complete; ++reported_) {
        const auto& m = s.moves[reported_];
        const bool computer = m.side == s.setup.computer_side;
        const std::string number = fmt::format("{}{}", m.number, m.side == rules::Color::White ? "." : "...");
        const std::string clock = clock::formatClock(m.clock_after, clock::ClockStyle::Hms);
        // SAN, the move as entered and the clock stay as they are; the column widths keep moves aligned.
        out_ << fmt::format("{} {:<8} {:<8} ", number, m.san, m.text)
             << (computer ? i18n::trf("clock {} (computer)", clock) : i18n::trf("clock {} (human)", clock))
             << (m.draw_offer ? " (=)" : "") << '\n';
    }
    out_.flush();
}

}  // namespace oc::cli
