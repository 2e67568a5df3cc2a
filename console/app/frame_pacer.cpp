#include "frame_pacer.hpp"

#include <algorithm>

namespace oc::app {

void FramePacer::frameDone(bool input, bool drawn) {
    // Something changed: the next frame may differ again (the command's outcome, a second layout pass).
    again_ = (input || drawn) && follow_ups_ < kMaxFollowUps;
    follow_ups_ = again_ ? follow_ups_ + 1 : 0;
}

int FramePacer::waitMs(const WakeReasons& why) const {
    if (again_) return 0;
    std::chrono::milliseconds wait = why.engine_busy ? kEngineTick : kIdleTick;
    if (why.clock_text) wait = std::min(wait, *why.clock_text);
    if (why.cursor) wait = std::min(wait, *why.cursor);
    return static_cast<int>(std::max(wait, std::chrono::milliseconds(0)).count());
}

}  // namespace oc::app
