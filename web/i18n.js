// The spectator page's words in each language. English is the source, as in the console's gettext
// catalogues (docs/i18n.md): every text is looked up by its English form, `{}` are placeholders filled
// in order, and a text missing from a catalogue shows in English. The page runs in the browser, so its
// catalogue is this module rather than a .po file; tests/broadcast/page_layout_test.mjs fails when a
// text the page uses has no translation here.
//
// A language is { dir, texts }, and `digits` when its numbers are written in its own digits. `dir` is
// 'rtl' for Persian: the page then sets <html dir="rtl">, its layout uses start/end rather than
// left/right, and the board, the moves and the clocks stay left to right, as a chess board is never
// mirrored. In a right-to-left language every left-to-right piece placed in a sentence (a time control,
// a name, a move inside a termination) is isolated by the code, never by the translator (tr.iso), as the
// console does (docs/i18n.md): unisolated, "1-0" after Persian words shows as "0-1".
//
// The reasons in `termination` are the session's own texts (console/session, N_ in core.po); the page
// translates the ones it knows and shows any other as it came.

const pl = {
  dir: 'ltr',
  texts: {
    'Live games': 'Partie na żywo',
    'connecting…': 'łączenie…',
    live: 'na żywo',
    'reconnecting…': 'ponowne łączenie…',
    'Board {}': 'Szachownica {}',
    'Round {}': 'Runda {}',
    flip: 'obróć',
    White: 'Białe',
    Black: 'Czarne',
    // Statuses (docs/broadcast.md).
    'Not started': 'Partia nierozpoczęta',
    'Not started · {}': 'Partia nierozpoczęta · {}',
    'In play': 'Partia w toku',
    'Clocks stopped': 'Zegar zatrzymany',
    Adjourned: 'Partia odłożona',
    'Sealing the move': 'Zapisywanie tajnego posunięcia',
    'Resumed: the sealed move is being played': 'Wznowienie: wykonywane jest tajne posunięcie',
    Finished: 'Partia zakończona',
    'Feed stopped at record {}': 'Transmisja wstrzymana na rekordzie {}',
    'Waiting for the game’s journal': 'Oczekiwanie na zapis partii',
    'A new game on this board': 'Nowa partia na tej szachownicy',
    // Results with their reason.
    'White resigned': 'Białe poddały partię',
    'Black resigned': 'Czarne poddały partię',
    'White lost on time': 'Białe przekroczyły czas',
    'Black lost on time': 'Czarne przekroczyły czas',
    Checkmate: 'Mat',
    Draw: 'Remis',
    'White wins': 'Wygrywają białe',
    'Black wins': 'Wygrywają czarne',
    // The session's terminations (core.po has the same words).
    checkmate: 'mat',
    stalemate: 'pat',
    'dead position': 'martwa pozycja',
    'fivefold repetition': 'pięciokrotne powtórzenie pozycji',
    'seventy-five-move rule': 'przepis 75 posunięć',
    'threefold repetition': 'trzykrotne powtórzenie pozycji',
    'fifty-move rule': 'przepis 50 posunięć',
    'draw by agreement': 'remis za zgodą',
    'time forfeit, opponent cannot mate (Art. 6.9)': 'przekroczenie czasu, przeciwnik nie może dać mata (art. 6.9)',
    'arbiter decision: {}': 'decyzja sędziego: {}',
    'defective sealed move (Guidelines I.8)': 'wadliwe tajne posunięcie (Wytyczne I.8)',
    'defective sealed move, opponent cannot mate': 'wadliwe tajne posunięcie, przeciwnik nie może dać mata',
    'illegal move, opponent cannot mate (Art. 7.5.5)':
      'nieprawidłowe posunięcie, przeciwnik nie może dać mata (art. 7.5.5)',
    'illegal move #{} ({})': 'nieprawidłowe posunięcie nr {} ({})',
    'forfeit for late arrival ({}, {})': 'przegrana walkowerem za spóźnienie ({}, {})',
    'quickplay-finish claim upheld by the arbiter ({})': 'reklamacja przy szybkim zakończeniu uznana przez sędziego ({})',
    'quickplay-finish claim by {}, pending arbiter ({})':
      'reklamacja przy szybkim zakończeniu ({}), czeka na sędziego ({})',
  },
};

