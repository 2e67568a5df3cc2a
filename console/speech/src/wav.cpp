// A RIFF/WAVE writer for 16-bit mono PCM: 44 bytes of header, then the samples little-endian.
#include <fmt/format.h>

#include <fstream>

#include "speech/synth.hpp"

namespace oc::speech {
namespace {

void put(std::ofstream& out, std::uint32_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out.put(static_cast<char>((value >> (8 * i)) & 0xFFu));
}

void putTag(std::ofstream& out, const char (&tag)[5]) {
    out.write(tag, 4);
}

}  // namespace

tl::expected<void, std::string> writeWav(const std::filesystem::path& path, const Pcm& pcm) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
        return tl::make_unexpected(
            fmt::format("cannot write {}: check the folder exists and is writable", path.string()));
    const auto data_bytes = static_cast<std::uint32_t>(pcm.samples.size() * 2);
    const auto rate = static_cast<std::uint32_t>(pcm.sample_rate);
    putTag(out, "RIFF");
    put(out, 36 + data_bytes, 4);
    putTag(out, "WAVE");
    putTag(out, "fmt ");
    put(out, 16, 4);        // size of the format chunk
    put(out, 1, 2);         // PCM
    put(out, 1, 2);         // one channel
    put(out, rate, 4);      // samples per second
    put(out, rate * 2, 4);  // bytes per second
    put(out, 2, 2);         // bytes per frame
    put(out, 16, 2);        // bits per sample
    putTag(out, "data");
    put(out, data_bytes, 4);
    for (std::int16_t s : pcm.samples) put(out, static_cast<std::uint16_t>(s), 2);
    out.close();
    if (!out) return tl::make_unexpected(fmt::format("writing {} failed (disk full?)", path.string()));
    return {};
}

}  // namespace oc::speech
