// chu-kif-read.mjs - reads the Chu Shogi KIF that kifu writes with shogiops'
// KIF reader (lishogi's client library), for tests/golden/chu-shogiops.sh to
// compare with kifu's own reading, one record per line:
//
//     node chu-kif-read.mjs MODULES_DIR FILE.kif
//         each record's moves in USI;
//     node chu-kif-read.mjs MODULES_DIR --positions FILE.kif
//         each record's start (its board diagram, read by parseKifHeader,
//         as lishogi's editor imports one), a tab, and the position after
//         its moves (played on that start, each checked legal), as SFENs.
//
// shogiops' move reader takes what lishogi writes with two exceptions, which
// this script works around rather than counts as differences (its limits,
// not kifu's): a piece name of three characters (金飛車, a promoted Gold)
// does not fit its pattern, so the name is shortened to 飛車 (the name does
// not decide the move: the squares do); and 仝 in the first line of a
// two-step move is not resolved, so the previous move's square is put in its
// place.
import { readFileSync } from 'node:fs';
import { loader } from './chu-random.mjs';

const args = process.argv.slice(2);
const positions = args[1] === '--positions';
const [modules, file] = positions ? [args[0], args[2]] : args;
const load = loader(modules);
const { parseKifHeader, parseKifMovesOrDrops } = await load('notation/kif.js');
const { makeSfen } = await load('sfen.js');
const { makeUsi } = await load('util.js');

const kanji = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
function rankKanji(n) {
	return n < 10 ? kanji[n] : n === 10 ? '十' : '十' + kanji[n - 10];
}
// shogiops' squares: file in the low four bits, rank above
const squareName = (sq) => `${(sq & 15) + 1}${rankKanji((sq >> 4) + 1)}`;

const text = readFileSync(file, 'utf8');
for (const record of text.split(/^#KIF[^\n]*\n/m).filter((r) => r.trim())) {
	const lines = record
		.split('\n')
		.filter((l) => /^\s*\d+\s*手目/.test(l) && !/投了|中断|詰み|千日手|切れ負け|反則/.test(l))
		.map((l) => l.replace(/^\s*\d+\s*手目/, '').replace(/金飛車/g, '飛車'));
	const moves = [];
	let lastDest;
	for (let i = 0; i < lines.length; i++) {
		let batch = [lines[i]];
		if (lines[i].includes('一歩目')) {
			batch = [lines[i].replace('仝', lastDest === undefined ? '仝' : squareName(lastDest)), lines[++i]];
		}
		const parsed = parseKifMovesOrDrops(batch, lastDest);
		if (parsed.length !== 1) {
			moves.push(`unreadable: ${batch.join(' / ')}`);
			break;
		}
		moves.push(parsed[0]);
		lastDest = parsed[0].to;
	}
	if (!positions) {
		console.log(moves.map((m) => (typeof m === 'string' ? m : makeUsi(m))).join(' '));
		continue;
	}
	const pos = parseKifHeader(record).unwrap();
	const start = makeSfen(pos);
	let bad = '';
	for (const [i, m] of moves.entries()) {
		if (typeof m === 'string' || !pos.isLegal(m)) {
			bad = typeof m === 'string' ? m : `illegal at ply ${i + 1}`;
			break;
		}
		pos.play(m);
	}
	console.log(`${start}\t${bad || makeSfen(pos)}`);
}
