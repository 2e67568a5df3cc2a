// The projector's kiosk opened before its board exists (issue 35 item 6), in Debian's headless Chromium
// driven by playwright-core (web/node_modules). The hub follows two journals: the first is not there yet
// (its setup will say board 12), the second is board 5's, there from the start. Kiosks on /board/12,
// /board/5 and /board/2 are opened first. /board/12 must be a page (not 404) that shows "Board 12"
// waiting for its journal, and once the journal appears it must become board 12 with its players and
// moves, by its number, although board 12 is the hub's first journal. /board/5 shows board 5 (the hub's
// second) all along and never board 12. /board/2 and /board/1, numbers no board has, wait while a
// board's number is unknown and then show the hub's second and first boards, as the docs' fallback
// says (before, /board/1 stayed on the first journal's waiting board, ignoring it once it was board 12).
// Usage: node page_kiosk_test.mjs OPERATOR_CLI WEB_DIR OUT_DIR
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const [CLI, WEB, OUT] = process.argv.slice(2);
const { chromium } = await import(path.join(WEB, 'node_modules/playwright-core/index.mjs'));
const failures = [];

function check(cond, what) {
  console.log((cond ? 'ok   ' : 'FAIL ') + what);
  if (!cond) failures.push(what);
}

// A finished game between the fake engine and a random human, its setup naming the event's board.
function play(dir, name, board, white, seed, extra = {}) {
  const journal = path.join(dir, `${name}.journal`);
  const setup = path.join(dir, `${name}-setup.json`);
  fs.writeFileSync(setup, JSON.stringify({ event: 'Kiosk Open', round: '1', board, white, black: 'Stockfish', ...extra }));
  execFileSync(CLI, ['play', '--engine', 'fake', '--engine-side', 'black', '--tc', '90m+30s', '--human', 'random',
                     '--seed', String(seed), '--max-plies', '24', '--journal', journal, '--setup', setup],
               { stdio: 'ignore' });
  return journal;
}

async function serve(journals) {
  const args = ['broadcast', 'serve', '--listen', '127.0.0.1:0', '--web', WEB];
  for (const j of journals) args.push('--journal', j);
  const proc = spawn(CLI, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  const first = await new Promise((resolve) => readline.createInterface({ input: proc.stdout }).once('line', resolve));
  return [proc, `http://127.0.0.1:${first.trim().split(':').pop()}`];
}

// What a kiosk shows: its one card's title, names, status line and moves.
function shown() {
  const card = document.querySelector('.card');
  if (!card) return null;
  return {
    cards: document.querySelectorAll('.card').length,
    title: card.querySelector('.title-text').textContent,
    names: [...card.querySelectorAll('.player .name')].map((n) => n.textContent),
    info: card.querySelector('.info').textContent,
    moves: card.querySelectorAll('.moves .m').length,
  };
}

// The kiosks are tabs of one browser, as on a projector computer: they share its connections to the hub
// (at most 6), well within the hub's 16 per address.
async function kiosk(context, url, file) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto(url);
  page.file = file;
  page.errors = errors;
  page.status = response.status();
  return page;
}

async function waitFor(page, predicate, arg, what) {
  try {
    await page.waitForFunction(predicate, arg, { timeout: 15000 });
  } catch {
    // reported by the check that follows
  }
  const s = await page.evaluate(shown);
  await page.screenshot({ path: path.join(OUT, `${page.file}_${what}.png`) });
  return s;
}

const has = (title) => { const c = document.querySelector('.card .title-text'); return !!c && c.textContent.startsWith(title); };
const playing = (name) => [...document.querySelectorAll('.card .player .name')].some((n) => n.textContent.includes(name));

