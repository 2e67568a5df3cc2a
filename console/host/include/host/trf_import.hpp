#pragma once
// The round's pairing from the pairing program's TRF into the event setup (issue 38 part 3), as both
// programs (`--trf FILE --round N --player NAME|START_RANK`) and the setup screen's import do it.

#include <cstddef>
#include <string>
#include <tl/expected.hpp>
#include <vector>

#include "event/event_setup.hpp"
#include "trf/pairing.hpp"

namespace oc::host {

// A TRF of 9999 players and many rounds stays well under this; a wrong file is refused at once.
inline constexpr std::size_t kMaxTrfFileBytes = std::size_t{4} << 20;

struct TrfRequest {
    std::string path;
    int round = 0;       // 0: not given
    std::string player;  // the computer's entry: a name or a start rank
};

struct TrfImport {
    trf::Pairing pairing;
    // What to tell the operator, translated: the fields the TRF left, how the board was found.
    std::vector<std::string> notes;
};

// Reads the file (at most kMaxTrfFileBytes), finds the pairing and fills `setup`. Every error names the
// file, and the line and column where the file is at fault, and leaves `setup` unchanged.
[[nodiscard]] tl::expected<TrfImport, std::string> importTrf(const TrfRequest& request,
                                                             event::EventSetup& setup);

}  // namespace oc::host
