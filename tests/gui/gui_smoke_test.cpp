// Starts the real console in a real X server (Xvfb) and checks the screenshot it writes shows a board.
#include <gtest/gtest.h>
#include <stb_image.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <set>
#include <string>

namespace {

struct Image {
    int width = 0;
    int height = 0;
    std::unique_ptr<unsigned char, void (*)(void*)> pixels{nullptr, stbi_image_free};
    std::uint32_t at(int x, int y) const {
        const unsigned char* p =
            pixels.get() +
            (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
        return (std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) | p[2];
    }
};

Image load(const std::string& path) {
    Image img;
    int channels = 0;
    img.pixels.reset(stbi_load(path.c_str(), &img.width, &img.height, &channels, 3));
    return img;
}

std::string shot(const std::string& name, const std::string& args = "") {
    const auto path =
        std::filesystem::temp_directory_path() / (name + "-" + std::to_string(getpid()) + ".png");
    std::filesystem::remove(path);
    const std::string cmd = std::string(OC_XVFB_RUN) + " -a -s '-screen 0 1280x800x24' " + OC_CONSOLE_EXE +
                            " --screenshot " + path.string() + " " + args;
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    return path.string();
}

TEST(GuiSmoke, ScreenshotShowsABoardWithPieces) {
    const std::string path = shot("oc-gui-smoke");
    const Image img = load(path);
    ASSERT_NE(img.pixels, nullptr) << "no readable PNG at " << path;
    EXPECT_EQ(img.width, 1280);
    EXPECT_EQ(img.height, 800);

    // The board's two square colours must both be there, in quantity, and pure white and black piece pixels.
    int light = 0;
    int dark = 0;
    int white = 0;
    int black = 0;
    std::set<std::uint32_t> colours;
    for (int y = 0; y < img.height; y += 2) {
        for (int x = 0; x < img.width; x += 2) {
            const std::uint32_t c = img.at(x, y);
            colours.insert(c);
            light += c == 0xF0D9B5;
            dark += c == 0xB58863;
            white += c == 0xFFFFFF;
            black += c == 0x000000;
        }
    }
    EXPECT_GT(light, 10000);
    EXPECT_GT(dark, 10000);
    EXPECT_GT(white, 1000) << "white pieces should be filled, not hollow";
    EXPECT_GT(black, 1000);
    EXPECT_GT(colours.size(), 50u) << "a blank or flat image is not a console";
    std::filesystem::remove(path);
}

TEST(GuiSmoke, BadArgumentIsRefused) {
    const std::string cmd = std::string(OC_CONSOLE_EXE) + " --frames 0 >/dev/null 2>&1";
    EXPECT_NE(std::system(cmd.c_str()), 0);
}

}  // namespace
