// The spectator page: every board (/) or one board for the hall projector (/board/N). It reads
// /games.json once and then each board's JSON from /events (Server-Sent Events) whenever it changes.
// The running clock counts down from the moment its reading was true (clocks.as_of) and the broadcast's
// delay (clocks.delay_ms), so a page opened or reconnected late shows the same time as one open all
// along. The board is drawn by chessground; the words come from i18n.js in the language chosen by
// ?lang=, else the reader's browser (a language the page has words for, English aside), else the event's.
// In a right-to-left language (Persian) the page is mirrored but the board, the moves, the clocks and the
// results stay left to right, each isolated (<bdi>, or dir on its element) from the words around it.
import { Chessground } from '/vendor/chessground.min.js';
import { browserLanguage, translator } from '/i18n.js';

const params = new URLSearchParams(location.search);
const match = location.pathname.match(/^\/board\/(\d+)$/);
const only = match ? Number(match[1]) : null;
const cards = new Map();  // the board's place in the hub (`slot`, else its number) -> card
// A language the spectator chose (?lang=, or the browser's) is kept; else the event's, when it comes.
const chosenLanguage = params.get('lang') || browserLanguage(navigator.languages || [navigator.language]);
let tr = translator(chosenLanguage || 'en');
if (only) document.body.classList.add('projector');

