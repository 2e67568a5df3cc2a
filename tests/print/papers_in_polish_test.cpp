// Issue 12 items 5 and 6: every paper in the UI language. Each is rendered in English and in Polish to
// real PDFs and read back with poppler: the Polish one names its fields as a Polish form does (the
// scoresheet's "Formularz zapisu partii", the envelope's fields (a)-(g) as the Laws 2005 word them), prints
// dates as 30.11.2026 and counts with Polish plural forms, keeps names, moves and the FEN as they are, and
// has no English word left (the words both languages' papers share are only the data printed as given).
#include <gtest/gtest.h>

#include <cstdlib>

#include "audit/audit.hpp"
#include "journal_test_util.hpp"
#include "paper_language.hpp"
#include "paper_samples.hpp"
#include "pdf_test_util.hpp"
#include "print/audit_pdf.hpp"
#include "print/documents.hpp"
#include "version/version.hpp"

namespace oc::print {
namespace {

using session::AdjournmentFormData;
using session::QuickplayClaimExport;
using session::ScoresheetData;
using session::test::TempDir;
using test::pdfText;
using test::PolishScope;
using test::sharedWords;

// Words Polish writes as English does: they are no sign of a missing translation.
const std::vector<std::string> kSameInBoth{"FIDE ID", "operator",    "minus", "Handbook",
                                           "log",     "go bestmove", "FEN"};

// The data a paper prints as given, with the words both languages share.
std::vector<std::string> withSameWords(std::vector<std::string> data) {
    data.insert(data.end(), kSameInBoth.begin(), kSameInBoth.end());
    return data;
}

ScoresheetData sheet() {
    ScoresheetData d;
    d.event = "Memoriał Rubinsteina 2026";
    d.site = "Polanica-Zdrój";
    d.date = "2026.11.30";  // as the setup (and the PGN Date tag) writes it
    d.round = "3";
    d.board = "1";
    d.white = "Łukasz Żółkiewski";
    d.black = "Stockfish 15";
    d.result = "*";  // adjourned
    d.time_control = "40/90 min + 30 min, +30 s";
    d.white_player = {"1503014", "2450", false, ""};
    d.black_player = {"", "", true, "Jan Nowak"};
    d.rows = {{1, "e4", "e5"},
              {2, "Sf3", "Sc6"},
              {3, "Gb5", "a6 (=)"},
              {4, "Ga4", ""}};  // Black's 4th is in the envelope
    d.seals = {{2, false, true, true}, {4, false, true, false}};
    return d;
}

std::vector<std::string> sheetData(const ScoresheetData& d) {
    std::vector<std::string> data{d.event, d.site,         d.white,
                                  d.black, d.time_control, d.black_player.operator_name};
    for (const auto& r : d.rows) data.insert(data.end(), {r.white, r.black});
    return withSameWords(data);
}

AdjournmentFormData form() {
    AdjournmentFormData d = test::sampleForm();
    d.black = d.sealing_player = "Stockfish 15";
    d.white_time_total = d.black_time_total = "2:00:00";
    d.clock_sync = {2, 38, true, "+0:06.8", "-0:01.0"};
    d.draw_offer = {true, true, false};
    d.resumption = "2026-11-30 10:00, sala gry";
    d.adjourned_at = "2026-11-29 22:00 CET (UTC+01:00)";
    return d;
}

std::vector<std::string> formData(const AdjournmentFormData& d) {
    return withSameWords({d.event, d.site, d.white, d.black, d.fen, d.time_control, d.envelope_fingerprint,
                          "CET (UTC+01:00)", "I.5-I.7", "sala gry"});
}

// The same paper in English and in Polish, as text.
template <typename Write>
std::pair<std::string, std::string> bothLanguages(const TempDir& dir, const std::string& name, Write write) {
    const auto en = dir / (name + "-en.pdf"), pl = dir / (name + "-pl.pdf");
    EXPECT_TRUE(write(en));
    {
        PolishScope polish;
        EXPECT_TRUE(write(pl));
    }
    for (const auto& font : test::pdfFonts(pl)) EXPECT_NE(font.find("DejaVuSans"), std::string::npos) << font;
    // Issue 39: every paper names the program that printed it, as it is in every language.
    for (const auto& p : {en, pl}) {
        EXPECT_NE(pdfText(p).find(version::describe()), std::string::npos) << p << ": " << pdfText(p);
        EXPECT_EQ(session::test::pdfCreator(p), version::describe()) << p;
    }
    // OC_PAPERS_DIR=DIR keeps the papers for a look (pdftoppm -png) or for the docs.
    if (const char* keep = std::getenv("OC_PAPERS_DIR"); keep && *keep) {
        for (const auto& p : {en, pl})
            std::filesystem::copy_file(p, std::filesystem::path(keep) / p.filename(),
                                       std::filesystem::copy_options::overwrite_existing);
    }
    return {pdfText(en), pdfText(pl)};
}

void expectAll(const std::string& text, std::initializer_list<const char*> wanted) {
    for (const char* w : wanted)
        EXPECT_NE(text.find(w), std::string::npos) << "missing: " << w << "\n" << text;
}

TEST(ScoresheetInPolish, NamesItsFieldsAsAPolishFormAndDatesAs30_11_2026) {
    TempDir dir;
    const auto d = sheet();
    const auto [en, pl] =
        bothLanguages(dir, "sheet", [&](const auto& p) { return writeScoresheetPdf(d, p); });
    expectAll(pl, {"FORMULARZ ZAPISU PARTII",
                   "Turniej",
                   "Miejsce",
                   "Data",
                   "Runda",
                   "Szachownica",
                   "Tempo gry",
                   "Białe",
                   "Czarne (komputer)",
                   "Nr",
                   "Wynik",
                   "Podpis białych",
                   "Podpis czarnych",
                   "Podpis sędziego",
                   "30.11.2026",
                   "FIDE ID 1503014 · ranking 2450",
                   "komputer, operator: Jan Nowak",
                   "Sc6 (tajne)",
                   "(tajne)",
                   "Odłożenie: czarne (komputer) zapisały tajne posunięcie 2; grę wznowiono tym posunięciem",
                   "Odłożenie: czarne (komputer) zapisały tajne posunięcie 4; posunięcie jest w kopercie",
                   "Łukasz Żółkiewski",
                   "Memoriał Rubinsteina 2026",
                   "Polanica-Zdrój",
                   "a6 (=)",
                   "Gb5"});
    expectAll(en, {"SCORESHEET", "Event", "2026-11-30", "Signature of the arbiter", "rating 2450",
                   "Adjourned: Black (computer) sealed move 4; the move is in the envelope"});
    EXPECT_EQ(pl.find("2026-11-30"), std::string::npos) << pl;
    EXPECT_EQ(sharedWords(en, pl, sheetData(d)), std::set<std::string>{}) << pl;
}

TEST(EnvelopeInPolish, WordsFieldsAToGAsTheLaws2005) {
    TempDir dir;
    const auto d = form();
    const auto [en, pl] =
        bothLanguages(dir, "envelope", [&](const auto& p) { return writeSealedMoveFormPdf(d, p); });
    expectAll(pl, {"ODŁOŻENIE PARTII – KOPERTA Z TAJNYM POSUNIĘCIEM",
                   "(a) Białe",
                   "(a) Czarne",
                   "(b) Pozycja bezpośrednio przed tajnym posunięciem",
                   "(c) Czas zużyty przez każdego z zawodników",
                   "(d) Zawodnik, który zapisał tajne posunięcie",
                   "Stockfish 15 (czarne)",
                   "(e) Numer tajnego posunięcia",
                   "(f) Propozycja remisu złożona przed odłożeniem partii",
                   "Białe (człowiek) zaproponowały remis: propozycja ważna",
                   "(g) Data, godzina i miejsce wznowienia gry",
                   "30.11.2026 10:00, sala gry",
                   "29.11.2026 22:00 CET (UTC+01:00)",
                   "ustawione według niego 2 razy, ostatnio w posunięciu 38 "
                   "(na posunięciu białe); poprawki (stolik minus konsola) białe +0:06.8, czarne -0:01.0",
                   "40 posunięć wykonanych i posunięcie białych 41",
                   "Przepisy Gry FIDE 2023",
                   "zapisać ręcznie, jednoznacznie",
                   "Sędzia",
                   "Przeciwnik",
                   "1:31:05",
                   "0:47:20",
                   "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 0 41",
                   "9f2c4e1a07b35d68"});
    expectAll(en, {"(b) Position immediately before the sealed move", "2026-11-30 10:00, sala gry",
                   "40 moves completed and White's move 41", "set to it 2 times"});
    EXPECT_EQ(sharedWords(en, pl, formData(d)), std::set<std::string>{}) << pl;
}

// trnf: Polish has three forms (1 posunięcie, 2-4 posunięcia, 5+ posunięć), English two.
TEST(EnvelopeInPolish, CountsWithPolishPluralForms) {
    TempDir dir;
    auto d = form();
    const auto render = [&](int move, bool white, int syncs) {
        d.sealed_move_number = move;
        d.sealer_white = white;
        d.clock_sync.count = syncs;
        const auto path = dir / ("plural" + std::to_string(move) + ".pdf");
        EXPECT_TRUE(writeSealedMoveFormPdf(d, path));
        return pdfText(path);
    };
    PolishScope polish;
    expectAll(render(2, false, 1),
              {"1 posunięcie wykonane i posunięcie białych 2", "ustawione według niego 1 raz,"});
    expectAll(render(3, true, 3), {"2 posunięcia wykonane;", "ustawione według niego 3 razy,"});
    expectAll(render(23, true, 0), {"22 posunięcia wykonane;", "ani razu nie ustawione według zegara"});
    expectAll(render(13, true, 5), {"12 posunięć wykonanych;", "5 razy"});
}

TEST(EnvelopeInPolish, ComputerSealedElectronicallyWithNoEnglishLeft) {
    TempDir dir;
    auto d = form();
    d.sealer_white = true;
    d.sealing_player = d.white;
    d.sealed_by_computer = true;
    d.draw_offer = {};
    const auto [en, pl] =
        bothLanguages(dir, "electronic", [&](const auto& p) { return writeSealedMoveFormPdf(d, p); });
    expectAll(pl, {"zapisane elektronicznie", "Łukasz Żółkiewski (białe, komputer)",
                   "Odcisk koperty:", "hasłem sędziego", "40 posunięć wykonanych;", "brak"});
    EXPECT_EQ(pl.find("ręcznie"), std::string::npos) << "no box for a hand: " << pl;
    EXPECT_EQ(sharedWords(en, pl, formData(d)), std::set<std::string>{}) << pl;
}

QuickplayClaimExport claim() {
    QuickplayClaimExport e;
    e.sheet = sheet();
    e.sheet.result = "*";
    e.sheet.seals.clear();
    e.scoresheet_lines = {"1. e4 e5", "2. Sf3 Sc6"};
    e.fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    e.claimant_white = true;
    e.claimant_name = "Łukasz Żółkiewski";
    e.white_clock = "0:01:40";
    e.black_clock = "0:05:00";
    e.claimed_at = "2026-11-30T10:05:03.120Z";
    return e;
}

TEST(QuickplayClaimInPolish, TextAndPdfSayItInPolish) {
    TempDir dir;
    const auto e = claim();
    const std::string en_text = quickplayClaimText(e);
    std::string pl_text;
    {
        PolishScope polish;
        pl_text = quickplayClaimText(e);
    }
    expectAll(pl_text,
              {"SZYBKI FINISZ PRZY ABSENCJI SĘDZIEGO – REKLAMACJA (E2023 Wytyczne III.6)",
               "Turniej: Memoriał Rubinsteina 2026", "Białe: Łukasz Żółkiewski  Czarne: Stockfish 15",
               "Reklamujący: Białe (Łukasz Żółkiewski), człowiek", "Czas reklamacji: 30.11.2026 10:05:03",
               "Zegary w chwili reklamacji: białe 0:01:40, czarne 0:05:00", "Wynik: do decyzji sędziego",
               "Pozycja końcowa:",
               "FEN: "
               "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
               "Formularz:", "2. Sf3 Sc6", "Podpis reklamującego:"});
    expectAll(en_text,
              {"Claimant: White (Łukasz Żółkiewski), the human", "Claimed at: 2026-11-30T10:05:03.120Z"});
    const std::vector<std::string> data{e.sheet.event, e.sheet.white,  e.sheet.black, e.fen,
                                        "FEN:",        "1. e4 e5",     "2. Sf3 Sc6",  "E2023",
                                        "III.6",       "10:05:03.120Z"};
    EXPECT_EQ(sharedWords(en_text, pl_text, data), std::set<std::string>{}) << pl_text;

    const auto [en, pl] =
        bothLanguages(dir, "claim", [&](const auto& p) { return writeQuickplayClaimPdf(e, p); });
    expectAll(pl, {"REKLAMACJA – SZYBKI FINISZ (E2023 Wytyczne III.6)", "30.11.2026 10:05:03",
                   "do decyzji sędziego", "FEN pozycji końcowej:", "Podpis sędziego"});
    auto sheet_data = sheetData(e.sheet);
    sheet_data.insert(sheet_data.end(), data.begin(), data.end());
    EXPECT_EQ(sharedWords(en, pl, sheet_data), std::set<std::string>{}) << pl;
}

// The audit's own words are Polish; what the checks report (console/audit's identifiers, titles,
// evidence) is data here, printed as the audit module gives it.
TEST(AuditPdfInPolish, ReportWordsArePolish) {
    TempDir dir;
    auto report = audit::auditJournal(OC_JOURNAL_INTACT);
    ASSERT_TRUE(report) << report.error();
    const auto [en, pl] =
        bothLanguages(dir, "audit", [&](const auto& p) { return writeAuditPdf(*report, p); });
    expectAll(pl, {"Kontrola sędziowska dziennika partii", "końcowy skrót", "7 zapisów", "półruch",
                   "Oba zegary po każdym posunięciu", "Czas operatora na obsługę posunięcia komputera",
                   "Ocena silnika", "centypiony"});
    auto data =
        withSameWords({report->file, report->final_hash, report->event, report->white, report->black,
                       report->result, "E.III", "cp", "ok", "operator-cli journal audit FILE --json OUT"});
    for (const auto& c : report->checks) {
        data.insert(data.end(), {c.name, c.article, c.title, c.evidence});
        data.insert(data.end(), c.details.begin(), c.details.end());
    }
    EXPECT_EQ(sharedWords(en, pl, data), std::set<std::string>{}) << pl;
}

}  // namespace
}  // namespace oc::print
