// peers.mjs - the peers `make bench` sets beside kifu-validate (bench/run.sh):
// each reads the same records and checks every move of their main lines the
// way its users validate a game, and prints "P plies, I invalid".
//
//     node peers.mjs tsshogi MODULES_DIR FORMAT LIST   FORMAT: kif ki2 csa jkf
//     node peers.mjs shogiops MODULES_DIR usi FILE
//
// tsshogi (ShogiHome's library, pinned by run.sh): importKIF, importKI2,
// importCSA or importJKFString on each file of LIST (one path a line, UTF-8
// files), then isValidMove and doMove for every move.  shogiops (lishogi's
// rules library): each line of FILE is a USI "position ... moves ..." record
// of standard shogi; parseSfen, then parseUsi, isLegal and play for every move.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const [peer, modules, format, input] = process.argv.slice(2);
let plies = 0, invalid = 0;

if (peer === 'tsshogi') {
  const ts = await import(pathToFileURL(path.join(modules, 'tsshogi', 'dist', 'esm', 'index.mjs')).href);
  const importer = { kif: ts.importKIF, ki2: ts.importKI2, csa: ts.importCSA, jkf: ts.importJKFString }[format];
  if (!importer) throw new Error(`peers.mjs: no tsshogi reader for ${format}`);
  for (const file of readFileSync(input, 'utf8').split('\n')) {
    if (!file) continue;
    const record = importer(readFileSync(file, 'utf8'));
    if (record instanceof Error) { invalid++; continue; }
    const pos = record.initialPosition.clone();
    for (const node of record.moves) {
      if (!(node.move instanceof ts.Move)) continue;
      if (!pos.isValidMove(node.move)) { invalid++; break; }
      pos.doMove(node.move);
      plies++;
    }
  }
} else if (peer === 'shogiops') {
  const load = (m) => import(pathToFileURL(path.join(modules, 'shogiops', 'dist', m)).href);
  const { parseSfen, initialSfen } = await load('sfen.js');
  const { parseUsi } = await load('util.js');
  const startpos = initialSfen('standard');
  for (const line of readFileSync(input, 'utf8').split('\n')) {
    const m = /^position (startpos|sfen (\S+ \S+ \S+ \S+))(?: moves (.*))?$/.exec(line);
    if (!m) continue;
    const start = parseSfen('standard', m[1] === 'startpos' ? startpos : m[2]);
    if (start.isErr) { invalid++; continue; }
    const pos = start.value;
    for (const usi of (m[3] || '').split(' ')) {
      if (!usi) continue;
      const move = parseUsi(usi);
      if (!move || !pos.isLegal(move)) { invalid++; break; }
      pos.play(move);
      plies++;
    }
  }
} else {
  throw new Error(`peers.mjs: unknown peer ${peer}`);
}
console.log(`${plies} plies, ${invalid} invalid`);
