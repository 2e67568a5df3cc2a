#include "eboard/dgt_messages.hpp"

#include "eboard/dgt_protocol.hpp"

namespace oc::eboard::dgt {

bool ClockTimes::running() const {
    return (status & kStatusRunning) != 0;
}
bool ClockTimes::leverRightHigh() const {
    return (status & kStatusLeverRightHigh) != 0;
}
bool ClockTimes::batteryLow() const {
    return (status & kStatusBatteryLow) != 0;
}
bool ClockTimes::leftToMove() const {
    return (status & kStatusLeftToMove) != 0;
}
bool ClockTimes::rightToMove() const {
    return (status & kStatusRightToMove) != 0;
}

bool ClockAck::ok() const {
    return ack[0] == kAckOk;
}
bool ClockAck::unsolicited() const {
    return (ack[1] & kAckUnsolicited) != 0;
}
std::uint8_t ClockAck::command() const {
    return static_cast<std::uint8_t>(ack[1] & 0x7F);
}

}  // namespace oc::eboard::dgt
