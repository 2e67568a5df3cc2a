// DGT LiveChess codec (issue 38): any text as a message from LiveChess, and as a call to the fake server,
// never throws and never crashes; a feed update re-encodes (as the fake server writes it) to a message
// that reads back as itself; the feed's placements and clock go through the board tracker as the link
// feeds them.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>

#include "eboard/livechess_protocol.hpp"
#include "eboard/tracker.hpp"

namespace {

using namespace oc::eboard;

void track(const livechess::FeedUpdate& u) {
    Tracker tracker;
    TimePoint now{};
    tracker.expect(oc::rules::Game{}, Watch::Human, std::nullopt, now);
    if (u.board)
        if (auto p = livechess::placementOfFen(*u.board)) tracker.picture(*p, now);
    if (u.clock && *u.clock) tracker.clock(livechess::clockFaceOf(**u.clock, Hand::Left), now);
    (void)tracker.poll(now + std::chrono::seconds{10});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const livechess::Answer answer = livechess::parseAnswer(text);
    if (const auto* u = std::get_if<livechess::FeedUpdate>(&answer)) {
        const livechess::Answer back = livechess::parseAnswer(livechess::feedMessage(*u, 0));
        const auto* again = std::get_if<livechess::FeedUpdate>(&back);
        if (again == nullptr || !(*again == *u)) __builtin_trap();
        track(*u);
    }
    if (const auto* list = std::get_if<livechess::BoardList>(&answer))
        (void)livechess::parseAnswer(livechess::boardListAnswer(list->id, list->boards, 0));
    if (const auto* m = std::get_if<livechess::Malformed>(&answer); m && m->message.empty()) __builtin_trap();
    (void)livechess::parseCall(text);
    return 0;
}
