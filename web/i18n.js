// The spectator page's words in each language. English is the source, as in the console's gettext
// catalogues (docs/i18n.md): every text is looked up by its English form, `{}` are placeholders filled
// in order, and a text missing from a catalogue shows in English. The page runs in the browser, so its
// catalogue is this module rather than a .po file; tests/broadcast/page_layout_test.mjs fails when a
// text the page uses has no translation here.
//
// A language is { dir, texts }. `dir` is 'rtl' for Persian (a later issue): the page then sets
// <html dir="rtl">, its layout uses start/end rather than left/right, and the board, the moves and the
// clocks stay left to right, as a chess board is never mirrored.
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

export const catalogues = { pl };

// The languages the page speaks: English (the source) and each catalogue.
export const languages = ['en', ...Object.keys(catalogues)];

function fill(pattern, args) {
  let i = 0;
  return pattern.replace(/\{\}/g, () => String(args[i++] ?? ''));
}

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// A translator for `lang` ('en' when there is no catalogue for it): tr(text, ...args), and
// message(text) for a text that came filled in (a termination like "arbiter decision: flag fell"):
// it is matched against the catalogue's patterns and its pieces put into the translated one.
export function translator(lang) {
  const cat = catalogues[lang] || null;
  const texts = cat ? cat.texts : {};
  const tr = (msgid, ...args) => fill(texts[msgid] ?? msgid, args);
  tr.lang = cat ? lang : 'en';
  tr.dir = cat ? cat.dir : 'ltr';
  tr.has = (msgid) => !cat || msgid in texts;
  tr.message = (text) => {
    if (text in texts) return texts[text];
    for (const [msgid, translation] of Object.entries(texts)) {
      if (!msgid.includes('{}')) continue;
      const re = new RegExp('^' + msgid.split('{}').map(escapeRegExp).join('(.*)') + '$');
      const m = text.match(re);
      if (m) return fill(translation, m.slice(1));
    }
    return text;
  };
  return tr;
}
