#pragma once
// Private to the audit: rules a journal names that this audit does not know (issue 37 item 1). A newer
// release's rules are "not checked" here, never a breach; but a release never names rules newer than its
// own, so rules this audit does not know, named by a console whose release is not newer than this
// program's (or by a header that names no console), were edited in: "not checked" must not hide a breach.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace oc::audit::detail {

// `by` ("operator-console 1.2.0 (commit 6a34db6f6dd9)", as the journal names a console) names a release
// newer than this program's.
bool newerRelease(const std::string& by);
// `by` names a release newer than `release` ("1.0.0"); false when it names none.
bool releaseAfter(const std::string& by, std::string_view release);

// The integrity finding for the handling-reserve `rule` and budget `formula` (0: not named) that the
// header (record 0) or a console_resumed record names for `by` (empty: the header names no console), when
// that console cannot have had them; nullopt when this audit knows them or the release is newer.
std::optional<std::string> impossibleRules(std::size_t record, const std::string& by, int rule, int formula);

// A version 1 header that names its program or rules: those came in a console already writing version 2
// (92eab06b); or a version 3 header that does not name its program: every console that signs its journals
// names itself. No console wrote either: the integrity finding, or nullopt.
std::optional<std::string> impossibleHeader(int journal_version, bool names_program, bool names_rules);

}  // namespace oc::audit::detail
