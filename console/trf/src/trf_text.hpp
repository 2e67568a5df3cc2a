#pragma once
// The TRF's text as lines of characters: columns in the format count characters, so a name with "ü"
// must not shift the rating. Internal to the module.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace oc::trf::detail {

// One line as UTF-8, with the byte offset of each character for column slicing.
class Line {
  public:
    Line(std::string text, int number);
    [[nodiscard]] int number() const { return number_; }
    [[nodiscard]] std::size_t columns() const { return starts_.size(); }
    // Columns first..last (1-based, inclusive), cut at the line's end, spaces trimmed.
    [[nodiscard]] std::string field(std::size_t first, std::size_t last) const;
    // Everything from column `first` on, trimmed.
    [[nodiscard]] std::string rest(std::size_t first) const;
    [[nodiscard]] const std::string& text() const { return text_; }

  private:
    std::string text_;
    std::vector<std::size_t> starts_;
    int number_;
};

// Splits on LF, CRLF or CR; drops a leading byte-order mark; decodes Windows-1252 when the file is not
// valid UTF-8.
std::vector<Line> splitLines(std::string_view text);

std::string trim(std::string_view s);

}  // namespace oc::trf::detail
