// annotate-read.mjs - tsshogi (ShogiHome's library) reads a record that
// kifu-annotate wrote and the analysis in its comments, as ShogiHome
// does: for every position, the evaluation of its `#評価値=` line and the
// moves of its `#読み筋=` line, parsed with tsshogi's parsePV on the
// position (ShogiHome's getPVsFromSearchComment), which stops at the first
// move it cannot play.  Prints one line per position with an analysis,
// "PLY eval E pv N/M" (N moves read of the M written), and exits 1 if a
// line was not read whole or the file is refused.
//
//     node annotate-read.mjs MODULES_DIR FILE
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const [modules, file] = process.argv.slice(2);
const tsshogi = await import(pathToFileURL(path.join(modules, 'tsshogi', 'dist', 'esm', 'index.mjs')).href);
const record = tsshogi.importKIF(readFileSync(file, 'utf8'));
if (record instanceof Error) {
  console.log(`error ${record.message}`);
  process.exit(1);
}
let bad = 0;
for (let ply = 0; ; ply++) {
  record.goto(ply);
  if (record.current.ply !== ply) break;
  const comment = record.current.comment;
  const ev = /^#評価値=(-?\d+)$/m.exec(comment);
  const pv = /^#読み筋=(.*)$/m.exec(comment);
  if (ev || pv) {
    const written = pv ? (pv[1].match(/[▲△]/g) || []).length : 0;
    const read = pv ? tsshogi.parsePV(record.position, pv[1]).length : 0;
    if (read !== written) bad++;
    console.log(`${ply} eval ${ev ? ev[1] : '-'} pv ${read}/${written}`);
  }
  if (!record.current.next) break;
}
process.exit(bad ? 1 : 0);
