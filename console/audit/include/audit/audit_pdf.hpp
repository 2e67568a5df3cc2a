#pragma once
// The audit report as an A4 PDF (1-3 pages): the checks with their verdicts and evidence, and the
// pictures (clocks, handling times, engine times, evaluation). Drawn from the report's plain data only.

#include <filesystem>
#include <string>
#include <tl/expected.hpp>

#include "audit/audit.hpp"

namespace oc::audit {

// Writes the report to `path`; the error says what went wrong (unwritable path, disk full).
[[nodiscard]] tl::expected<void, std::string> writeAuditPdf(const Report& report,
                                                            const std::filesystem::path& path);

}  // namespace oc::audit
