#pragma once
// Which program this is: the release version and the commit it was built from. The journal's header
// names them (docs/arbiter-journal.md), so an arbiter auditing a journal later knows which console
// wrote it and by which rules.

#include <string>
#include <string_view>

namespace oc::version {

// The release version of the top-level CMakeLists.txt's project(), e.g. "0.1.0".
[[nodiscard]] std::string_view release();
// The abbreviated git commit of the build's checkout, or "unknown" (a build from a tarball).
[[nodiscard]] std::string_view commit();
// "operator-console 0.1.0 (commit 6a34db6f1c2e)", or "(commit unknown)".
[[nodiscard]] std::string describe();

}  // namespace oc::version
