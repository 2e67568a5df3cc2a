// An independent PGN reader for the broadcast tests (lichess's chessops): reads each file given, plays
// every SAN move from the game's start, and checks that every comment is exactly one [%clk h:mm:ss].
// Prints one JSON line per file: [{moves, result, head, clocks}], exits 1 on any problem.
import { readFileSync } from 'node:fs';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';

let bad = 0;
for (const file of process.argv.slice(2)) {
  const games = parsePgn(readFileSync(file, 'utf8'));
  const out = [];
  for (const game of games) {
    const pos = startingPosition(game.headers).unwrap();
    let moves = 0, clocks = 0;
    for (const node of game.moves.mainline()) {
      const move = parseSan(pos, node.san);
      if (!move) { console.error(`${file}: illegal or unreadable move ${node.san}`); bad++; break; }
      pos.play(move);
      moves++;
      for (const c of node.comments || []) {
        if (/^\s*\[%clk\s+\d+:\d\d:\d\d(\.\d+)?\]\s*$/.test(c)) clocks++;
        else { console.error(`${file}: a comment other than [%clk]: ${c}`); bad++; }
      }
    }
    out.push({ moves, clocks, result: game.headers.get('Result'), head: game.headers.get('JournalHead') });
  }
  console.log(JSON.stringify(out));
}
process.exit(bad ? 1 : 0);
