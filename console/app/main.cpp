// operator-console: the operator's window. It owns the OS clock and the event loop; everything it shows
// comes from the session core and the views in console/ui.
#include <SDL.h>
#include <fmt/core.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>

#include <CLI/CLI.hpp>
#include <csignal>
#include <string>
#include <vector>

#include "gl_window.hpp"
#include "screenshot.hpp"
#include "ui/console_view.hpp"
#include "ui/fonts.hpp"

namespace {

struct Options {
    std::string screenshot;
    int frames = 4;
    int width = 1280;
    int height = 800;
    std::string font = oc::ui::defaultFontPath();
    std::string engine = "/usr/games/stockfish";
    std::vector<std::string> engine_args;
};

oc::ui::BoardPicture startingPicture() {
    oc::ui::BoardPicture picture;
    const std::string ranks = "RNBQKBNRPPPPPPPP................................pppppppprnbqkbnr";
    for (std::size_t i = 0; i < 64; ++i) {
        picture.squares[i] = ranks[i];
    }
    return picture;
}

}  // namespace

int main(int argc, char** argv) {
    std::signal(SIGPIPE, SIG_IGN);  // an engine that dies mid-write must not take the console with it

    Options opt;
    CLI::App cli{"operator-console: the operator's window for human-vs-computer chess under FIDE rules"};
    cli.add_option("--screenshot", opt.screenshot,
                   "Render a few frames, write the window as PNG to this path, exit");
    cli.add_option("--frames", opt.frames, "Frames to render before --screenshot")
        ->check(CLI::Range(2, 1000));
    cli.add_option("--width", opt.width, "Window width in pixels")->check(CLI::Range(640, 8192));
    cli.add_option("--height", opt.height, "Window height in pixels")->check(CLI::Range(480, 8192));
    cli.add_option("--engine", opt.engine,
                   "UCI engine command for the computer (default: Debian's Stockfish)");
    cli.add_option("--engine-arg", opt.engine_args, "An argument for the engine command (repeatable)");
    cli.add_option("--font", opt.font, "TTF font with chess figurines (default: DejaVu Sans)");
    CLI11_PARSE(cli, argc, argv);

    oc::app::GlWindow window;
    if (!window.open("Operator console", opt.width, opt.height)) {
        fmt::print(stderr, "operator-console: {}\n", window.error());
        fmt::print(stderr,
                   "  Without a display, run the headless tool instead: build/bin/operator-cli --help\n");
        return 1;
    }
    const auto fonts = oc::ui::loadFonts(opt.font, 18.f, 96.f);
    if (!fonts) {
        fmt::print(stderr,
                   "operator-console: cannot read the font {} (install fonts-dejavu-core or pass --font)\n",
                   opt.font);
        return 1;
    }

    const oc::ui::BoardPicture board = startingPicture();
    int frame = 0;
    bool running = true;
    while (running) {
        SDL_Event event;
        // Block until something happens (or half a second passes, so clocks can tick): an idle console
        // must not burn a core. Screenshot runs do not wait.
        if (opt.screenshot.empty() && SDL_WaitEventTimeout(&event, 500) != 0) {
            SDL_PushEvent(&event);
        }
        while (SDL_PollEvent(&event) != 0) {
            ImGui_ImplSDL2_ProcessEvent(&event);
            if (event.type == SDL_QUIT) {  // SIGTERM and SIGINT arrive here too
                running = false;
            }
        }
        window.beginFrame();
        oc::ui::drawConsole(board, *fonts);
        window.render();
        if (!opt.screenshot.empty() && ++frame >= opt.frames) {
            const std::string err = oc::app::saveScreenshot(window.window(), opt.screenshot);
            if (!err.empty()) {
                fmt::print(stderr, "operator-console: {}\n", err);
                return 1;
            }
            running = false;
        }
        window.present();
    }
    return 0;
}
