#pragma once
// Private to console/print: the scoresheet drawn under a given title, so the quickplay claim's export
// (QPF-04) prints the same form titled as a claim.

#include <filesystem>
#include <string>
#include <tl/expected.hpp>

#include "print/documents.hpp"

namespace oc::print::detail {

[[nodiscard]] tl::expected<void, PdfError> writeScoresheet(const session::ScoresheetData& data,
                                                           const std::string& title,
                                                           const std::filesystem::path& path);

}  // namespace oc::print::detail
