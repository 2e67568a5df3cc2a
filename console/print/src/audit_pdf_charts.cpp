// The audit's four pictures: both clocks with the table-clock syncs; the operator's handling time
// against the reserve (E.III 2.1); the engine's time against what it was given, faster-rate periods
// shaded (E.III 2.2); the evaluation with the policy's thresholds and the offers and claims (E.III 3.3).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "audit_pdf_draw.hpp"
#include "i18n/tr.hpp"

namespace oc::print::chart {
namespace {

using i18n::tr;
using i18n::trc;
using i18n::trf;

double xMax(const Series& s) {
    return std::max(2.0, static_cast<double>(s.plies) + 1);
}

void bar(cairo_t* cr, const Frame& f, double x, double top, double base, double width, Rgb c) {
    color(cr, c);
    double w = std::max(0.8, width);
    cairo_rectangle(cr, f.px(x) - w / 2, f.py(top), w, f.py(base) - f.py(top));
    cairo_fill(cr);
}

double barWidth(const Frame& f) {
    // computer moves are every other half-move; a short game's bars stay bars, not blocks
    return std::min(8.0, f.w / (f.x1 - f.x0) * 1.6);
}

void triangle(cairo_t* cr, double x, double y, Rgb c) {
    color(cr, c);
    cairo_move_to(cr, x, y - 3.5);
    cairo_line_to(cr, x + 3, y + 2);
    cairo_line_to(cr, x - 3, y + 2);
    cairo_close_path(cr);
    cairo_fill(cr);
}

void syncLines(cairo_t* cr, const Series& s, const Frame& f) {
    for (const auto& y : s.syncs) {
        polyline(cr, f, {{y.ply + 0.5, f.y0}, {y.ply + 0.5, f.y1}}, kOrange, 0.7, true);
        if (y.white_s) triangle(cr, f.px(y.ply + 0.5), f.py(*y.white_s / 60), kBlack);
        if (y.black_s) triangle(cr, f.px(y.ply + 0.5), f.py(*y.black_s / 60), kBlue);
    }
}

using Points = std::vector<std::pair<double, double>>;

// Guidelines I.9: from the seal to the resumption the clocks stand still and no move is played; the
// line of a series is broken there, so that it never joins the two sessions as if the game had gone on.
void brokenLine(cairo_t* cr, const Frame& f, const Series& s, const Points& points, Rgb c, double width) {
    Points part;
    std::size_t next = 0;
    std::vector<int> breaks = s.adjournments;
    std::sort(breaks.begin(), breaks.end());
    for (const auto& p : points) {
        bool crossed = false;
        while (next < breaks.size() && p.first > breaks[next] + 0.5) ++next, crossed = true;
        if (crossed && !part.empty()) polyline(cr, f, std::exchange(part, {}), c, width);
        part.push_back(p);
    }
    if (!part.empty()) polyline(cr, f, part, c, width);
}

// Each adjournment's break: a grey dashed line between the sealed move and the next, named at its top.
void adjournmentBreaks(cairo_t* cr, const Frame& f, const Series& s) {
    for (int ply : s.adjournments) {
        const double x = ply + 0.5;
        if (x < f.x0 || x > f.x1) continue;
        polyline(cr, f, {{x, f.y0}, {x, f.y1}}, kGrey, 0.8, true);
        const std::string label = tr("adjourned");
        color(cr, {1, 1, 1});  // readable over the lines near the frame's top
        cairo_rectangle(cr, f.px(x) + 1, f.y + 1.5, textWidth(cr, label, 6.5) + 2, 8.5);
        cairo_fill(cr);
        text(cr, f.px(x) + 2, f.y + 8, label, 6.5, false, kGrey);
    }
}

}  // namespace

void drawClocks(cairo_t* cr, const Series& s, Frame f) {
    std::vector<std::pair<double, double>> white, black;
    double top = 1;
    for (const auto& c : s.clocks) {
        (c.white ? white : black).emplace_back(c.ply, c.remaining_s / 60);
        top = std::max(top, c.remaining_s / 60);
    }
    for (const auto& y : s.syncs)
        for (auto v : {y.white_s, y.black_s})
            if (v) top = std::max(top, *v / 60);
    f.x0 = 0, f.x1 = xMax(s), f.y0 = 0, f.y1 = top * 1.08;
    axes(cr, f, tr("Both clocks after each move, with the table-clock readings"),
         trc("paper", "minutes left"));
    clipToFrame(cr, f);
    brokenLine(cr, f, s, white, kBlack, 1.1);
    brokenLine(cr, f, s, black, kBlue, 1.1);
    syncLines(cr, s, f);
    cairo_restore(cr);
    adjournmentBreaks(cr, f, s);
    legend(cr, f.x + 4, f.y + f.h + 28,
           {{trc("paper", "White's clock"), kBlack},
            {trc("paper", "Black's clock"), kBlue},
            {tr("table-clock reading (sync)"), kOrange}});
}

void drawHandling(cairo_t* cr, const Series& s, Frame f) {
    double top = std::max(1.0, s.reserve_setting_s);
    std::vector<std::pair<double, double>> reserve;
    for (const auto& m : s.computer_moves) {
        if (m.handling_s) top = std::max(top, *m.handling_s);
        top = std::max(top, m.reserve_s);
        reserve.emplace_back(m.ply, m.reserve_s);
    }
    f.x0 = 0, f.x1 = xMax(s), f.y0 = 0, f.y1 = top * 1.15;
    axes(cr, f, tr("The operator's handling time per computer move (E.III 2.1)"), trc("paper", "seconds"));
    clipToFrame(cr, f);
    for (const auto& m : s.computer_moves)
        if (m.handling_s)
            bar(cr, f, m.ply, *m.handling_s, 0, barWidth(f), *m.handling_s > m.reserve_s ? kOrange : kBlue);
    brokenLine(cr, f, s, reserve, kBlack, 1.2);
    cairo_restore(cr);
    adjournmentBreaks(cr, f, s);
    hline(cr, f, s.reserve_setting_s, kGrey, trc("paper", "start"));
    legend(cr, f.x + 4, f.y + f.h + 28,
           {{tr("handling (shown -> pressed)"), kBlue},
            {trc("paper", "over the reserve"), kOrange},
            {trc("paper", "reserve per move"), kBlack}});
}

void drawEngineTime(cairo_t* cr, const Series& s, Frame f) {
    double top = 10;
    for (const auto& m : s.computer_moves) top = std::max({top, m.given_s, m.think_s.value_or(0)});
    f.x0 = 0, f.x1 = xMax(s), f.y0 = 0.1, f.y1 = top * 1.5, f.log_y = true;
    cairo_save(cr);  // a period from the first or to the last half-move is shaded within the frame only
    cairo_rectangle(cr, f.x, f.y, f.w, f.h);
    cairo_clip(cr);
    for (const auto& [from, to] : s.faster_periods) {
        color(cr, {1.0, 0.90, 0.75});
        cairo_rectangle(cr, f.px(from - 0.5), f.y, f.px(to + 0.5) - f.px(from - 0.5), f.h);
        cairo_fill(cr);
    }
    cairo_restore(cr);
    axes(cr, f, tr("The engine's time per move against the time it was given (E.III 2.1, 2.2)"),
         trc("paper", "seconds (log)"));
    std::vector<std::pair<double, double>> given;
    clipToFrame(cr, f);
    for (const auto& m : s.computer_moves) {
        given.emplace_back(m.ply, std::max(m.given_s, f.y0));
        if (m.think_s) bar(cr, f, m.ply, std::max(*m.think_s, f.y0), f.y0, barWidth(f), kBlue);
    }
    brokenLine(cr, f, s, given, kBlack, 1.0);
    cairo_restore(cr);
    adjournmentBreaks(cr, f, s);
    legend(cr, f.x + 4, f.y + f.h + 28,
           {{tr("thought (go -> bestmove)"), kBlue},
            {tr("computer's time in the go"), kBlack},
            {trc("paper", "faster rate"), {1.0, 0.8, 0.55}}});
}

namespace {

// Red marks a breach only (issue 23): the computer's legitimate acts and the policy's lines have colours
// of their own.
constexpr Rgb kComputerAct{0.15, 0.15, 0.15};
constexpr Rgb kDarkGrey{0.35, 0.35, 0.35};

// The scale fits the policy's draw thresholds (E.III 3.3), a few hundred cp at most, so that 0/15/30 cp
// stay apart; larger scores are drawn at the edge.
double evalLimit(const PolicyLines& p) {
    const int widest =
        std::max({std::abs(p.accept_below_cp), std::abs(p.offer_within_cp), std::abs(p.claim_below_cp)});
    return std::max(100.0, std::ceil(widest * 3.0 / 50.0) * 50.0);
}

double evalAt(const Series& s, int ply, double limit) {
    double v = 0;
    for (const auto& m : s.computer_moves)
        if (m.ply <= ply + 1 && m.eval_cp) v = *m.eval_cp;
    return std::clamp(v, -limit, limit);
}

void markSymbol(cairo_t* cr, double x, double y, const Mark& m) {
    color(cr, m.computer ? kComputerAct : kGreen);
    cairo_set_line_width(cr, 1.0);
    if (m.what == "offer" || m.what == "accept")
        cairo_arc(cr, x, y, 3.2, 0, 2 * M_PI);
    else if (m.what == "resign")
        cairo_move_to(cr, x - 3, y - 3), cairo_line_to(cr, x + 3, y + 3), cairo_move_to(cr, x + 3, y - 3),
            cairo_line_to(cr, x - 3, y + 3);
    else
        cairo_rectangle(cr, x - 3, y - 3, 6, 6);
    if (m.computer && m.what != "resign")
        cairo_fill(cr);
    else
        cairo_stroke(cr);
}

struct Threshold {
    double cp;
    Rgb c;
    std::string label;
};

// The thresholds as dashed lines, labelled right of the frame (within the page's margin), the labels
// pushed apart when two lines are close so that each stays readable.
void thresholds(cairo_t* cr, const Frame& f, std::vector<Threshold> lines) {
    std::sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) { return a.cp > b.cp; });
    const double x = f.x + f.w + 2, room = kPageWidth - kMargin - x, gap = 7;
    double last = f.y - gap;
    for (const Threshold& t : lines) {
        polyline(cr, f, {{f.x0, t.cp}, {f.x1, t.cp}}, t.c, 0.7, true);
        const double y = std::max(f.py(t.cp) + 2.3, last + gap);
        text(cr, x, y, t.label, fittingSize(cr, t.label, 6, room), false, t.c);
        last = y;
    }
}

}  // namespace

