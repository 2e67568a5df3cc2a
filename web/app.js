// The spectator page: every board (/) or one large board for the hall projector (/board/N). It reads
// /games.json once and then each board's JSON from /events (Server-Sent Events) whenever it changes;
// clocks count down locally from the last reading. The board is drawn by chessground.
import { Chessground } from '/vendor/chessground.min.js';

const match = location.pathname.match(/^\/board\/(\d+)$/);
const only = match ? Number(match[1]) : null;
const cards = new Map();  // board number -> { el, cg, data, receivedAt, flipped }
if (only) document.body.classList.add('projector');

function clockText(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
  const tenths = ms < 10000 ? '.' + Math.floor(ms / 100) % 10 : '';
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}${tenths}`;
}

function movesHtml(moves) {
  let html = '';
  moves.forEach((san, i) => {
    if (i % 2 === 0) html += `<b>${i / 2 + 1}.</b> `;
    html += `${san.replace(/[<>&]/g, '')} `;
  });
  return html;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function makeCard(n) {
  const card = { el: el('section', 'card'), flipped: new URLSearchParams(location.search).has('flip') };
  card.title = el('h2');
  card.name = el('span');
  card.flip = el('button', 'flip', 'flip');
  card.flip.onclick = () => { card.flipped = !card.flipped; render(card); };
  card.title.append(card.name, card.flip);
  card.top = el('div', 'player');
  card.boardEl = el('div', 'board');
  card.bottom = el('div', 'player');
  card.status = el('div', 'status');
  card.moves = el('div', 'moves');
  card.el.append(card.title, card.top, card.boardEl, card.bottom, card.status, card.moves);
  card.el.dataset.board = n;
  document.getElementById('boards').append(card.el);
  card.cg = Chessground(card.boardEl, { viewOnly: true, coordinates: true, animation: { enabled: true } });
  cards.set(n, card);
  return card;
}

function playerRow(row, name, colour, d, runningNow) {
  row.replaceChildren(el('span', 'name', `${colour === 'white' ? '○' : '●'} ${name}`),
                      el('span', `clock ${colour}${runningNow ? ' running' : ''}`));
}

function render(card) {
  const d = card.data;
  card.name.textContent = `Board ${d.board}` + (d.round && d.round !== '?' ? ` · round ${d.round}` : '');
  const orientation = card.flipped ? 'black' : 'white';
  const [topSide, bottomSide] = card.flipped ? ['white', 'black'] : ['black', 'white'];
  playerRow(card.top, d[topSide], topSide, d, d.clocks.running === topSide);
  playerRow(card.bottom, d[bottomSide], bottomSide, d, d.clocks.running === bottomSide);
  card.cg.set({ fen: d.fen, orientation, turnColor: d.fen.split(' ')[1] === 'w' ? 'white' : 'black' });
  let status = d.status;
  if (d.status === 'journal-broken') status += ` at record ${d.journal_broken_at}: feed stopped`;
  // A board waiting for its journal, or a new game in its file, says so (docs/broadcast.md).
  if (d.notice) status += ` (${d.notice})`;
  card.status.className = `status ${d.status}`;
  card.status.textContent = status + (d.result !== '*' ? ' · ' : '');
  if (d.result !== '*') card.status.append(el('span', 'result', d.result));
  card.moves.innerHTML = movesHtml(d.moves);
  card.moves.scrollTop = card.moves.scrollHeight;
  tick();
}

function update(d) {
  if (only && d.board !== only) return;
  if (d.event && d.event !== '?') document.getElementById('event').textContent = d.event;
  const card = cards.get(d.board) || makeCard(d.board);
  card.data = d;
  card.receivedAt = performance.now();
  render(card);
}

// Clocks count down from the reading (as_of) for the side whose clock runs.
function tick() {
  for (const card of cards.values()) {
    const d = card.data;
    if (!d) continue;
    const gone = performance.now() - card.receivedAt;
    for (const side of ['white', 'black']) {
      const c = card.el.querySelector(`.clock.${side}`);
      const ms = d.clocks[`${side}_ms`] - (d.clocks.running === side ? gone : 0);
      if (c) c.textContent = clockText(ms);
    }
  }
}

function connect() {
  const link = document.getElementById('link');
  const events = new EventSource('/events');
  events.addEventListener('board', (e) => update(JSON.parse(e.data)));
  events.onopen = () => { link.textContent = 'live'; link.className = 'link'; };
  events.onerror = () => { link.textContent = 'reconnecting…'; link.className = 'link down'; };
}

fetch('/games.json').then((r) => r.json()).then((boards) => boards.forEach(update)).finally(connect);
setInterval(tick, 100);
document.addEventListener('keydown', (e) => {
  if (e.key === 'f') for (const card of cards.values()) { card.flipped = !card.flipped; render(card); }
});
