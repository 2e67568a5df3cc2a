#pragma once
// Dates on paper in the event's local time: the journal keeps UTC, an arbiter reads the venue's clock.

#include <string>

#include "journal/journal.hpp"

namespace oc::session {

// "2026-11-29 23:00 CET (UTC+01:00)": `wall` in this computer's time zone (the TZ environment variable,
// else /etc/localtime), naming the zone so the reader knows which clock it is.
std::string formatLocalTime(journal::WallTime wall);

}  // namespace oc::session
