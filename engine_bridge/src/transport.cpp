#include "engine_bridge/transport.hpp"

#include <string.h>  // sigabbrev_np (glibc)

namespace oc::engine {

std::string describe(const ProcessSpec& spec) {
    std::string out = spec.command;
    for (const auto& arg : spec.args) {
        out += ' ';
        out += arg.find(' ') == std::string::npos ? arg : "'" + arg + "'";
    }
    return out;
}

std::string signalName(int signal_number) {
    const char* abbrev = sigabbrev_np(signal_number);
    if (abbrev == nullptr) return "signal " + std::to_string(signal_number);
    return std::string("SIG") + abbrev;
}

std::string describe(const ExitStatus& status) {
    if (status.signaled) {
        return "killed by signal " + signalName(status.code) + " (" + std::to_string(status.code) + ")";
    }
    return "exited with code " + std::to_string(status.code);
}

}  // namespace oc::engine
