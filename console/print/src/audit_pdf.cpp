// The audit report as an A4 PDF: page 1 the verdicts, page 2 the pictures, page 3 the details. The
// report's own words are in the UI language (issue 12); the checks' identifiers, articles, record numbers
// and hashes stay as they are, and their titles show translated when the catalogue knows them.
#include "print/audit_pdf.hpp"

#include <cairo-pdf.h>
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <string_view>

#include "audit_pdf_draw.hpp"
#include "i18n/tr.hpp"
#include "small_print.hpp"

namespace oc::print {

using audit::Check;
using audit::Report;
using audit::Verdict;
namespace {

using namespace chart;
using i18n::tr;
using i18n::trc;
using i18n::trf;
using i18n::trnf;

// "ok", "breach", "n/a", "not checked" as the report prints them.
const char* verdictText(Verdict v) {
    return v == Verdict::Breach       ? trc("audit verdict", "breach")
           : v == Verdict::Ok         ? trc("audit verdict", "ok")
           : v == Verdict::NotChecked ? trc("audit verdict", "not checked")
                                      : trc("audit verdict", "n/a");
}

// A check's rule as the report prints it: the audit writes "Laws 7, 6.10, 6.12", "E.III 3.5, Guidelines
// I.1-I.5" or "journal"; the words are the UI language's, the article numbers stay as the Laws write them.
std::string localArticle(std::string article) {
    const std::pair<const char*, const char*> kWords[] = {{"Guidelines", trc("rule reference", "Guidelines")},
                                                          {"Laws", trc("rule reference", "Laws")},
                                                          {"journal", trc("rule reference", "journal")}};
    for (const auto& [english, local] : kWords)
        if (const auto at = article.find(english); at != std::string::npos)
            article.replace(at, std::string_view(english).size(), local);
    return article;
}

Rgb verdictColor(Verdict v) {
    return v == Verdict::Breach       ? kRed
           : v == Verdict::Ok         ? kGreen
           : v == Verdict::NotChecked ? kOrange
                                      : kGrey;
}

std::string overallText(const Report& r);

// Who signed the records (issue 35), beside the final hash as on the scoresheet: the fingerprint the
// arbiter compares with the paper and `journal verify`; each later key; or that nothing is signed.
std::string signersText(const Report& r) {
    if (r.signing_key.empty())
        return trf(
            "unsigned journal (version {}): its records prove nothing against anyone who can write the "
            "file",
            r.journal_version);
    std::string text = trf("journal key {}", journal::keyFingerprint(r.signing_key));
    for (const audit::KeyChange& k : r.key_changes)
        text +=
            trf(", from record #{} on key {} (not the header's)", k.record, journal::keyFingerprint(k.key));
    return text;
}

double header(cairo_t* cr, const Report& r) {
    double y = kMargin + 14;
    const double width = kPageWidth - 2 * kMargin;
    const std::string title = tr("Arbiter's audit of a game journal (FIDE Handbook E.III)");
    pageText(cr, kMargin, y, title, fittingSize(cr, title, 15, width, true), true);
    y += 20;
    pageText(
        cr, kMargin, y,
        r.computer_white
            ? trf("{}: {} - {}   result {}   the computer plays White", r.event, r.white, r.black, r.result)
            : trf("{}: {} - {}   result {}   the computer plays Black", r.event, r.white, r.black, r.result),
        9.5);
    y += 13;
    const auto records = static_cast<long>(r.records);
    pageText(cr, kMargin, y,
             trnf("journal {}, {} record", "journal {}, {} records", records, r.file, records), 8, false,
             kGrey);
    y += 11;
    pageText(cr, kMargin, y, trf("final hash {}", r.final_hash), 7.5, false, kGrey);
    y += 10;
    const std::string signers = signersText(r);
    pageText(cr, kMargin, y, signers, fittingSize(cr, signers, 7.5, width, false), false,
             r.key_changes.empty() ? kGrey : kOrange);
    y += 22;
    const std::string overall = overallText(r);
    pageText(cr, kMargin, y, overall, fittingSize(cr, overall, 11, width, true), true,
             r.passed()     ? kGreen
             : r.breached() ? kRed
                            : kOrange);
    return y + 20;
}

// Page 1's verdict: a report whose integrity check failed never reads as a clean one.
std::string overallText(const Report& r) {
    if (r.passed()) return tr("No breach found: the journal verifies and every check is ok or n/a");
    if (!r.breached()) {
        const auto n = static_cast<long>(r.notChecked());
        return trnf("No breach found, but {} check could not judge (not checked): see its reason",
                    "No breach found, but {} checks could not judge (not checked): see their reasons", n, n);
    }
    if (r.replay_stopped)
        return tr(
            "BREACH: the journal holds a record the console cannot have written; the checks stop there");
    return tr("BREACH: see the checks marked in red and their records");
}

double checkRow(cairo_t* cr, const Check& c, double y) {
    const double text_x = kMargin + 150, width = kPageWidth - kMargin - text_x;
    pageText(cr, kMargin, y, c.name, 9, true, kBlack, true);
    const std::string verdict = verdictText(c.verdict);  // "not checked" (or a longer translation) fits
    pageText(cr, kMargin + 95, y, verdict, fittingSize(cr, verdict, 9, 52, true), true,
             verdictColor(c.verdict));
    pageText(cr, kMargin, y + 10, localArticle(c.article), 7, false, kGrey, true);
    double end = wrapped(cr, text_x, y, width, i18n::translateMessage(c.title), 8.5);
    end = wrapped(cr, text_x, end, width, i18n::translateMessage(c.evidence), 7.5,
                  c.verdict == Verdict::Breach ? kRed : kBlack);
    color(cr, {0.85, 0.85, 0.85});
    cairo_set_line_width(cr, 0.4);
    double bottom = std::max(end, y + 16);
    cairo_move_to(cr, kMargin, bottom - 4);
    cairo_line_to(cr, kPageWidth - kMargin, bottom - 4);
    cairo_stroke(cr);
    return bottom + 8;
}

void checksPage(cairo_t* cr, const Report& r) {
    double y = header(cr, r);
    for (const Check& c : r.checks) y = checkRow(cr, c, y);
    wrapped(
        cr, kMargin, std::max(y, kPageHeight - kMargin - 20), kPageWidth - 2 * kMargin,
        tr("Each verdict is read from the journal's own records (engine I/O included). Record numbers (#) "
           "are line numbers minus one. Write the first 12 digits of the final hash on the scoresheet."),
        7, kGrey);
}

void picturesPage(cairo_t* cr, const Report& r) {
    const double left = kMargin + 30, w = kPageWidth - left - kMargin - 48, h = 130, step = 192;
    double top = kMargin + 16;
    drawClocks(cr, r.series, Frame{left, top, w, h});
    drawHandling(cr, r.series, Frame{left, top + step, w, h});
    drawEngineTime(cr, r.series, Frame{left, top + 2 * step, w, h});
    drawEvaluation(cr, r.series, Frame{left, top + 3 * step, w, h});
}

void detailsPage(cairo_t* cr, const Report& r) {
    double y = kMargin + 14;
    const double bottom = kPageHeight - kMargin - 12, width = kPageWidth - 2 * kMargin - 10;
    pageText(cr, kMargin, y, tr("Details: what each check looked at"), 12, true);
    y += 18;
    std::size_t left_out = 0;
    for (const Check& c : r.checks) {
        if (c.details.empty()) continue;
        if (y > bottom - 20) {
            left_out += c.details.size();
            continue;
        }
        pageText(cr, kMargin, y, c.name, 8.5, true, verdictColor(c.verdict), true);
        y += 11;
        for (const std::string& d : c.details) {
            if (y > bottom) {
                ++left_out;
                continue;
            }
            y = wrapped(cr, kMargin + 10, y, width, i18n::translateMessage(d), 6.8);
        }
        y += 4;
    }
    if (left_out > 0)
        pageText(cr, kMargin, kPageHeight - kMargin,
                 trnf("{} more line is in the JSON report (operator-cli journal audit FILE --json OUT)",
                      "{} more lines are in the JSON report (operator-cli journal audit FILE --json OUT)",
                      static_cast<long>(left_out), left_out),
                 7, false, kGrey);
}

// Every page ends with the program's small print (small_print.hpp).
void endPage(cairo_t* cr) {
    detail::drawSmallPrint(cr, kPageWidth, kPageHeight, kMargin);
    cairo_show_page(cr);
}

}  // namespace

tl::expected<void, PdfError> writeAuditPdf(const Report& report, const std::filesystem::path& path) {
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
        cairo_pdf_surface_create(path.c_str(), kPageWidth, kPageHeight), cairo_surface_destroy);
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
        return tl::make_unexpected(
            PdfError{fmt::format("cannot write {}: {}", path.string(),
                                 cairo_status_to_string(cairo_surface_status(surface.get())))});
    detail::setCreator(surface.get());
    cairo_t* cr = cairo_create(surface.get());
    checksPage(cr, report);
    endPage(cr);
    picturesPage(cr, report);
    endPage(cr);
    bool details = std::any_of(report.checks.begin(), report.checks.end(),
                               [](const Check& c) { return !c.details.empty(); });
    if (details) {
        detailsPage(cr, report);
        endPage(cr);
    }
    cairo_destroy(cr);
    cairo_surface_finish(surface.get());
    if (auto status = cairo_surface_status(surface.get()); status != CAIRO_STATUS_SUCCESS)
        return tl::make_unexpected(
            PdfError{fmt::format("cannot write {}: {}", path.string(), cairo_status_to_string(status))});
    return {};
}

}  // namespace oc::print
