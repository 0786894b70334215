// chu-recount.mjs - recounts Chu Shogi perft tables with shogiops (lishogi's
// rules library, a test-only dependency installed by tests/golden/chu-shogiops.sh)
// in two ways, independently of libkifu:
//
//   shogiops' way, as its own tests count (test/debug.ts perft): every
//   (from, to, promotion) of moveDests, plus every Lion second step of
//   secondLionStepDests, so a Lion's pass counts once per empty square it
//   steps through and a two-step move through an empty square counts apart
//   from the direct move to the same square;
//
//   kifu's way (docs/rules.md, "Two-leg moves"; kifu-perft(1)): the same
//   moves, each counted once per (from square, resulting position) - a move
//   is the set of squares it changes - and nothing below a position where
//   the game has ended.
//
//     node chu-recount.mjs MODULES_DIR TABLE.tsv
//
// TABLE.tsv rows: sfen, depth, shogiops count, kifu count, flags, source
// (flags: ignore-end, the row counted shogiops' way without the end test).
// Prints each row with the two counts recomputed; exits 1 if either differs
// from the table.
import { readFileSync } from 'node:fs';
import { loader, movesOf } from './chu-random.mjs';

const [modules, table] = process.argv.slice(2);
const load = loader(modules);
const { parseSfen, makeSfen } = await load('sfen.js');
// Every move of pos as shogiops lists them: { from, to, promotion } and
// { from, to: midStep's second step, midStep }.
const moves = await movesOf(modules);

function shogiopsPerft(pos, depth, ignoreEnd) {
  if (depth < 1) return 1;
  if (!ignoreEnd && pos.isEnd()) return 0;
  let n = 0;
  for (const m of moves(pos)) {
    const child = pos.clone();
    child.play(m);
    n += depth === 1 ? 1 : shogiopsPerft(child, depth - 1, ignoreEnd);
  }
  return n;
}

// The position without its move number: what a move changes.
const key = (pos) => makeSfen(pos).split(' ').slice(0, 3).join(' ');

function kifuPerft(pos, depth) {
  if (depth < 1) return 1;
  if (pos.isEnd()) return 0;
  const seen = new Set();
  let n = 0;
  for (const m of moves(pos)) {
    const child = pos.clone();
    child.play(m);
    const k = `${m.from} ${key(child)}`;
    if (seen.has(k)) continue;
    seen.add(k);
    n += depth === 1 ? 1 : kifuPerft(child, depth - 1);
  }
  return n;
}

let bad = 0, rows = 0;
for (const line of readFileSync(table, 'utf8').split('\n')) {
  if (!line || line.startsWith('#')) continue;
  const [sfen, depth, wantShogiops, wantKifu, flags] = line.split('\t');
  const pos = parseSfen('chushogi', sfen, false).unwrap();
  const d = Number(depth);
  const so = shogiopsPerft(pos, d, flags === 'ignore-end');
  const kf = kifuPerft(pos, d);
  const ok = so === Number(wantShogiops) && kf === Number(wantKifu);
  if (!ok) bad++;
  rows++;
  console.log(`${ok ? 'ok ' : 'BAD'} ${sfen} depth ${d}: shogiops ${so} (table ${wantShogiops}), kifu ${kf} (table ${wantKifu})`);
}
console.log(`${rows} rows, ${bad} differ`);
process.exit(bad || !rows ? 1 : 0);