// Persian (research/persian.md §4 and the console's glossary): داور, بازی ناتمام, حرکت سربسته (U: a
// reviewer should confirm it), تساوی, کیش و مات, پات. Numbers in the sentences are Persian digits
// (U+06F0..U+06F9, never the Arabic-Indic U+0660..), article numbers with the Persian decimal separator
// (۶٫۹); moves, results and clocks stay in Latin SAN and digits, as Iranian scoresheets write them.
const fa = {
  dir: 'rtl',
  digits: '۰۱۲۳۴۵۶۷۸۹',
  texts: {
    'Live games': 'بازی‌های زنده',
    'connecting…': 'در حال اتصال…',
    live: 'زنده',
    'reconnecting…': 'اتصال دوباره…',
    'Board {}': 'میز {}',
    'Round {}': 'دور {}',
    flip: 'چرخاندن',
    White: 'سفید',
    Black: 'سیاه',
    'Not started': 'بازی شروع نشده',
    'Not started · {}': 'بازی شروع نشده · {}',
    'In play': 'در حال بازی',
    'Clocks stopped': 'ساعت متوقف شده',
    Adjourned: 'بازی ناتمام',
    'Sealing the move': 'در حال ثبت حرکت سربسته',
    'Resumed: the sealed move is being played': 'ازسرگیری: حرکت سربسته انجام می‌شود',
    Finished: 'پایان بازی',
    'Feed stopped at record {}': 'پخش در رکورد {} متوقف شد',
    'Waiting for the game’s journal': 'در انتظار دفتر ثبت بازی',
    'A new game on this board': 'بازی تازه روی این میز',
    'White resigned': 'سفید تسلیم شد',
    'Black resigned': 'سیاه تسلیم شد',
    'White lost on time': 'سفید با تمام شدن زمان باخت',
    'Black lost on time': 'سیاه با تمام شدن زمان باخت',
    Checkmate: 'کیش و مات',
    Draw: 'تساوی',
    'White wins': 'سفید برنده شد',
    'Black wins': 'سیاه برنده شد',
    checkmate: 'کیش و مات',
    stalemate: 'پات',
    'dead position': 'وضعیت مرده',
    'fivefold repetition': 'تکرار پنج‌باره وضعیت',
    'seventy-five-move rule': 'قانون ۷۵ حرکت',
    'threefold repetition': 'تکرار سه‌باره وضعیت',
    'fifty-move rule': 'قانون ۵۰ حرکت',
    'draw by agreement': 'تساوی با توافق',
    'time forfeit, opponent cannot mate (Art. 6.9)': 'پایان زمان، حریف نمی‌تواند مات کند (ماده ۶٫۹)',
    'arbiter decision: {}': 'تصمیم داور: {}',
    'defective sealed move (Guidelines I.8)': 'حرکت سربسته نادرست (رهنمودها، بند I.8)',
    'defective sealed move, opponent cannot mate': 'حرکت سربسته نادرست، حریف نمی‌تواند مات کند',
    'illegal move, opponent cannot mate (Art. 7.5.5)': 'حرکت غیرقانونی، حریف نمی‌تواند مات کند (ماده ۷٫۵٫۵)',
    'illegal move #{} ({})': 'حرکت غیرقانونی شماره {} ({})',
    'forfeit for late arrival ({}, {})': 'باخت به دلیل دیر رسیدن ({}، {})',
    'quickplay-finish claim upheld by the arbiter ({})': 'ادعای پایان سریع بازی، پذیرفته‌شده از سوی داور ({})',
    'quickplay-finish claim by {}, pending arbiter ({})': 'ادعای پایان سریع بازی از سوی {}، در انتظار داور ({})',
  },
};

export const catalogues = { pl, fa };

// The languages the page speaks: English (the source) and each catalogue.
export const languages = ['en', ...Object.keys(catalogues)];

function fill(pattern, args) {
  let i = 0;
  return pattern.replace(/\{\}/g, () => String(args[i++] ?? ''));
}

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// The first of the reader's browser languages (navigator.languages: "fa-IR", "pl", ...) that the page
// has words for; null when English comes first or none has them: the page then speaks the event's
// language. English ends the search because it is every browser's default, a projector's kiosk too,
// while a browser set to Persian or Polish is its reader's choice.
export function browserLanguage(tags) {
  for (const tag of tags || []) {
    const code = String(tag).toLowerCase().split('-')[0];
    if (code === 'en') return null;
    if (catalogues[code]) return code;
  }
  return null;
}

// A translator for `lang` ('en' when there is no catalogue for it): tr(text, ...args), and
// message(text) for a text that came filled in (a termination like "arbiter decision: flag fell"):
// it is matched against the catalogue's patterns and its pieces put into the translated one.
// tr.num(n): a number in the language's digits; tr.iso(text): a piece of text isolated (FSI..PDI) in a
// right-to-left sentence, so its direction is its own and never reorders the words around it.
export function translator(lang) {
  const cat = catalogues[lang] || null;
  const texts = cat ? cat.texts : {};
  const tr = (msgid, ...args) => fill(texts[msgid] ?? msgid, args);
  tr.lang = cat ? lang : 'en';
  tr.dir = cat ? cat.dir : 'ltr';
  tr.has = (msgid) => !cat || msgid in texts;
  tr.num = (n) => (cat && cat.digits ? String(n).replace(/[0-9]/g, (d) => cat.digits[d]) : String(n));
  tr.iso = (text) => (tr.dir === 'rtl' ? `\u2068${text}\u2069` : String(text));
  tr.message = (text) => {
    if (text in texts) return texts[text];
    for (const [msgid, translation] of Object.entries(texts)) {
      if (!msgid.includes('{}')) continue;
      const re = new RegExp('^' + msgid.split('{}').map(escapeRegExp).join('(.*)') + '$');
      const m = text.match(re);
      if (m) return fill(translation, m.slice(1).map(tr.iso));
    }
    return text;
  };
  return tr;
}
