#pragma once
// The shells own the OS clock (the session never reads it): the UTC time journal records carry.

#include "journal/journal.hpp"

namespace oc::host {

// The current UTC time to the millisecond, for journal records.
journal::WallTime wallNow();

}  // namespace oc::host