void drawEvaluation(cairo_t* cr, const Series& s, Frame f) {
    const PolicyLines& p = s.policy;
    const double limit = evalLimit(p);
    f.x0 = 0, f.x1 = xMax(s), f.y0 = -limit, f.y1 = limit;
    axes(cr, f, tr("The engine's evaluation (computer's view) with the policy's thresholds (E.III 3.3)"),
         trc("paper", "centipawns"));
    std::vector<std::pair<double, double>> line;
    for (const auto& m : s.computer_moves)
        if (m.eval_cp) line.emplace_back(m.ply, std::clamp(static_cast<double>(*m.eval_cp), -limit, limit));
    std::vector<Threshold> lines{
        {static_cast<double>(p.offer_within_cp), kGreen, trf("offer {:+}", p.offer_within_cp)},
        {static_cast<double>(-p.offer_within_cp), kGreen, trf("offer {:+}", -p.offer_within_cp)},
        {static_cast<double>(p.claim_below_cp), kOrange, trf("claim {}", p.claim_below_cp)},
        {static_cast<double>(p.accept_below_cp), kDarkGrey, trf("accept {}", p.accept_below_cp)}};
    if (std::abs(p.resign_below_cp) <= limit)
        lines.push_back(
            {static_cast<double>(p.resign_below_cp), kDarkGrey, trf("resign {}", p.resign_below_cp)});
    thresholds(cr, f, lines);
    clipToFrame(cr, f);
    polyline(cr, f, line, kBlue, 1.1);
    for (const auto& m : s.marks) markSymbol(cr, f.px(m.ply), f.py(evalAt(s, m.ply, limit)), m);
    cairo_restore(cr);
    legend(cr, f.x + 4, f.y + f.h + 28,
           {{trc("paper", "evaluation"), kBlue},
            {trc("paper", "computer's act"), kComputerAct},
            {trc("paper", "human's act"), kGreen}});
    std::string note = trf(
        "circle offer/accept, square claim, cross resignation; scores beyond +/-{} cp are drawn at the edge",
        static_cast<int>(limit));
    if (std::abs(p.resign_below_cp) > limit) note += "; " + trf("resignation at <= {} cp", p.resign_below_cp);
    wrapped(cr, f.x + 4, f.y + f.h + 38, kPageWidth - kMargin - f.x - 4, note, 6.5, kGrey);
}

}  // namespace oc::print::chart
