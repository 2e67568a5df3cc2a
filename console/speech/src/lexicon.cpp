// The phrase tables. Polish and German words are the ones the 2005 Laws' App. F gives (Król/King/König,
// "krótka roszada"/"short castling"/"kurze Rochade", ...); the other languages use their federations'
// usual terms, with the piece names of FIDE App. C.
#include "lexicon.hpp"

namespace oc::speech {
namespace {

using enum PluralRule;

const Lexicon kEnglish{
    {"pawn", "knight", "bishop", "rook", "queen", "king"},
    {"pawn", "knight", "bishop", "rook", "queen", "king"},
    "takes",
    "promotes to",
    "en passant",
    "check",
    "mate",
    "short castling",
    "long castling",
    {"one", "two", "three", "four", "five", "six", "seven", "eight"},
    {"White", "Black"},
    "Move",
    {"hour", "hours", "hours"},
    {"minute", "minutes", "minutes"},
    {"second", "seconds", "seconds"},
    {"{} offers a draw", "{} claims a draw", "{} has overstepped the time: flag fall reported",
     "The arbiter has stopped the clocks", "The clocks are running again"},
    {"White wins", "Black wins", "Draw"},
    Western};

// App. F: Król, Hetman, Wieża, Goniec, Skoczek, Pion; "bije" for a capture; "jeden" .. "osiem".
const Lexicon kPolish{{"pion", "skoczek", "goniec", "wieża", "hetman", "król"},
                      {"piona", "skoczka", "gońca", "wieżę", "hetmana", "króla"},
                      "bije",
                      "promocja na",
                      "w przelocie",
                      "szach",
                      "mat",
                      "krótka roszada",
                      "długa roszada",
                      {"jeden", "dwa", "trzy", "cztery", "pięć", "sześć", "siedem", "osiem"},
                      {"Białe", "Czarne"},
                      "Posunięcie",
                      {"godzina", "godziny", "godzin"},
                      {"minuta", "minuty", "minut"},
                      {"sekunda", "sekundy", "sekund"},
                      {"{} proponują remis", "{} reklamują remis", "{}: zgłoszono przekroczenie czasu",
                       "Sędzia zatrzymał zegar", "Zegar znów chodzi"},
                      {"Wygrały białe", "Wygrały czarne", "Remis"},
                      Polish};

// App. F: König, Dame, Turm, Läufer, Springer, Bauer; "kurze / lange Rochade"; "eins" .. "acht".
const Lexicon kGerman{
    {"Bauer", "Springer", "Läufer", "Turm", "Dame", "König"},
    {"Bauer", "Springer", "Läufer", "Turm", "Dame", "König"},
    "schlägt",
    "wird",
    "en passant",
    "Schach",
    "matt",
    "kurze Rochade",
    "lange Rochade",
    {"eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"},
    {"Weiß", "Schwarz"},
    "Zug",
    {"Stunde", "Stunden", "Stunden"},
    {"Minute", "Minuten", "Minuten"},
    {"Sekunde", "Sekunden", "Sekunden"},
    {"{} bietet Remis an", "{} reklamiert Remis", "{} hat die Zeit überschritten: Blättchenfall gemeldet",
     "Der Schiedsrichter hat die Uhren angehalten", "Die Uhren laufen wieder"},
    {"Weiß gewinnt", "Schwarz gewinnt", "Remis"},
    Western};

const Lexicon kFrench{
    {"pion", "cavalier", "fou", "tour", "dame", "roi"},
    {"pion", "cavalier", "fou", "tour", "dame", "roi"},
    "prend",
    "promotion en",
    "en passant",
    "échec",
    "échec et mat",
    "petit roque",
    "grand roque",
    {"un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit"},
    {"Les blancs", "Les noirs"},
    "Coup",
    {"heure", "heures", "heures"},
    {"minute", "minutes", "minutes"},
    {"seconde", "secondes", "secondes"},
    {"{} proposent la nulle", "{} réclament la nulle", "{} ont dépassé le temps : chute du drapeau signalée",
     "L'arbitre a arrêté les pendules", "Les pendules sont relancées"},
    {"Les blancs gagnent", "Les noirs gagnent", "Partie nulle"},
    Western};

const Lexicon kSpanish{
    {"peón", "caballo", "alfil", "torre", "dama", "rey"},
    {"peón", "caballo", "alfil", "torre", "dama", "rey"},
    "captura",
    "corona",
    "al paso",
    "jaque",
    "jaque mate",
    "enroque corto",
    "enroque largo",
    {"uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho"},
    {"Las blancas", "Las negras"},
    "Jugada",
    {"hora", "horas", "horas"},
    {"minuto", "minutos", "minutos"},
    {"segundo", "segundos", "segundos"},
    {"{} ofrecen tablas", "{} reclaman tablas", "{} han excedido el tiempo: caída de bandera comunicada",
     "El árbitro ha detenido los relojes", "Los relojes vuelven a correr"},
    {"Ganan las blancas", "Ganan las negras", "Tablas"},
    Western};

const Lexicon kDutch{
    {"pion", "paard", "loper", "toren", "dame", "koning"},
    {"pion", "paard", "loper", "toren", "dame", "koning"},
    "slaat",
    "promoveert tot",
    "en passant",
    "schaak",
    "mat",
    "korte rokade",
    "lange rokade",
    {"een", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht"},
    {"Wit", "Zwart"},
    "Zet",
    {"uur", "uur", "uur"},
    {"minuut", "minuten", "minuten"},
    {"seconde", "seconden", "seconden"},
    {"{} biedt remise aan", "{} claimt remise", "{} heeft de tijd overschreden: vlagval gemeld",
     "De arbiter heeft de klokken stilgezet", "De klokken lopen weer"},
    {"Wit wint", "Zwart wint", "Remise"},
    Western};

const Lexicon kRussian{{"пешка", "конь", "слон", "ладья", "ферзь", "король"},
                       {"пешку", "коня", "слона", "ладью", "ферзя", "короля"},
                       "бьёт",
                       "превращается в",
                       "на проходе",
                       "шах",
                       "мат",
                       "короткая рокировка",
                       "длинная рокировка",
                       {"один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь"},
                       {"Белые", "Чёрные"},
                       "Ход",
                       {"час", "часа", "часов"},
                       {"минута", "минуты", "минут"},
                       {"секунда", "секунды", "секунд"},
                       {"{} предлагают ничью", "{} требуют ничью", "{}: зафиксировано падение флажка",
                        "Судья остановил часы", "Часы снова идут"},
                       {"Белые выиграли", "Чёрные выиграли", "Ничья"},
                       Russian};

}  // namespace

const Lexicon& lexicon(rules::Language lang) {
    switch (lang) {
        case rules::Language::Pl:
            return kPolish;
        case rules::Language::De:
            return kGerman;
        case rules::Language::Fr:
            return kFrench;
        case rules::Language::Es:
            return kSpanish;
        case rules::Language::Nl:
            return kDutch;
        case rules::Language::Ru:
            return kRussian;
        case rules::Language::En:
            break;
    }
    return kEnglish;
}

}  // namespace oc::speech
