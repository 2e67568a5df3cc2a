#pragma once
// Private to the audit: what earlier consoles are known to have written of themselves, in records an
// honest operator did not cause (issue 37 item 1). The audit recognises each by the journal's version,
// the program that wrote it and the records' shape, and says there that it cannot judge: never a breach,
// never ok. Each names the commit that fixed it.

#include <cstddef>
#include <optional>
#include <string>

#include "timeline.hpp"

namespace oc::audit::detail {

// The journal was written by operator-cli play of journal version 1 or 2: the program whose two defects
// below were fixed in 8f52173e, before journals were signed (version 3).
bool olderPlay(const Timeline& tl);

// Defect 1: that play did not start its engine again for a setup line given before the start, so the
// engine kept the setting of the setup in force when it was started. The first handshake (record
// `handshake`) sent `line`, which the setup record `then_setup` gave, while the locked setup says
// `locked_said` ("the setup says true"): why it cannot be judged.
std::string setupChangeNotSent(std::size_t handshake, const std::string& line, std::size_t then_setup,
                               const std::string& locked_said);

// Defect 2: a resumed play timed its console_resumed (record `resumed`) at the journal's last record other
// than engine I/O, before the engine I/O that the killed process wrote at its search's end. Until 8f52173e
// its clocks went on from there too, so the computer's clock was never charged that time; until 741b2cff
// (release 1.0.0 and before) the record alone kept the early time. The reason it cannot be judged, or
// nullopt when the record is not that shape (or the journal not that program's up to release 1.0.0).
std::optional<std::string> resumedAtTheSearchsStart(const Timeline& tl, std::size_t resumed);

}  // namespace oc::audit::detail
