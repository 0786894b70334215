// index-explore.mjs - kifu-index's explorer pages in a real browser
// (headless Chromium through puppeteer-core, installed by
// tests/golden/index-html.sh): each move's row against the JSON the same
// command writes, the board and hands against the position's SFEN, hostile
// text shown as text, and no request to the network.
//
//     node index-explore.mjs MODULES_DIR CHROMIUM OUTDIR NAME...
//
// OUTDIR holds NAME.html and NAME.json for each NAME; a screenshot of each
// page is written there as NAME.png.  Prints one line per failed check and,
// last, "ok: N checks" (tests/node/browser.mjs).
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launch, check, finish } from './browser.mjs';

const [modules, chromium, out, ...names] = process.argv.slice(2);

// The pieces of an SFEN's board, as "file rank side" strings, read here.
function sfenSquares(sfen) {
	const rows = sfen.split(' ')[0].split('/');
	const files = rows[0].match(/\d+|\+?[A-Za-z]['!]?/g)
		.reduce((n, t) => n + (/^\d/.test(t) ? Number(t) : 1), 0);
	const squares = [];
	rows.forEach((row, r) => {
		let f = files;
		for (const t of row.match(/\d+|\+?[A-Za-z]['!]?/g)) {
			if (/^\d/.test(t)) {
				f -= Number(t);
				continue;
			}
			squares.push(`${f} ${r} ${t === t.toUpperCase() ? 'sente' : 'gote'}`);
			f--;
		}
	});
	return {files, ranks: rows.length, squares: squares.sort()};
}

const browser = await launch(modules, chromium);

for (const name of names) {
	const want = JSON.parse(readFileSync(path.join(out, `${name}.json`), 'utf8'));
	const page = await browser.newPage();
	await page.setViewport({width: 1280, height: 900});
	const url = pathToFileURL(path.join(out, `${name}.html`)).href;
	const requests = [];
	await page.setRequestInterception(true);
	page.on('request', (req) => {
		requests.push(req.url());
		if (req.url() === url)
			req.continue();
		else
			req.abort();
	});
	const errors = [];
	page.on('pageerror', (e) => errors.push(e.message));
	await page.goto(url);

	const shown = await page.evaluate(() => ({
		position: document.querySelector('#position code').textContent,
		games: document.querySelector('#games').textContent,
		rows: [...document.querySelectorAll('#moves tr')].slice(1).map((tr) =>
			[...tr.querySelectorAll('td')].map((td) => td.textContent)),
		bars: [...document.querySelectorAll('#moves .bar')].map((b) =>
			[...b.querySelectorAll('span')].map((s) => s.getBoundingClientRect().width)),
		cells: [...document.querySelectorAll('#board tr')].slice(1).map((tr) =>
			[...tr.querySelectorAll('td')].map((td) => [td.textContent, td.className])),
		images: document.querySelectorAll('img').length,
		hands: ['sente', 'gote'].map((side) => document.querySelector(`#hand-${side}`).textContent),
	}));
	check(`${name}: the position`, shown.position === want.position, shown.position);
	check(`${name}: the games`, shown.games.startsWith(`${want.games} game${want.games === 1 ? '' : 's'}: Sente won ${want.sente}, ` +
		`Gote ${want.gote}, drawn ${want.draw}; ${want.ended} end here`), shown.games);
	check(`${name}: a row per move`, shown.rows.length === want.moves.length,
		`${shown.rows.length} rows, ${want.moves.length} moves`);
	want.moves.forEach((m, i) => {
		const r = shown.rows[i] || [];
		const expect = [m.move, String(m.games), String(m.sente), String(m.draw), String(m.gote), '',
			m.average_plies.toFixed(2), m.first_date || '', m.last_date || '', m.position];
		check(`${name}: row ${i + 1}`, JSON.stringify(r) === JSON.stringify(expect),
			`${JSON.stringify(r)} != ${JSON.stringify(expect)}`);
		// the bar: Sente, draw, Gote in proportion to their games
		const [s, d, g] = shown.bars[i] || [0, 0, 0];
		const decided = m.sente + m.draw + m.gote;
		if (decided)
			check(`${name}: row ${i + 1}'s bar`, Math.abs(s / (s + d + g) - m.sente / decided) < 0.02 &&
				Math.abs(g / (s + d + g) - m.gote / decided) < 0.02, `${s} ${d} ${g}`);
	});
	// the board: each occupied square where the SFEN has a piece, Gote's turned
	const sq = sfenSquares(want.position);
	check(`${name}: the board's size`, shown.cells.length === sq.ranks &&
		shown.cells.every((row) => row.length === sq.files));
	const pieces = [];
	shown.cells.forEach((row, r) => row.forEach(([text, cls], i) => {
		if (text)
			pieces.push(`${sq.files - i} ${r} ${cls === 'gote' ? 'gote' : 'sente'}`);
	}));
	check(`${name}: the pieces`, JSON.stringify(pieces.sort()) === JSON.stringify(sq.squares));
	// the hands: a side's pieces (uppercase Sente's in the SFEN), or "none"
	const hand = want.position.split(' ')[2];
	['sente', 'gote'].forEach((side, i) => {
		const has = side === 'sente' ? /[A-Z]/.test(hand) : /[a-z]/.test(hand);
		check(`${name}: ${side}'s hand`, shown.hands[i].endsWith('none') === !has, shown.hands[i]);
	});
	check(`${name}: no markup from a record`, shown.images === 0);
	check(`${name}: no request to the network`, requests.every((u) => u === url), requests.join(' '));
	check(`${name}: no script error`, errors.length === 0, errors.join(' | '));
	await page.screenshot({path: path.join(out, `${name}.png`), fullPage: true});
	await page.close();
}
await finish(browser);
