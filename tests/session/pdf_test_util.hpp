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

// The PDF's Creator as poppler's pdfinfo reads it; empty when it names none.
inline std::string pdfCreator(const std::filesystem::path& pdf) {
    const std::string cmd = "pdfinfo '" + pdf.string() + "' 2>&1";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(cmd.c_str(), "r"), ::pclose);
    std::array<char, 4096> buf{};
    const std::string key = "Creator:";
    while (pipe && std::fgets(buf.data(), buf.size(), pipe.get()) != nullptr) {
        std::string line = buf.data();
        if (line.rfind(key, 0) != 0) continue;
        const auto first = line.find_first_not_of(' ', key.size());
        const auto last = line.find_last_not_of("\n ");
        return first == std::string::npos || last < first ? "" : line.substr(first, last - first + 1);
    }
    return "";
}

// How often `what` occurs in `text`.
inline std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace oc::session::test
