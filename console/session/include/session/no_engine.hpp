#pragma once
// An engine link that never contacts an engine: for rebuilding a game from its journal (journal replay,
// the arbiter's audit, the broadcast), where every engine answer is already in the records.

#include <vector>

#include "session/engine_link.hpp"

namespace oc::session {

class NoEngine : public EngineLink {
  public:
    void startSearch(const SearchRequest&, TimePoint) override {}
    void stop(TimePoint) override {}
    std::vector<EngineEvent> poll(TimePoint) override { return {}; }
};

}  // namespace oc::session
