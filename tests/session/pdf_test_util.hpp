#pragma once
// The printed forms' tests read their PDFs back as text with poppler's pdftotext.

#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

namespace oc::session::test {

// The PDF's text laid out as printed (pdftotext -layout); pdftotext's own message if it fails.
inline std::string pdfToText(const std::filesystem::path& pdf) {
    const std::string cmd = "pdftotext -layout '" + pdf.string() + "' - 2>&1";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(cmd.c_str(), "r"), ::pclose);
    std::string out;
    std::array<char, 4096> buf{};
    while (pipe && std::fgets(buf.data(), buf.size(), pipe.get()) != nullptr) out += buf.data();
    return out;
}

}  // namespace oc::session::test
