// taikyoku-site.mjs - the Taikyoku website's own move generator
// (taikyoku-shogi.github.io: src/lib/Game.ts and the modules it imports),
// bundled for Node.js with esbuild, from the start position: each of the
// first side's moves in kifu's square names (file 36 - x, rank y + 1, ranks
// past z two letters) with the count of the replies to it, one per line.
// Run by tests/peers/taikyoku-site.sh, which gives esbuild's prefix and the
// site's checkout: node taikyoku-site.mjs PREFIX SITE
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const [prefix, site] = process.argv.slice(2);
const esbuild = createRequire(path.resolve(prefix, 'x.js'))('esbuild');

// The site's build reads pieces.csv with @rollup/plugin-dsv (rows as objects
// keyed by the header) and initial.tsfen?raw as text; its user interface
// modules (sweetalert2, preact, CSS) are stubbed out.
function csvRows(text) {
	const rows = [];
	let row = [], field = '', quoted = false;
	for (let i = 0; i < text.length; i++) {
		const c = text[i];
		if (quoted) {
			if (c !== '"') field += c;
			else if (text[i + 1] === '"') field += '"', i++;
			else quoted = false;
		} else if (c === '"') quoted = true;
		else if (c === ',') row.push(field), field = '';
		else if (c === '\n') row.push(field), rows.push(row), row = [], field = '';
		else if (c !== '\r') field += c;
	}
	if (field || row.length) row.push(field), rows.push(row);
	const [head, ...rest] = rows;
	return rest.filter(r => r.length > 1).map(r => Object.fromEntries(head.map((h, i) => [h, r[i]])));
}
const assets = { name: 'assets', setup(b) {
	b.onResolve({ filter: /^(sweetalert2|sweetalert2-react-content|preact.*)$|\.css$/ },
		a => ({ path: a.path, namespace: 'stub' }));
	b.onLoad({ filter: /.*/, namespace: 'stub' },
		() => ({ contents: 'export default new Proxy(function () {}, { get: () => () => {} });', loader: 'js' }));
	b.onResolve({ filter: /\?raw$/ },
		a => ({ path: path.resolve(a.resolveDir, a.path.replace(/\?raw$/, '')), namespace: 'raw' }));
	b.onLoad({ filter: /.*/, namespace: 'raw' },
		a => ({ contents: 'export default ' + JSON.stringify(fs.readFileSync(a.path, 'utf8')), loader: 'js' }));
	b.onLoad({ filter: /\.csv$/ },
		a => ({ contents: 'export default ' + JSON.stringify(csvRows(fs.readFileSync(a.path, 'utf8'))), loader: 'js' }));
} };

const entry = `
import Game from ${JSON.stringify(path.resolve(site, 'src/lib/Game'))};
import { initialTsfen } from ${JSON.stringify(path.resolve(site, 'src/lib/pieceData'))};
const out = console.log;
console.log = () => {}; // (the Game constructor logs its move count)
const rank = y => y < 26 ? String.fromCharCode(97 + y) : 'a' + String.fromCharCode(97 + y - 26);
const square = p => (36 - p[0]) + rank(p[1]);
const name = m => square(m.start) + (m.intermediateSteps || []).map(square).join('') + square(m.end);
const start = new Game(initialTsfen);
const lines = [];
for (let x = 0; x < 36; x++)
	for (let y = 18; y < 36; y++)
		for (const m of start.getMovesAtSquareDisregardingCurrentPlayer([x, y])) {
			const g = new Game(initialTsfen);
			g.makeMove(m);
			let n = 0;
			for (let i = 0; i < 36; i++)
				for (let j = 0; j < 36; j++)
					n += g.getMovesAtSquare([i, j]).length;
			lines.push(name(m) + ' ' + n);
		}
out(lines.sort().join('\\n'));
`;
const result = await esbuild.build({
	stdin: { contents: entry, resolveDir: site, loader: 'js' },
	bundle: true, write: false, format: 'esm', platform: 'node', plugins: [assets], logLevel: 'error',
});
const bundle = path.resolve(prefix, 'taikyoku-site.bundle.mjs');
fs.writeFileSync(bundle, result.outputFiles[0].text);
await import(bundle);
