// chu-check.mjs - shogiops (lishogi's rules library) checking every move of
// Chu Shogi records in the compact notation, the way a user of shogiops
// validates a game: parseUsi, isLegal, play.  For `make bench`
// (bench/run.sh), beside kifu-validate on the same records.
//
//     node chu-check.mjs MODULES_DIR FILE.compact
//
// Prints "P plies, I invalid".
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const [modules, file] = process.argv.slice(2);
const load = (m) => import(pathToFileURL(path.join(modules, 'shogiops', 'dist', m)).href);
const { parseSfen, initialSfen } = await load('sfen.js');
const { parseUsi } = await load('util.js');

const start = parseSfen('chushogi', initialSfen('chushogi')).unwrap();
let plies = 0, invalid = 0;
for (const line of readFileSync(file, 'utf8').split('\n')) {
	const at = line.indexOf(' : ');
	if (!line.startsWith('chu') || at < 0) continue;
	const pos = start.clone();
	for (const usi of line.slice(at + 3).split(' ')) {
		if (!usi) continue;
		const move = parseUsi(usi);
		if (!move || !pos.isLegal(move)) {
			invalid++;
			break;
		}
		pos.play(move);
		plies++;
	}
}
console.log(`${plies} plies, ${invalid} invalid`);
