// The version strings, from the compile definition (release) and the file the build writes (commit).
#include "version/version.hpp"

#include <fmt/format.h>

#include "version/git_commit.inc"

namespace oc::version {

std::string_view release() {
    return OC_RELEASE_VERSION;
}

std::string_view commit() {
    return OC_GIT_COMMIT;
}

std::string describe() {
    return fmt::format("operator-console {} (commit {})", release(), commit());
}

}  // namespace oc::version
