#pragma once
// CLI11's help screens with their columns counted in terminal columns, not bytes (issue 36 item 12): a
// translated placeholder or subcommand name in Persian takes two bytes a letter, and CLI11's padding
// by bytes pushed each such line's description out of the column. Everything else is CLI11's own.

#include <CLI/CLI.hpp>
#include <string>

namespace oc::cli {

class HelpFormatter : public CLI::Formatter {
  public:
    std::string make_option(const CLI::Option* opt, bool is_positional) const override;
    std::string make_subcommand(const CLI::App* sub) const override;
};

// "  NAME" padded to `width` columns, then the description, its later lines indented to the column; a
// name as wide as the column or wider stands on a line of its own (as CLI11 does).
std::string helpLine(const std::string& name, const std::string& description, std::size_t width);

}  // namespace oc::cli
