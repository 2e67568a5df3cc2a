// The audit's four pictures: both clocks with the table-clock syncs; the operator's handling time
// against the reserve (E.III 2.1); the engine's time against what it was given, faster-rate periods
// shaded (E.III 2.2); the evaluation with the policy's thresholds and the offers and claims (E.III 3.3).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

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
    return f.w / (f.x1 - f.x0) * 1.6;  // computer moves are every other half-move
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
    polyline(cr, f, white, kBlack, 1.1);
    polyline(cr, f, black, kBlue, 1.1);
    syncLines(cr, s, f);
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
    for (const auto& m : s.computer_moves)
        if (m.handling_s)
            bar(cr, f, m.ply, *m.handling_s, 0, barWidth(f), *m.handling_s > m.reserve_s ? kRed : kBlue);
    polyline(cr, f, reserve, kOrange, 1.2);
    hline(cr, f, s.reserve_setting_s, kGrey, trc("paper", "start"));
    legend(cr, f.x + 4, f.y + f.h + 28,
           {{tr("handling (shown -> pressed)"), kBlue},
            {trc("paper", "over the reserve"), kRed},
            {trc("paper", "reserve per move"), kOrange}});
}

void drawEngineTime(cairo_t* cr, const Series& s, Frame f) {
    double top = 10;
    for (const auto& m : s.computer_moves) top = std::max({top, m.given_s, m.think_s.value_or(0)});
    f.x0 = 0, f.x1 = xMax(s), f.y0 = 0.1, f.y1 = top * 1.5, f.log_y = true;
    for (const auto& [from, to] : s.faster_periods) {
        color(cr, {1.0, 0.90, 0.75});
        cairo_rectangle(cr, f.px(from - 0.5), f.y, f.px(to + 0.5) - f.px(from - 0.5), f.h);
        cairo_fill(cr);
    }
    axes(cr, f, tr("The engine's time per move against the time it was given (E.III 2.1, 2.2)"),
         trc("paper", "seconds (log)"));
    std::vector<std::pair<double, double>> given;
    for (const auto& m : s.computer_moves) {
        given.emplace_back(m.ply, std::max(m.given_s, f.y0));
        if (m.think_s) bar(cr, f, m.ply, std::max(*m.think_s, f.y0), f.y0, barWidth(f), kBlue);
    }
    polyline(cr, f, given, kBlack, 1.0);
    legend(cr, f.x + 4, f.y + f.h + 28,
           {{tr("thought (go -> bestmove)"), kBlue},
            {tr("computer's time in the go"), kBlack},
            {trc("paper", "faster rate"), {1.0, 0.8, 0.55}}});
}

namespace {

double evalAt(const Series& s, int ply, double limit) {
    double v = 0;
    for (const auto& m : s.computer_moves)
        if (m.ply <= ply + 1 && m.eval_cp) v = *m.eval_cp;
    return std::clamp(v, -limit, limit);
}

void markSymbol(cairo_t* cr, double x, double y, const Mark& m) {
    Rgb c = m.computer ? kRed : kGreen;
    color(cr, c);
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

}  // namespace

void drawEvaluation(cairo_t* cr, const Series& s, Frame f) {
    double limit = std::max({100.0, std::abs(static_cast<double>(s.policy.resign_below_cp)) * 1.2,
                             std::abs(static_cast<double>(s.policy.claim_below_cp)) * 1.5});
    for (const auto& m : s.computer_moves)
        if (m.eval_cp)
            limit = std::max(limit, std::min(1200.0, std::abs(static_cast<double>(*m.eval_cp)) * 1.1));
    f.x0 = 0, f.x1 = xMax(s), f.y0 = -limit, f.y1 = limit;
    axes(cr, f, tr("The engine's evaluation (computer's view) with the policy's thresholds (E.III 3.3)"),
         trc("paper", "centipawns"));
    std::vector<std::pair<double, double>> line;
    for (const auto& m : s.computer_moves)
        if (m.eval_cp) line.emplace_back(m.ply, std::clamp(static_cast<double>(*m.eval_cp), -limit, limit));
    hline(cr, f, s.policy.offer_within_cp, kGreen, trf("offer within +/-{}", s.policy.offer_within_cp));
    hline(cr, f, -s.policy.offer_within_cp, kGreen, "");
    hline(cr, f, s.policy.claim_below_cp, kOrange, trf("claim <= {}", s.policy.claim_below_cp), true);
    hline(cr, f, s.policy.accept_below_cp, kGrey, "");
    hline(cr, f, s.policy.resign_below_cp, kRed, trf("resign {}", s.policy.resign_below_cp));
    polyline(cr, f, line, kBlue, 1.1);
    for (const auto& m : s.marks) markSymbol(cr, f.px(m.ply), f.py(evalAt(s, m.ply, limit)), m);
    legend(cr, f.x + 4, f.y + f.h + 28,
           {{trc("paper", "evaluation"), kBlue},
            {trc("paper", "computer's act"), kRed},
            {trc("paper", "human's act"), kGreen}});
    text(cr, f.x + 200, f.y + f.h + 28,
         trf("circle offer/accept, square claim, cross resignation; grey line: accept <= {} cp",
             s.policy.accept_below_cp),
         6.5, false, kGrey);
}

}  // namespace oc::print::chart
