// The time to shape every text of the Persian catalogue once (FriBidi bidi + Arabic shaping + reorder,
// ui::shapeRtlLine), which is what the screens pay the first time each text is drawn; after that the
// cache answers. Reported against copying the same texts, in the same run. Nothing is asserted.
// Usage: shape_bench [rounds] [catalogue dir, default assets/locale/fa]
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "ui/display_text.hpp"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// Every msgstr line's text (a small reader: enough for timing, escapes other than \n kept).
std::vector<std::string> msgstrs(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& po : fs::directory_iterator(dir)) {
        if (po.path().extension() != ".po") continue;
        std::ifstream in(po.path());
        bool in_msgstr = false;
        for (std::string line; std::getline(in, line);) {
            const bool starts = line.rfind("msgstr", 0) == 0;
            if (starts) out.emplace_back();
            in_msgstr = starts || (in_msgstr && line.rfind('"', 0) == 0);
            const auto open = line.find('"');
            if (in_msgstr && open != std::string::npos)
                out.back() += line.substr(open + 1, line.rfind('"') - open - 1);
        }
    }
    std::erase_if(out, [](const std::string& s) { return s.empty() || s.rfind("Content-Type", 0) == 0; });
    return out;
}

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 20;
    const fs::path dir = argc > 2 ? fs::path(argv[2]) : fs::path(OC_LOCALE_SOURCE_DIR) / "fa";
    const std::vector<std::string> texts = msgstrs(dir);
    std::size_t bytes = 0;
    for (const auto& t : texts) bytes += t.size();
    fmt::print("{} texts, {} bytes of UTF-8 from {}\n", texts.size(), bytes, dir.string());
    if (texts.empty()) return 1;
    std::size_t sink = 0;
    double shape_best = 1e30, copy_best = 1e30;
    for (int r = 0; r < rounds; ++r) {
        auto t0 = Clock::now();
        for (const auto& t : texts) sink += oc::ui::shapeRtlLine(t).size();
        shape_best = std::min(shape_best, msSince(t0));
        t0 = Clock::now();
        for (const auto& t : texts) sink += std::string(t).size();
        copy_best = std::min(copy_best, msSince(t0));
    }
    fmt::print("shape the whole catalogue once: {:.2f} ms (best of {}), {:.2f} us per text\n", shape_best,
               rounds, shape_best * 1000.0 / static_cast<double>(texts.size()));
    fmt::print(
        "copy the same texts: {:.3f} ms; shaping costs {:.0f}x a copy, paid once per text per language\n",
        copy_best, shape_best / std::max(copy_best, 1e-6));
    return sink == 0 ? 1 : 0;
}
