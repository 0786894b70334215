// tsshogi-read.mjs - reads records with tsshogi (ShogiHome's TypeScript
// shogi library: a reader independent of libkifu, a test-only dependency
// installed by tests/golden/tsshogi.sh) and prints what it read, for the
// test to compare with what kifu reads.
//
//     node tsshogi-read.mjs MODULES_DIR FORMAT FILE...
//
// FORMAT: the importer to use, or auto (tsshogi's detectRecordFormat):
//
//     kif  importKIF        ki2  importKI2        csa  importCSA
//     jkf  importJKFString  usi  Record.newByUSI   (one record per file)
//
// A format is one row of `importers` below: another is one more row.
// Files are UTF-8, or Shift_JIS when they are not valid UTF-8.  For each
// file, three lines (its main line: the first branch at every ply):
//
//     FILE sfen SFEN      the start position (move number 1)
//     FILE moves M...     the moves in USI (7g7f 8h2b+ P*5e), "-" if none
//     FILE ending WORD    the ending in kifu's words (kifu/vocabulary.h),
//                         "-" if none, "other:NAME" for one kifu has no word for
//
// or one line "FILE error MESSAGE" when tsshogi refuses the file (the exit
// status is then 1).  With TSSHOGI_TIMES=1 in the environment, a fourth:
//
//     FILE times ( 0:12/00:00:12) ...   the time field of each line of the
//                         KIF tsshogi writes of what it read: each move's time
//                         as read, and the totals tsshogi adds up from them
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const [modules, format, ...files] = process.argv.slice(2);
const tsshogi = await import(pathToFileURL(path.join(modules, 'tsshogi', 'dist', 'esm', 'index.mjs')).href);

const importers = {
  kif: tsshogi.importKIF,
  ki2: tsshogi.importKI2,
  csa: tsshogi.importCSA,
  jkf: tsshogi.importJKFString,
  usi: (text) => tsshogi.Record.newByUSI(text.trim()),
};

// tsshogi's detectRecordFormat answers with a RecordFormatType.
function detected(text) {
  const t = tsshogi.RecordFormatType;
  switch (tsshogi.detectRecordFormat(text)) {
    case t.KIF: return 'kif';
    case t.KI2: return 'ki2';
    case t.CSA: return 'csa';
    case t.JKF: return 'jkf';
    default: return 'usi';
  }
}

// tsshogi's special moves (SpecialMoveType) in kifu's words; and the
// Kakinoki words it keeps as they are written (an "any" special move).
const endings = {
  resign: 'resign', interrupt: 'abort', repetitionDraw: 'repetition', impass: 'impasse',
  mate: 'mate', noMate: 'nomate', timeout: 'timeout', foulWin: 'illegal-win',
  foulLose: 'illegal-loss', enteringOfKing: 'declare-win', draw: 'draw',
};
const named = {
  封じ手: 'sealed', 引き分け: 'draw', 待った: 'matta', エラー: 'error',
  MATTA: 'matta', ERROR: 'error', // CSA's and JKF's words, kept as written
};

function decode(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('shift_jis').decode(bytes);
  }
}

// The start SFEN with move number 1 (kifu's board diagrams give no other).
function startSfen(record) {
  return record.initialPosition.sfen.replace(/ \d+$/, ' 1');
}

// The special move that ends the main line, as written (CSA's last %
// line, JKF's last element of moves), without CSA's '%'; '' if none.
function mainSpecial(fmt, text) {
  if (fmt === 'jkf') {
    try {
      return JSON.parse(text).moves.at(-1).special ?? '';
    } catch {
      return '';
    }
  }
  if (fmt === 'csa') {
    const specials = text.split(/\r?\n/).filter((l) => l.startsWith('%'));
    return specials.length ? specials.at(-1).slice(1).split(',')[0] : '';
  }
  return '';
}

let status = 0;
for (const file of files) {
  const text = decode(readFileSync(file));
  const fmt = format === 'auto' ? detected(text) : format;
  const importer = importers[fmt];
  const record = importer ? importer(text) : new Error(`no importer for ${fmt}`);
  if (record instanceof Error) {
    console.log(`${file} error ${record.message}`);
    status = 1;
    continue;
  }
  const moves = [];
  let ending = '-';
  // record.moves: the active line, from the start (ply 0) on
  for (const node of record.moves.slice(1)) {
    if (node.move instanceof tsshogi.Move) {
      moves.push(node.move.usi);
    } else {
      const type = node.move.type;
      ending = type === 'any' ? (named[node.move.name] ?? `other:${node.move.name}`) :
                                (endings[type] ?? `other:${type}`);
      break;
    }
  }
  // tsshogi reads CSA's and JKF's ±ILLEGAL_ACTION backwards: "+ILLEGAL_ACTION"
  // is Sente's illegal act, Sente lost (the CSA's record format, V2.2 and
  // V3.0), where tsshogi makes it Sente's win when Sente is to move.  Its
  // reading is turned round here so that the rest of the record is compared.
  if (/^[+-]ILLEGAL_ACTION$/.test(mainSpecial(fmt, text)))
    ending = { 'illegal-win': 'illegal-loss', 'illegal-loss': 'illegal-win' }[ending] ?? ending;
  console.log(`${file} sfen ${startSfen(record)}`);
  console.log(`${file} moves ${moves.length ? moves.join(' ') : '-'}`);
  console.log(`${file} ending ${ending}`);
  if (process.env.TSSHOGI_TIMES === '1') {
    const fields = tsshogi.exportKIF(record).split(/\r?\n/)
      .map((l) => /\(\s*\d+:\d+\/[\d:]*\)/.exec(l)).filter((m) => m).map((m) => m[0]);
    console.log(`${file} times ${fields.length ? fields.join(' ') : '-'}`);
  }
}
process.exit(status);
