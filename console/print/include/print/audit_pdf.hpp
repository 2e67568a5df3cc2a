#pragma once
// The audit report as an A4 PDF (1-3 pages): the checks with their verdicts and evidence, and the
// pictures (clocks, handling times, engine times, evaluation). Drawn from the report's plain data only.

#include <filesystem>
#include <tl/expected.hpp>

#include "audit/audit.hpp"
#include "print/documents.hpp"

namespace oc::print {

// The arbiter's audit (console/audit) as 1-3 A4 pages; the error names the file and what went wrong.
[[nodiscard]] tl::expected<void, PdfError> writeAuditPdf(const audit::Report& report,
                                                         const std::filesystem::path& path);

}  // namespace oc::print
