// chu-setup.mjs - Chu Shogi games from set-up positions, made and read by
// shogiops (lishogi's rules library, a test-only dependency installed by
// tests/golden/chu-shogiops.sh), for kifu to read and to be read back.
//
//     node chu-setup.mjs MODULES_DIR make N PLIES SEED DIR
//         N games, each from a set-up position and then up to PLIES random
//         moves shogiops allows.  The starts: the start position with
//         pieces promoted, moved and taken off at random (every promoted
//         type appears), either side to move; and, one game in four, a
//         position right after a piece other than a Lion took a Lion
//         (reached by random play), whose SFEN carries the counter-strike
//         square in field 3.  Writes DIR/games.tsv (one game a line: its
//         number, the start's SFEN, the moves in USI, the final SFEN),
//         DIR/games.usi (the USI line of each game: position sfen ...
//         moves ...), and, for each game whose start a KIF diagram can
//         draw (no counter-strike square), DIR/NNN.kif: the KIF lishogi
//         writes, its header from shogiops' makeKifHeader (the board
//         diagram) and its moves from makeKifMoveOrDrop, laid out as
//         lishogi's analysis board exports them (ui/analyse/src/
//         notation-export.ts: 先手：, 後手：, the move header, `  1 手目 `
//         lines) for even games, and as its server does (scalashogi
//         KifModel: `   1手目   `, the promoted Pawn 杏 in the diagram) for
//         odd ones; and DIR/NNN.diagram, shogiops' diagram alone.
//     node chu-setup.mjs MODULES_DIR export SFEN MOVE...
//         The KIF lishogi's analysis board exports for the game from SFEN
//         with those moves (USI), as `make` writes its even games.
//     node chu-setup.mjs MODULES_DIR read-usi FILE.usi
//         Each line's SFEN set up by shogiops and its moves played (each
//         checked legal): prints the final SFEN, or "illegal at ply K".
//
// The PRNG is seeded: the same arguments give the same games.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loader, seeded, movesOf } from './chu-random.mjs';

const [modules, mode, ...rest] = process.argv.slice(2);
const load = loader(modules);
const { parseSfen, makeSfen, initialSfen } = await load('sfen.js');
const { makeUsi, parseUsi } = await load('util.js');
const { makeKifHeader, makeKifMoveOrDrop } = await load('notation/kif.js');
const { promote, fullSquareSet } = await load('variant/util.js');

if (mode === 'read-usi') {
	for (const line of readFileSync(rest[0], 'utf8').split('\n')) {
		const m = line.match(/^position sfen (.*?)(?: moves (.*))?$/);
		if (!m) continue;
		const pos = parseSfen('chushogi', m[1]).unwrap();
		const usis = m[2] ? m[2].split(' ') : [];
		let bad = 0;
		for (let i = 0; i < usis.length && !bad; i++) {
			const move = parseUsi(usis[i]);
			if (!move || !pos.isLegal(move)) bad = i + 1;
			else pos.play(move);
		}
		console.log(bad ? `illegal at ply ${bad}` : makeSfen(pos));
	}
	process.exit(0);
}

// The move lines of KIF for shogiops' move words (makeKifMoveOrDrop): as
// lishogi's server numbers them (scalashogi KifModel: `%4d手目`, three
// spaces), or as its analysis board's export does (notation-export.ts:
// right-aligned to one more column than the number of the main line's
// nodes, the moves and the root, needs, then a space and 手目, and a space).
function moveLines(words, server) {
	const lines = [];
	for (const [i, w] of words.entries()) {
		const number = server
			? `${String(i + 1).padStart(4)}手目`
			: `${String(i + 1).padStart(String(words.length + 1).length + 1)} 手目`;
		if (w.includes('\n')) for (const step of w.split('\n')) lines.push(number + step);
		else lines.push(`${number}${server ? '   ' : ' '}${w}`);
	}
	return lines;
}

// A KIF file: the diagram, 先手：, 後手：, the move header, the move lines.
const kifFile = (diagram, lines) =>
	[diagram, '先手：', '後手：', '手数----指手---------消費時間--', ...lines].join('\n') + '\n';

