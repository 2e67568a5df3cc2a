#include "screenshot.hpp"

#include <stb_image_write.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "i18n/tr.hpp"

namespace oc::app {

namespace {
// glReadPixels is fetched through SDL so the console links no GL library (libimgui's loader dlopens libGL).
using ReadPixelsFn = void (*)(int, int, int, int, unsigned, unsigned, void*);
using PixelStoreFn = void (*)(unsigned, int);
constexpr unsigned kGlRgba = 0x1908;
constexpr unsigned kGlUnsignedByte = 0x1401;
constexpr unsigned kGlPackAlignment = 0x0D05;
}  // namespace

std::string saveScreenshot(SDL_Window* window, const std::string& path) {
    auto read_pixels = reinterpret_cast<ReadPixelsFn>(SDL_GL_GetProcAddress("glReadPixels"));
    auto pixel_store = reinterpret_cast<PixelStoreFn>(SDL_GL_GetProcAddress("glPixelStorei"));
    if (read_pixels == nullptr || pixel_store == nullptr) {
        return i18n::tr("glReadPixels is not available in this OpenGL context");
    }
    int width = 0;
    int height = 0;
    SDL_GL_GetDrawableSize(window, &width, &height);
    const auto w = static_cast<std::size_t>(width);
    const auto h = static_cast<std::size_t>(height);
    std::vector<std::uint8_t> pixels(w * h * 4);
    pixel_store(kGlPackAlignment, 1);
    read_pixels(0, 0, width, height, kGlRgba, kGlUnsignedByte, pixels.data());
    // OpenGL's rows run bottom-up; PNG's run top-down.
    std::vector<std::uint8_t> flipped(pixels.size());
    for (std::size_t y = 0; y < h; ++y) {
        std::copy_n(pixels.begin() + static_cast<std::ptrdiff_t>((h - 1 - y) * w * 4), w * 4,
                    flipped.begin() + static_cast<std::ptrdiff_t>(y * w * 4));
    }
    if (stbi_write_png(path.c_str(), width, height, 4, flipped.data(), width * 4) == 0) {
        return i18n::trf("could not write {}", path);
    }
    return {};
}

}  // namespace oc::app