// Issue 36 item 12: a kiosk whose journal is missing speaks the event's language (the other boards'),
// not English.
async function waitsInTheEventsLanguage(context, tmp, lang, board, waiting) {
  const missing = path.join(tmp, `missing-${lang}.journal`);
  const other = play(tmp, `other-${lang}`, '3', 'Other, Player', 3, { ui_language: lang });
  const [hub, base] = await serve([missing, other]);
  try {
    const k7 = await kiosk(context, `${base}/board/7`, `kiosk7-${lang}`);
    const s = await waitFor(k7, (t) => { const c = document.querySelector('.card .info'); return !!c && c.textContent.includes(t); },
                            waiting, 'missing');
    check(s && s.title.startsWith(board) && s.info.includes(waiting) && s.moves === 0,
          `${lang}: /board/7 waits for its missing journal in the event's language: ${JSON.stringify(s)}`);
    check(k7.errors.length === 0, `${k7.file}: no script errors ${k7.errors}`);
  } finally {
    hub.kill('SIGTERM');
  }
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-page-kiosk-'));
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-page-kiosk-made-'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let proc;
  try {
    const later = path.join(tmp, 'board12.journal');  // not there yet
    const five = play(tmp, 'board5', '5', 'Five, Player', 5);
    const twelve = play(made, 'board12', '12', 'Twelve, Player', 12);
    let base;
    [proc, base] = await serve([later, five]);

    const k12 = await kiosk(context, `${base}/board/12`, 'kiosk12');
    const k5 = await kiosk(context, `${base}/board/5`, 'kiosk5');
    const k2 = await kiosk(context, `${base}/board/2`, 'kiosk2');
    const k1 = await kiosk(context, `${base}/board/1`, 'kiosk1');
    check(k12.status === 200, `/board/12 before its journal exists is a page (${k12.status}), not 404`);

    let s = await waitFor(k12, has, 'Board 12', 'before');
    check(s && s.cards === 1 && s.title.startsWith('Board 12') && /journal/i.test(s.info) && s.moves === 0,
          `/board/12 waits for board 12: ${JSON.stringify(s)}`);
    s = await waitFor(k5, playing, 'Five, Player', 'before');
    check(s && s.title.startsWith('Board 5') && s.names.some((n) => n.includes('Five')),
          `/board/5 shows board 5 (the hub's second journal): ${JSON.stringify(s)}`);
    s = await waitFor(k2, has, 'Board 2', 'before');
    check(s && s.title.startsWith('Board 2') && s.moves === 0 && !s.names.some((n) => n.includes('Five')),
          `/board/2 waits while board 12's number is unknown: ${JSON.stringify(s)}`);
    s = await waitFor(k1, has, 'Board 1', 'before');
    check(s && s.title.startsWith('Board 1') && s.moves === 0, `/board/1 waits too: ${JSON.stringify(s)}`);

    // The console starts: board 12's journal appears in the hub's first place (renamed in, at once).
    fs.renameSync(twelve, later);
    s = await waitFor(k12, playing, 'Twelve, Player', 'after');
    check(s && s.title.startsWith('Board 12') && s.names.some((n) => n.includes('Twelve')) && s.moves > 0,
          `/board/12 became board 12 when it appeared, with its players and moves: ${JSON.stringify(s)}`);
    s = await k5.evaluate(shown);
    check(s && s.title.startsWith('Board 5') && !s.names.some((n) => n.includes('Twelve')),
          `/board/5 still shows board 5, never the hub's first board: ${JSON.stringify(s)}`);
    s = await waitFor(k2, playing, 'Five, Player', 'after');
    check(s && s.names.some((n) => n.includes('Five')),
          `/board/2: no board has number 2, so the hub's second board: ${JSON.stringify(s)}`);
    s = await waitFor(k1, playing, 'Twelve, Player', 'after');
    check(s && s.title.startsWith('Board 12') && s.names.some((n) => n.includes('Twelve')),
          `/board/1: no board has number 1, so the hub's first board, board 12: ${JSON.stringify(s)}`);
    for (const k of [k12, k5, k2, k1]) check(k.errors.length === 0, `${k.file}: no script errors ${k.errors}`);
    proc.kill('SIGTERM');
    proc = undefined;
    for (const [lang, board, waiting] of [['pl', 'Szachownica 7', 'Oczekiwanie'], ['fa', 'میز ۷', 'در انتظار']])
      await waitsInTheEventsLanguage(context, tmp, lang, board, waiting);
  } finally {
    await browser.close();
    if (proc) proc.kill('SIGTERM');
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(made, { recursive: true, force: true });
  }
  console.log(`${failures.length} failed`);
  process.exit(failures.length ? 1 : 0);
}

await main();