if (mode === 'export') {
	const pos = parseSfen('chushogi', rest[0]).unwrap();
	const header = makeKifHeader(pos), words = [];
	let lastDest;
	for (const m of rest.slice(1).map((u) => parseUsi(u))) {
		words.push(makeKifMoveOrDrop(pos, m, lastDest));
		lastDest = m.to;
		pos.play(m);
	}
	process.stdout.write(kifFile(header, moveLines(words, false)));
	process.exit(0);
}

const [nArg, pliesArg, seedArg, dir] = rest;
const legalMoves = await movesOf(modules);
const { random, pick } = seeded(seedArg);
const start = () => parseSfen('chushogi', initialSfen('chushogi')).unwrap();

// The start position scrambled: each piece but the kings promoted (half
// the time, if it can be), moved to an empty square, or taken off; a
// position shogiops accepts (no side attacking the other's king while not
// to move), with move number 1.
function scrambled() {
	for (;;) {
		const pos = start();
		const squares = [...fullSquareSet('chushogi')];
		for (const sq of squares) {
			const piece = pos.board.get(sq);
			if (!piece || piece.role === 'king') continue;
			const up = promote('chushogi')(piece.role);
			if (up && random() < 0.5) pos.board.set(sq, { role: up, color: piece.color });
			const r = random();
			if (r < 0.1) pos.board.take(sq);
			else if (r < 0.35) {
				const to = pick(squares.filter((s) => !pos.board.get(s)));
				pos.board.set(to, pos.board.take(sq));
			}
		}
		pos.turn = random() < 0.5 ? 'sente' : 'gote';
		const sfen = makeSfen(pos).replace(/ \d+$/, ' 1');
		const again = parseSfen('chushogi', sfen, true);
		if (again.isOk) return again.value;
	}
}

// A position right after a piece other than a Lion took a Lion, reached by
// random play that prefers captures (Lion fights come soon).
function afterLionCapture() {
	for (;;) {
		const pos = start();
		for (let ply = 0; ply < 400 && !pos.isEnd(); ply++) {
			const legal = legalMoves(pos);
			const captures = legal.filter((m) => pos.board.get(m.to));
			pos.play(captures.length && random() < 0.7 ? pick(captures) : pick(legal));
			if (pos.lastLionCapture !== undefined) return parseSfen('chushogi', makeSfen(pos)).unwrap();
		}
	}
}

mkdirSync(dir, { recursive: true });
const tsv = [], usiLines = [];
for (let g = 1; g <= Number(nArg); g++) {
	const pos = g % 4 === 0 ? afterLionCapture() : scrambled();
	const startSfen = makeSfen(pos);
	const header = makeKifHeader(pos);
	const count = Math.floor(random() * (Number(pliesArg) + 1));
	const moves = [], words = [];
	let lastDest;
	while (moves.length < count && !pos.isEnd()) {
		const m = pick(legalMoves(pos));
		words.push(makeKifMoveOrDrop(pos, m, lastDest));
		moves.push(makeUsi(m));
		lastDest = m.to;
		pos.play(m);
	}
	tsv.push(`${g}\t${startSfen}\t${moves.join(' ')}\t${makeSfen(pos)}`);
	usiLines.push(`position sfen ${startSfen}${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
	if (g % 4 === 0) continue; // a KIF diagram has no counter-strike square
	const name = path.join(dir, String(g).padStart(3, '0'));
	// lishogi's server draws the promoted Pawn 杏 (KifUtils.toKifBoardChushogi),
	// right-aligned in its three characters as every cell
	const diagram = g % 2 ? header.replace(/v成歩/g, ' v杏').replace(/ 成歩/g, '  杏') : header;
	writeFileSync(`${name}.diagram`, `${header}\n`);
	writeFileSync(`${name}.kif`, kifFile(diagram, moveLines(words, g % 2 === 1)));
}
writeFileSync(path.join(dir, 'games.tsv'), tsv.join('\n') + '\n');
writeFileSync(path.join(dir, 'games.usi'), usiLines.join('\n') + '\n');