// h:mm:ss, with tenths under 10 s, as on a table clock.
function clockText(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
  const tenths = ms < 10000 ? '.' + (Math.floor(ms / 100) % 10) : '';
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}${tenths}`;
}

// The time a side has now. The published value was true at `as_of` of the game's time; under
// `--delay` the page shows the game `delay_ms` late, so the running side has used now - as_of - delay.
function remaining(d, side, now) {
  const c = d.clocks;
  const value = c[`${side}_ms`];
  const asOf = Date.parse(c.as_of);
  if (c.running !== side || Number.isNaN(asOf)) return value;
  return value - Math.max(0, now - asOf - (c.delay_ms || 0));
}

// PGN TimeControl ("5400+30", "40/5400+30:1800+30") as chess players write it: 90′ + 30″.
function timeControlText(tc) {
  if (!tc || tc === '?' || tc === '-') return '';
  return tc.split(':').map((period) => {
    const m = period.match(/^(?:(\d+)\/)?(\d+)(?:\+(\d+))?$/);
    if (!m) return period;
    const base = Number(m[2]) % 60 === 0 ? `${Number(m[2]) / 60}′` : `${m[2]}″`;
    return (m[1] ? `${m[1]}/` : '') + base + (m[3] && m[3] !== '0' ? ` + ${m[3]}″` : '');
  }).join(', ');
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function playerEl(cls) {
  const row = el('div', `player ${cls}`);
  row.nameEl = el('span', 'name');  // the side's mark (CSS) before the name, in the page's direction
  row.nameText = el('bdi');  // a Latin name in a Persian page, or a Persian one in any page
  row.nameEl.append(row.nameText);
  row.clockEl = el('span', 'clock');
  row.clockEl.dir = 'ltr';
  row.append(row.nameEl, row.clockEl);
  return row;
}

function makeCard(key, number) {
  const card = { el: el('section', 'card'), flipped: params.has('flip'), shownMoves: -1 };
  card.title = el('h2', 'title');
  card.titleText = el('span', 'title-text');
  card.flip = el('button', 'flip', tr('flip'));
  card.flip.onclick = () => { card.flipped = !card.flipped; render(card); };
  card.title.append(card.titleText, card.flip);
  card.top = playerEl('top');
  card.bottom = playerEl('bottom');
  card.area = el('div', 'board-area');
  card.area.dir = 'ltr';
  card.boardEl = el('div', 'board');
  card.overlay = el('div', 'result-overlay');
  card.area.append(card.boardEl, card.overlay);
  card.info = el('div', 'info');
  card.moves = el('div', 'moves');
  card.moves.dir = 'ltr';
  card.el.append(card.title, card.top, card.area, card.bottom, card.info, card.moves);
  card.el.dataset.key = key;
  card.el.dataset.board = number;
  insertInOrder(card.el, number, key);
  // No animation until the page has shown a position: a fresh page never shows half-faded pieces.
  card.cg = Chessground(card.boardEl, { viewOnly: true, coordinates: true, animation: { enabled: false } });
  cards.set(key, card);
  layout();
  return card;
}

// Cards in the order of the boards' numbers (then of their places in the hub).
function insertInOrder(cardEl, number, key) {
  const boards = document.getElementById('boards');
  const after = (c) => Number(c.dataset.board) > number ||
    (Number(c.dataset.board) === number && Number(c.dataset.key) > key);
  const next = [...boards.children].find(after);
  boards.insertBefore(cardEl, next || null);
}

function named(name, side) {
  return name && name !== '?' ? name : tr(side === 'white' ? 'White' : 'Black');
}

function playerRow(row, d, side) {
  row.side = side;
  row.nameText.textContent = named(d[side], side);
  row.nameEl.title = row.nameText.textContent;
  row.nameEl.classList.toggle('unknown', !d[side] || d[side] === '?');
  row.classList.toggle('white', side === 'white');
  row.classList.toggle('black', side === 'black');
  row.clockEl.classList.toggle('running', d.clocks.running === side);
  // A board not started whose clocks are not set yet shows no clock rather than 0:00:00 (two flags).
  row.clockEl.hidden = d.status === 'waiting' && !d.clocks.white_ms && !d.clocks.black_ms;
}

function titleText(d) {
  const parts = [tr('Board {}', tr.num(d.board))];
  if (d.round && d.round !== '?') parts.push(tr('Round {}', tr.num(d.round)));
  if (only && d.event && d.event !== '?') parts.push(tr.iso(d.event));
  return parts.join(' · ');
}

const STATUS = {
  waiting: 'Not started', playing: 'In play', paused: 'Clocks stopped', adjourned: 'Adjourned',
  sealing: 'Sealing the move', resumed: 'Resumed: the sealed move is being played', finished: 'Finished',
};

function statusText(d) {
  if (d.status === 'journal-broken') return tr('Feed stopped at record {}', tr.num(d.journal_broken_at));
  if (d.status === 'waiting' && timeControlText(d.time_control))
    return tr('Not started · {}', tr.iso(timeControlText(d.time_control)));
  return STATUS[d.status] ? tr(STATUS[d.status]) : d.status;
}

function noticeText(notice) {
  if (!notice) return '';
  if (notice.startsWith('waiting for the journal')) return tr('Waiting for the game’s journal');
  if (notice.startsWith('a new journal')) return tr('A new game on this board');
  return notice;
}

// "Black resigned", "White lost on time", "Checkmate", or the session's reason in the page's language.
function resultReason(result, termination) {
  const loser = result === '1-0' ? 'Black' : result === '0-1' ? 'White' : null;
  if (termination === 'resignation' && loser) return loser === 'Black' ? tr('Black resigned') : tr('White resigned');
  if (termination === 'time forfeit' && loser)
    return loser === 'Black' ? tr('Black lost on time') : tr('White lost on time');
  if (termination === 'checkmate') return tr('Checkmate');
  if (termination) {
    const text = tr.message(termination);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  if (result === '1/2-1/2') return tr('Draw');
  return loser ? tr(loser === 'Black' ? 'White wins' : 'Black wins') : '';
}

function renderOverlay(card, d) {
  const over = d.result && d.result !== '*';
  card.overlay.hidden = !over;
  if (!over) return;
  const score = el('div', 'score', d.result.replace('1/2', '½').replace('1/2', '½'));
  score.dir = 'ltr';  // "1-0" never "0-1"
  const reason = el('div', 'reason', resultReason(d.result, d.termination));
  reason.dir = 'auto';
  card.overlay.replaceChildren(score, reason);
  card.overlay.setAttribute('aria-label', `${d.result} · ${reason.textContent}`);
}

// "Finished · 1-0 · Black resigned": the result in a <bdi> of its own, left to right in any page.
function renderInfo(card, d) {
  const parts = [statusText(d)];
  const notice = noticeText(d.notice);
  if (notice) parts.push(notice);
  if (d.result && d.result !== '*') {
    const result = el('bdi', 'result', d.result);
    result.dir = 'ltr';
    parts.push(result, resultReason(d.result, d.termination));
  }
  card.info.className = `info ${d.status}`;
  card.info.replaceChildren(...parts.flatMap((p, i) => (i ? [' · ', p] : [p])));
}

// Whole moves ("12. O-O Nf6") each in one unbreakable piece; lines break only between them.
function renderMoves(card, d) {
  const nodes = [];
  d.moves.forEach((san, i) => {
    if (i % 2 === 0) {
      if (nodes.length) nodes.push(' ');
      const piece = el('span', 'mp');
      piece.append(el('span', 'n', `${i / 2 + 1}.`));
      nodes.push(piece);
    }
    nodes[nodes.length - 1].append(' ', el('span', i === d.moves.length - 1 ? 'm last' : 'm', san));
  });
  card.moves.replaceChildren(...nodes);
  fitMoves(card);
}

// The newest moves always in view and never a line cut: whole moves are hidden from the oldest on
// until what is left fits the box.
function fitMoves(card) {
  const box = card.moves;
  const pieces = [...box.querySelectorAll('.mp')];
  pieces.forEach((p) => { p.hidden = false; });
  let first = 0;
  while (first < pieces.length && box.scrollHeight > box.clientHeight) pieces[first++].hidden = true;
  box.classList.toggle('trimmed', first > 0);
}

function boardConfig(card, d) {
  const last = d.moves.length ? d.moves[d.moves.length - 1] : '';
  const lastMove = typeof d.last_move === 'string' && d.last_move.length >= 4
    ? [d.last_move.slice(0, 2), d.last_move.slice(2, 4)] : undefined;
  // Animate only one new move on a board already shown (not a first load, not a jump after a reconnect).
  const animate = card.shownMoves >= 0 && d.moves.length === card.shownMoves + 1;
  return {
    fen: d.fen,
    orientation: card.flipped ? 'black' : 'white',
    turnColor: d.fen.split(' ')[1] === 'w' ? 'white' : 'black',
    lastMove,
    check: /[+#]$/.test(last),
    animation: { enabled: animate },
  };
}

function render(card) {
  const d = card.data;
  card.titleText.textContent = titleText(d);
  card.flip.textContent = tr('flip');
  const [topSide, bottomSide] = card.flipped ? ['white', 'black'] : ['black', 'white'];
  playerRow(card.top, d, topSide);
  playerRow(card.bottom, d, bottomSide);
  card.cg.set(boardConfig(card, d));
  card.shownMoves = d.moves.length;
  card.el.classList.toggle('over', !!d.result && d.result !== '*');
  renderOverlay(card, d);
  renderInfo(card, d);
  renderMoves(card, d);
  tickCard(card, Date.now());
}

function setLanguage(lang) {
  if (chosenLanguage || lang === tr.lang) return;
  tr = translator(lang);
  if (tr.lang === 'en' && lang !== 'en') return;
  applyLanguage();
}

function applyLanguage() {
  document.documentElement.lang = tr.lang;
  document.documentElement.dir = tr.dir;
  const event = document.getElementById('event');
  event.dir = 'auto';  // the event's name in its own direction
  if (!event.dataset.named) event.textContent = tr('Live games');
  showLink(document.getElementById('link').dataset.state || 'connecting');
  for (const card of cards.values()) if (card.data) render(card);
}

function keyOf(d) {
  return d.slot ?? d.board;
}

function showEvent(d) {
  if (d.language) setLanguage(d.language);
  if (d.event && d.event !== '?') {
    const event = document.getElementById('event');
    event.textContent = d.event;
    event.dataset.named = '1';
    document.title = d.event;
  }
}

// Every board's card on /, in the order of the boards' numbers (a number may come late: re-placed).
function update(d) {
  if (only) return updateOnly(d);
  showEvent(d);
  const key = keyOf(d);
  const card = cards.get(key) || makeCard(key, d.board);
  if (Number(card.el.dataset.board) !== d.board) {
    card.el.dataset.board = d.board;
    insertInOrder(card.el, d.board, key);
  }
  card.data = d;
  render(card);
}

// --- The projector's board (/board/N) -----------------------------------------------------------------
// It follows the board numbered N, whichever place that board has in the hub, and waits for it while
// no board has that number yet: a kiosk may be opened before the journals exist, and a board's number
// is known only once its journal's setup was read (`board_pending` until then). When every board's
// number is known and none is N, it shows the N-th board of the hub (as the hub's /board/N did).
const latest = new Map();  // every board's latest JSON, by its place in the hub

function chooseOnly(boards) {
  const known = boards.filter((d) => !d.board_pending);
  return known.find((d) => d.board === only) ||
    (known.length === boards.length ? boards.find((d) => d.slot === only) : undefined);
}

// A board whose journal is not read yet has no language: its kiosk speaks the event's, which every other
// board of the hub gives (issue 36 item 12: a Polish event's projector waited in English).
function setEventLanguage() {
  const other = [...latest.values()].find((d) => d.language);
  if (other) setLanguage(other.language);
}

// The board's card before the board is there: its number, "Not started", waiting for the journal.
function waitingFor(n) {
  return {
    board: n, white: '?', black: '?', event: '?', round: '?', moves: [], last_move: null,
    fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', status: 'waiting', result: '*',
    clocks: { white_ms: 0, black_ms: 0, running: null, as_of: null, delay_ms: 0 },
    termination: '', time_control: '', notice: 'waiting for the journal', waiting_for_board: true,
  };
}

function updateOnly(d) {
  if (d) latest.set(keyOf(d), d);
  const shown = chooseOnly([...latest.values()]);
  const data = shown || waitingFor(only);
  if (shown) showEvent(shown);
  else setEventLanguage();
  let card = cards.values().next().value;
  if (!card) card = makeCard(keyOf(data), data.board);
  // Another board than the one shown (the waiting card's, or a board that was renumbered): no animation.
  const same = card.data && keyOf(card.data) === keyOf(data) && !card.data.waiting_for_board === !!shown;
  if (!same) card.shownMoves = -1;
  card.el.dataset.key = keyOf(data);
  card.el.dataset.board = data.board;
  card.data = data;
  render(card);
}

function tickCard(card, now) {
  for (const row of [card.top, card.bottom]) {
    if (!row.side) continue;
    const text = clockText(remaining(card.data, row.side, now));
    if (row.clockEl.textContent !== text) row.clockEl.textContent = text;
  }
}

function tick() {
  const now = Date.now();
  for (const card of cards.values()) if (card.data) tickCard(card, now);
}

// --- Layout: the boards fill the window ---------------------------------------------------------------

const GAP = 10;

// The font unit of a board of size s, and the room a card needs beside or around its board.
function fontUnit(s) {
  return Math.max(13, s * (only ? 0.05 : 0.045));
}

function cardSize(s, side) {
  const f = fontUnit(s), pad = Math.round(f * 0.5);
  if (side) return [s + Math.max(0.5 * s, 9 * f) + 3 * pad, s + 2 * pad];
  return [s + 2 * pad, s + 7.2 * f + 2 * pad];
}

// The largest board for which `cols` columns of cards fit the area, and its layout.
function bestFor(n, cols, w, h) {
  const rows = Math.ceil(n / cols);
  const cw = (w - GAP * (cols - 1)) / cols, ch = (h - GAP * (rows - 1)) / rows;
  let best = { s: 0 };
  for (const side of [true, false]) {
    let lo = 40, hi = 3000;
    while (hi - lo > 1) {
      const mid = (lo + hi) / 2, [cw2, ch2] = cardSize(mid, side);
      if (cw2 <= cw && ch2 <= ch) lo = mid; else hi = mid;
    }
    // chessground draws the board in whole multiples of 8 px: a board of that size fills its place.
    if (lo > best.s) best = { s: Math.floor(lo / 8) * 8, side, cols, cw, ch };
  }
  return best;
}

function layout() {
  const boards = document.getElementById('boards');
  const n = Math.max(1, cards.size);
  const w = boards.clientWidth - 2 * GAP;
  const h = window.innerHeight - boards.getBoundingClientRect().top - 2 * GAP;
  // A phone: one column that scrolls, each board as wide as the screen (the projector page fits it).
  const narrow = w < 600 && !only;
  let best = { s: 0 };
  if (narrow) best = { s: Math.floor((w - fontUnit(w)) / 8) * 8, side: false, cols: 1, cw: w, ch: null };
  else for (let cols = 1; cols <= n; cols++) {
    const b = bestFor(n, cols, w, h);
    if (b.s > best.s) best = b;
  }
  const f = fontUnit(best.s);
  boards.style.setProperty('--cols', best.cols);
  boards.style.setProperty('--s', `${best.s}px`);
  boards.style.setProperty('--f', `${f}px`);
  boards.style.setProperty('--card-w', `${Math.floor(best.cw)}px`);
  boards.style.setProperty('--card-h', best.ch ? `${Math.floor(best.ch)}px` : 'auto');
  boards.classList.toggle('side', best.side);
  boards.classList.toggle('stack', !best.side);
  boards.classList.toggle('narrow', narrow);
  for (const card of cards.values()) fitMoves(card);
}

// --- Connection --------------------------------------------------------------------------------------

const LINK = { connecting: 'connecting…', live: 'live', down: 'reconnecting…' };

function showLink(state) {
  const link = document.getElementById('link');
  link.dataset.state = state;
  link.textContent = tr(LINK[state]);
  link.className = `link ${state}`;
  document.body.classList.toggle('down', state === 'down');
}

function connect() {
  const events = new EventSource('/events');
  events.addEventListener('board', (e) => update(JSON.parse(e.data)));
  events.onopen = () => showLink('live');
  events.onerror = () => {
    showLink('down');
    // A browser retries a dropped stream by itself, but gives up on a refusal (the hub's 503 when full,
    // 429 past one address's share): a kiosk must not stay dark, so it asks again a little later.
    if (events.readyState === EventSource.CLOSED) setTimeout(connect, 5000);
  };
}

applyLanguage();
window.addEventListener('resize', layout);
// The projector's page chooses its board once it has every board (never a passing fallback).
fetch('/games.json').then((r) => r.json()).then((boards) => {
  if (only) boards.forEach((d) => latest.set(keyOf(d), d)); else boards.forEach(update);
}).finally(() => {
  if (only) updateOnly();  // the board's card, or its waiting card when the hub has no such board yet
  connect();
});
setInterval(tick, 100);
document.addEventListener('keydown', (e) => {
  if (e.key === 'f') for (const card of cards.values()) { card.flipped = !card.flipped; render(card); }
});
