// chu-random.mjs - what the Chu Shogi scripts that run shogiops (lishogi's
// rules library) share: loading its modules, a seeded generator, and every
// move shogiops allows in a position.  Imported by chu-games.mjs,
// chu-setup.mjs, chu-kif-read.mjs and chu-recount.mjs, never run alone.
import { pathToFileURL } from 'node:url';
import path from 'node:path';

// shogiops' module M (dist/M) under MODULES_DIR.
export function loader(modules) {
	return (m) => import(pathToFileURL(path.join(modules, 'shogiops', 'dist', m)).href);
}

// mulberry32: a small seeded generator, enough to pick moves; the same seed
// gives the same numbers.
export function seeded(seed) {
	let state = Number(seed) >>> 0;
	const random = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return { random, pick: (list) => list[Math.floor(random() * list.length)] };
}

export const lionRoles = ['lion', 'lionpromoted'];
const lionPower = ['lion', 'lionpromoted', 'eagle', 'falcon'];

// legalMoves(pos): every move shogiops allows in pos, (from, to, promotion)
// of moveDests and the Lion second steps of secondLionStepDests.
export async function movesOf(modules) {
	const load = loader(modules);
	const { secondLionStepDests } = await load('variant/chushogi.js');
	const { pieceCanPromote, pieceForcePromote } = await load('variant/util.js');
	return function legalMoves(pos) {
		const out = [];
		for (const [from, dests] of pos.allMoveDests()) {
			const piece = pos.board.get(from);
			for (const to of dests) {
				if (pieceCanPromote(pos.rules)(piece, from, to, pos.board.get(to))) {
					out.push({ from, to, promotion: true });
					if (!pieceForcePromote(pos.rules)(piece, to)) out.push({ from, to, promotion: false });
				} else out.push({ from, to, promotion: false });
				if (lionPower.includes(piece.role))
					for (const second of secondLionStepDests(pos, from, to))
						out.push({ from, to: second, midStep: to, promotion: false });
			}
		}
		return out;
	};
}
