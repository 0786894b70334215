// chu-games.mjs - random Chu Shogi games played by shogiops (lishogi's rules
// library, a test-only dependency installed by tests/golden/chu-shogiops.sh),
// written as compact records for kifu to check, independently of libkifu.
//
//     node chu-games.mjs MODULES_DIR legal N PLIES SEED
//         N games of at most PLIES plies, each move chosen at random among
//         every move shogiops allows (Lion second steps included), until
//         the game ends; each record is followed by "# sfen: " and the
//         final position as shogiops writes it.
//     node chu-games.mjs MODULES_DIR illegal N PLIES SEED
//         N games that end in an illegal move of a chosen kind, tagged
//         x-kind=lion-protected (a Lion takes a protected Lion that is not
//         next to it), x-kind=counter-strike (right after a non-Lion took a
//         Lion, a non-Lion takes a Lion elsewhere) or x-kind=own-piece (a
//         move onto a piece of one's own), and expect-ply=K, the ply of the
//         illegal move: every earlier move is legal.
//
// The PRNG is seeded: the same arguments give the same records.
import { loader, seeded, movesOf, lionRoles } from './chu-random.mjs';

const [modules, mode, nArg, pliesArg, seedArg] = process.argv.slice(2);
const load = loader(modules);
const { parseSfen, makeSfen, initialSfen } = await load('sfen.js');
const { makeUsi } = await load('util.js');
const { attacks } = await load('attacks.js');
const legalMoves = await movesOf(modules);
const { random, pick } = seeded(seedArg);

// The illegal moves of a kind pos offers: captures the piece's own
// movement reaches (its attacks) but the Lion-trading rules forbid.
function violations(pos, kind) {
	const out = [];
	const us = pos.turn, them = us === 'sente' ? 'gote' : 'sente';
	const theirLions = pos.board.color(them).intersect(pos.board.roles(...lionRoles));
	for (const from of pos.board.color(us)) {
		const piece = pos.board.get(from);
		const reach = attacks(piece, from, pos.board.occupied);
		for (const to of reach.intersect(theirLions)) {
			const move = { from, to, promotion: false };
			if (pos.isLegal(move)) continue;
			const lion = lionRoles.includes(piece.role);
			if (kind === 'lion-protected' && lion) out.push(move);
			if (kind === 'counter-strike' && !lion && pos.lastLionCapture !== undefined) out.push(move);
		}
	}
	if (kind === 'own-piece')
		for (const from of pos.board.color(us)) {
			const own = attacks(pos.board.get(from), from, pos.board.occupied).intersect(pos.board.color(us));
			for (const to of own) out.push({ from, to, promotion: false });
		}
	return out;
}

const usi = (m) => makeUsi(m);
const start = () => parseSfen('chushogi', initialSfen('chushogi')).unwrap();
const n = Number(nArg), plies = Number(pliesArg);

if (mode === 'legal') {
	for (let g = 0; g < n; g++) {
		const pos = start();
		const moves = [];
		while (moves.length < plies && !pos.isEnd()) {
			const m = pick(legalMoves(pos));
			moves.push(usi(m));
			pos.play(m);
		}
		console.log(`chu : ${moves.join(' ')}`);
		console.log(`# sfen: ${makeSfen(pos)}`);
	}
} else {
	const kinds = ['lion-protected', 'counter-strike', 'own-piece'];
	for (let g = 0; g < n; g++) {
		const kind = kinds[g % kinds.length];
		// play random games until one offers a violation of this kind
		for (let tries = 0; ; tries++) {
			if (tries > 20000) throw new Error(`no ${kind} violation found`);
			const pos = start();
			const moves = [];
			let done = false;
			while (moves.length < plies && !pos.isEnd()) {
				const bad = violations(pos, kind);
				// the Lion-trading cases are rare: take them when offered
				if (bad.length && (kind !== 'own-piece' || random() < 0.05)) {
					moves.push(usi(pick(bad)));
					console.log(`chu x-kind=${kind} expect-ply=${moves.length} : ${moves.join(' ')}`);
					done = true;
					break;
				}
				const legal = legalMoves(pos);
				// steer toward Lion fights: prefer captures half the time
				const captures = legal.filter((m) => pos.board.get(m.to));
				const m = captures.length && random() < 0.5 ? pick(captures) : pick(legal);
				moves.push(usi(m));
				pos.play(m);
			}
			if (done) break;
		}
	}
}
