#include "help_formatter.hpp"

#include "i18n/bidi.hpp"

namespace oc::cli {

std::string helpLine(const std::string& name, const std::string& description, std::size_t width) {
    std::string out = "  " + name;
    const std::size_t used = 2 + i18n::terminalColumns(name);
    const std::string indent(width, ' ');
    if (description.empty()) return out + "\n";
    out += used >= width ? "\n" + indent : std::string(width - used, ' ');
    for (const char c : description) {
        out += c;
        if (c == '\n') out += indent;
    }
    return out + "\n";
}

std::string HelpFormatter::make_option(const CLI::Option* opt, bool is_positional) const {
    return helpLine(make_option_name(opt, is_positional) + make_option_opts(opt), make_option_desc(opt),
                    column_width_);
}

std::string HelpFormatter::make_subcommand(const CLI::App* sub) const {
    return helpLine(sub->get_display_name(true), sub->get_description(), column_width_);
}

}  // namespace oc::cli
