// html-replay.mjs - kifu-replay's HTML pages in a real browser (headless
// Chromium through puppeteer-core, installed by tests/golden/html.sh): the
// keys, the position shown at each ply against kifu-replay --format=sfen,
// variations, the flip, the address's fragment, the hands, comments, the
// escaping of hostile text, and no request to the network.
//
//     node html-replay.mjs MODULES_DIR CHROMIUM BINDIR OUTDIR
//
// OUTDIR holds the pages html.sh wrote (dai.html, chu.html, shogi.html,
// evil.html) and their inputs; the screenshots are written there.  Prints
// one line per failed check and, last, "ok: N checks".
import { pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { check, finish, launch } from './browser.mjs';

const [modules, chromium, bin, out] = process.argv.slice(2);

// What kifu-replay says of a position: its SFEN (one line), for a main-line
// ply of a record of a file.
function sfenAt(file, ply, extra = []) {
	return execFileSync(path.join(bin, 'kifu-replay'), ['--format=sfen', '--ply', String(ply), ...extra, file],
		{encoding: 'utf8'}).trim();
}
// A line of play of its own as a compact record: the SFEN after its moves.
function sfenOfMoves(variant, moves) {
	return execFileSync(path.join(bin, 'kifu-replay'), ['--format=sfen'],
		{input: `${variant} : ${moves}\n`, encoding: 'utf8'}).trim();
}

// The board of an SFEN as sorted "square side PIECE" strings, and its hands
// as "side PIECE count" strings: read here, not by the page's script.
function sfenPieces(sfen, files, drops) {
	const [board, , hands] = sfen.split(' ');
	const pieces = [];
	board.split('/').forEach((row, r) => {
		let f = files;
		for (const t of row.match(/\d+|\+?[A-Za-z]['!]?/g)) {
			if (/^\d/.test(t)) {
				f -= Number(t);
				continue;
			}
			const side = t === t.toUpperCase() ? 'sente' : 'gote';
			pieces.push(`${f}${String.fromCharCode(97 + r)} ${side} ${t.toUpperCase()}`);
			f--;
		}
	});
	const hand = [];
	if (drops && hands !== '-')
		for (const [, n, t] of hands.matchAll(/(\d*)(\+?[A-Za-z]['!]?)/g))
			hand.push(`${t === t.toUpperCase() ? 'sente' : 'gote'} ${t.toUpperCase()} ${n || 1}`);
	return {pieces: pieces.sort(), hand: hand.sort()};
}

// What the page shows: every piece's data-square/data-side/data-piece, the
// hands, the ply, line and marks.
async function shown(page) {
	return page.evaluate(() => {
		const board = document.getElementById('board');
		const pieces = Array.from(document.querySelectorAll('#pieces [data-square]'),
			(e) => `${e.dataset.square} ${e.dataset.side} ${e.dataset.piece}`).sort();
		const hand = Array.from(document.querySelectorAll('.hand .hand-piece'),
			(e) => `${e.dataset.side} ${e.dataset.piece} ${e.dataset.count}`).sort();
		const marks = {};
		for (const e of document.querySelectorAll('#marks rect, #marks-over rect'))
			marks[e.getAttribute('class')] = e.dataset.square;
		return {pieces, hand, marks, ply: Number(board.dataset.ply), line: Number(board.dataset.line),
			record: Number(board.dataset.record), flip: board.dataset.flip === '1', hash: location.hash,
			caption: document.getElementById('caption').textContent,
			comment: document.getElementById('comment').textContent};
	});
}

async function expectPosition(page, name, sfen, files, drops) {
	const want = sfenPieces(sfen, files, drops), got = await shown(page);
	check(`${name}: the pieces`, JSON.stringify(want.pieces) === JSON.stringify(got.pieces),
		`want ${want.pieces.length} pieces, shown ${got.pieces.length}; first difference: ` +
		(want.pieces.find((p) => !got.pieces.includes(p)) || got.pieces.find((p) => !want.pieces.includes(p))));
	if (drops)
		check(`${name}: the hands`, JSON.stringify(want.hand) === JSON.stringify(got.hand),
			`want ${want.hand} shown ${got.hand}`);
	return got;
}

async function press(page, ...keys) {
	for (const k of keys) {
		if (k.startsWith('Shift+')) {
			await page.keyboard.down('Shift');
			await page.keyboard.press(k.slice(6));
			await page.keyboard.up('Shift');
		} else {
			await page.keyboard.press(k);
		}
	}
}

const browser = await launch(modules, chromium);

// A page opened at a fragment, every request it makes recorded (and any
// but its own file refused), its errors reported.
async function open(file, hash = '') {
	const page = await browser.newPage();
	await page.setViewport({width: 1280, height: 800});
	const url = pathToFileURL(path.join(out, file)).href;
	page.requests = [];
	await page.setRequestInterception(true);
	page.on('request', (req) => {
		page.requests.push(req.url());
		if (req.url().split('#')[0] === url)
			req.continue();
		else
			req.abort();
	});
	page.errors = [];
	page.on('pageerror', (e) => page.errors.push(e.message));
	page.on('console', (m) => m.type() === 'error' && page.errors.push(m.text()));
	await page.goto(url + hash);
	page.fileUrl = url;
	return page;
}
async function done(page, name) {
	const others = page.requests.filter((u) => u.split('#')[0] !== page.fileUrl);
	check(`${name}: no request to the network`, others.length === 0, others.join(' '));
	check(`${name}: no script error`, page.errors.length === 0, page.errors.join(' | '));
	await page.close();
}

// --- Dai: a 300-ply random game with two-leg moves ----------------------------
{
	const input = path.join(out, 'dai.compact');
	const moves = readFileSync(input, 'utf8').split(' : ')[1].trim().split(' ');
	const last = moves.length;
	const page = await open('dai.html');
	let got = await expectPosition(page, 'dai ply 0', sfenAt(input, 0), 15, false);
	check('dai: opens at ply 0', got.ply === 0 && got.hash === '#ply=0', `${got.ply} ${got.hash}`);
	await press(page, 'End');
	got = await expectPosition(page, `dai End (ply ${last})`, sfenAt(input, last), 15, false);
	check('dai: End goes to the last ply', got.ply === last, String(got.ply));
	await press(page, 'Home', 'ArrowRight', 'ArrowRight', 'j', 'k', 'j');
	got = await expectPosition(page, 'dai ply 3 by keys', sfenAt(input, 3), 15, false);
	check('dai: Home → → j k j is ply 3', got.ply === 3 && got.hash === '#ply=3', `${got.ply} ${got.hash}`);
	// a two-leg move: both steps marked
	const k = moves.findIndex((m) => /^\d+[a-o]\d+[a-o]\d+[a-o]\+?$/.test(m)) + 1;
	const [, from, mid, to] = /^(\d+[a-o])(\d+[a-o])(\d+[a-o])/.exec(moves[k - 1]);
	await page.evaluate((k) => { location.hash = `#ply=${k}`; }, k);
	await page.waitForFunction((k) => document.getElementById('board').dataset.ply === String(k), {}, k);
	got = await expectPosition(page, `dai two-leg move ply ${k} (${moves[k - 1]})`, sfenAt(input, k), 15, false);
	check(`dai: the two-leg move ${moves[k - 1]} marked on both steps`,
		got.marks['last-to'] === to && got.marks['last-mid'] === mid && (from === to || got.marks['last-from'] === from),
		JSON.stringify(got.marks));
	// positions through the fragment, across the game
	let at = 4;
	for (let ply = 7; ply <= last; ply += 23) {
		at = ply;
		await page.evaluate((p) => { location.hash = `#ply=${p}`; }, ply);
		await page.waitForFunction((p) => document.getElementById('board').dataset.ply === String(p), {}, ply);
		await expectPosition(page, `dai #ply=${ply}`, sfenAt(input, ply), 15, false);
	}
	// flipped: the same pieces, Sente's turned, square 1a at the bottom left;
	// each piece where it was turned about the board's centre
	const centres = () => page.evaluate(() => {
		const mid = (r) => [r.x + r.width / 2, r.y + r.height / 2];
		const squares = {};
		for (const e of document.querySelectorAll('#pieces [data-square]'))
			squares[e.dataset.square] = mid(e.getBoundingClientRect());
		return {board: mid(document.querySelector('#board rect.board').getBoundingClientRect()), squares};
	});
	const before = await centres();
	await press(page, 'f');
	got = await expectPosition(page, 'dai flipped', sfenAt(input, at), 15, false);
	check('dai: f flips', got.flip === true);
	const after = await centres();
	const moved = Object.keys(before.squares).filter((sq) => !after.squares[sq] ||
		Math.abs(after.squares[sq][0] - (2 * before.board[0] - before.squares[sq][0])) > 1 ||
		Math.abs(after.squares[sq][1] - (2 * before.board[1] - before.squares[sq][1])) > 1);
	check('dai: flipped, each piece turned about the board\'s centre', moved.length === 0 &&
		Object.keys(before.squares).length === got.pieces.length,
		`${moved.length} not: ${moved.slice(0, 3).map((sq) => `${sq} ${before.squares[sq]} -> ${after.squares[sq]}`).join(', ')}`);
	// the side at the top's layer turned (board_svg.c's form)
	const layers = await page.$$eval('#pieces g.pieces', (gs) => gs.map((g) => `${g.dataset.side}:${g.hasAttribute('transform')}`).join());
	check('dai: flipped, Sente\'s pieces point down and Gote\'s up', layers === 'sente:true,gote:false', layers);
	const files = await page.$$eval('#frame .coord.file text', (es) => es.slice(0, 3).map((e) => e.textContent).join(' '));
	check('dai: flipped, files 1.. from the left', files === '1 2 3', files);
	await press(page, 'f');
	await page.evaluate(() => { location.hash = '#ply=150'; });
	await page.waitForFunction(() => document.getElementById('board').dataset.ply === '150');
	await page.screenshot({path: path.join(out, 'dai.png')});
	await done(page, 'dai');
	// a link opens at its position
	const linked = await open('dai.html', '#ply=42');
	got = await expectPosition(linked, 'dai opened at #ply=42', sfenAt(input, 42), 15, false);
	check('dai: #ply=42 opens at ply 42', got.ply === 42, String(got.ply));
	await done(linked, 'dai #ply=42');
}

// --- the same Dai game with comments and a variation at ply 1 ------------------------
{
	const input = path.join(out, 'dai-notes.compact');
	const alt = readFileSync(input, 'utf8').split(' ( ')[1].split(' )')[0].replace(/\{[^}]*\}/g, '').trim();
	const page = await open('dai-notes.html');
	let got = await expectPosition(page, 'dai-notes ply 0', sfenAt(input, 0), 15, false);
	await press(page, 'ArrowRight');
	got = await expectPosition(page, 'dai-notes ply 1', sfenAt(input, 1), 15, false);
	check('dai-notes: the comment beside move 1', got.comment === 'the first move', JSON.stringify(got.comment));
	await press(page, 'ArrowLeft', 'Shift+ArrowRight');
	got = await expectPosition(page, 'dai-notes variation at ply 1', sfenOfMoves('dai', alt.split(' ')[0]), 15, false);
	check('dai-notes: Shift+→ at ply 0 enters the variation at ply 1', got.line === 1 && got.ply === 1,
		`${got.line} ${got.ply} ${got.hash}`);
	await press(page, 'ArrowRight', 'ArrowRight');
	got = await expectPosition(page, 'dai-notes variation at ply 3', sfenOfMoves('dai', alt), 15, false);
	check('dai-notes: the variation\'s last move and its comment', got.ply === 3 && got.line === 1 &&
		got.comment === 'another first move', `${got.ply} ${got.line} ${JSON.stringify(got.comment)}`);
	await press(page, 'Shift+ArrowLeft');
	got = await expectPosition(page, 'dai-notes out of the variation', sfenAt(input, 0), 15, false);
	check('dai-notes: Shift+← leaves to the branch point', got.line === 0 && got.ply === 0, `${got.line} ${got.ply}`);
	await press(page, 'End');
	got = await expectPosition(page, 'dai-notes End', sfenAt(input, 300), 15, false);
	check('dai-notes: End goes to ply 300 of the main line', got.ply === 300 && got.line === 0, `${got.line} ${got.ply}`);
	await page.evaluate(() => { location.hash = '#ply=10'; });
	await page.waitForFunction(() => document.getElementById('board').dataset.ply === '10');
	got = await shown(page);
	check('dai-notes: the comment beside move 10', got.comment === 'ply 10', JSON.stringify(got.comment));
	await done(page, 'dai-notes');
}

// --- Chu: a lishogi game and a counter-strike, two records on one page ------------
{
	const game = path.join(out, 'chu.kif'), cs = path.join(out, 'chu-cs.compact');
	const page = await open('chu.html', '#ply=60');
	let got = await expectPosition(page, 'chu ply 60', sfenAt(game, 60), 12, false);
	check('chu: #ply=60', got.ply === 60 && got.record === 1);
	for (const ply of [59, 58, 95, 120]) {
		await page.evaluate((p) => { location.hash = `#ply=${p}`; }, ply);
		await page.waitForFunction((p) => document.getElementById('board').dataset.ply === String(p), {}, ply);
		await expectPosition(page, `chu #ply=${ply}`, sfenAt(game, ply), 12, false);
	}
	const options = await page.$$eval('#record-choice option', (os) => os.length);
	check('chu: a chooser with the two records', options === 2, String(options));
	await page.select('#record-choice', '1');
	got = await expectPosition(page, 'chu record 2 ply 0', sfenAt(cs, 0), 12, false);
	check('chu: the chooser opens record 2', got.record === 2 && got.hash === '#record=2&ply=0', got.hash);
	check('chu: no counter-strike square at the start', !got.marks['counter-strike']);
	// the keys are the board's, not the chooser's: leave it
	await page.evaluate(() => document.activeElement.blur());
	await press(page, 'ArrowRight');
	got = await expectPosition(page, 'chu record 2 ply 1', sfenAt(cs, 1), 12, false);
	check('chu: the counter-strike square marked', got.marks['counter-strike'] === '6f', JSON.stringify(got.marks));
	await page.screenshot({path: path.join(out, 'chu-counter-strike.png')});
	await done(page, 'chu');
	const linked = await open('chu.html', '#record=2&ply=2');
	got = await expectPosition(linked, 'chu #record=2&ply=2', sfenAt(cs, 2, ['--quiet']), 12, false);
	check('chu: #record=2&ply=2 opens there', got.record === 2 && got.ply === 2);
	await linked.evaluate(() => { location.hash = '#ply=44'; });
	await linked.waitForFunction(() => document.getElementById('board').dataset.ply === '44');
	await linked.screenshot({path: path.join(out, 'chu.png')});
	await done(linked, 'chu linked');
}

// --- standard shogi: drops, hands, comments, times, variations ----------------------
{
	const input = path.join(out, 'shogi.kif');
	const page = await open('shogi.html');
	let got = await shown(page);
	check('shogi: the comment before the first move', got.comment === '序盤\n二行目', JSON.stringify(got.comment));
	await press(page, 'ArrowRight');
	got = await expectPosition(page, 'shogi ply 1', sfenAt(input, 1), 9, true);
	check('shogi: the comment beside move 1', got.comment === '角道を開ける', JSON.stringify(got.comment));
	check('shogi: the move in KIF words', got.caption.startsWith('1手目 ▲７六歩(77) まで'), got.caption);
	// into the variation at ply 2 (8c8d) and out of it
	await press(page, 'Shift+ArrowRight');
	got = await expectPosition(page, 'shogi variation at ply 2', sfenOfMoves('shogi', '7g7f 8c8d'), 9, true);
	check('shogi: Shift+→ enters the variation at ply 2', got.line === 2 && got.ply === 2 && got.hash === '#line=2&ply=2',
		`${got.line} ${got.ply} ${got.hash}`);
	await press(page, 'ArrowRight');
	got = await shown(page);
	check('shogi: the variation ends at its last move', got.ply === 2 && got.line === 2);
	await press(page, 'Shift+ArrowLeft');
	got = await expectPosition(page, 'shogi out of the variation', sfenAt(input, 1), 9, true);
	check('shogi: Shift+← leaves to the branch point', got.line === 0 && got.ply === 1, `${got.line} ${got.ply}`);
	// the drop: its square marked alone; a Bishop in each hand
	await press(page, 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight');
	got = await expectPosition(page, 'shogi ply 5 (B*4e)', sfenAt(input, 5), 9, true);
	check('shogi: a drop marks its square only', got.marks['last-to'] === '4e' && !got.marks['last-from'],
		JSON.stringify(got.marks));
	check('shogi: the drop in KIF words', got.caption.startsWith('5手目 ▲４五角打 まで'), got.caption);
	await press(page, 'ArrowLeft', 'Shift+ArrowRight');
	got = await expectPosition(page, 'shogi variation at ply 5', sfenOfMoves('shogi', '7g7f 3c3d 8h2b+ 3a2b 2g2f'), 9, true);
	check('shogi: Shift+→ at ply 4 enters the variation at ply 5', got.line === 1 && got.ply === 5, `${got.line} ${got.ply}`);
	// the move list: a list of buttons, a click goes there
	const buttons = await page.$$eval('#moves button', (bs) => bs.length);
	check('shogi: a button per move and the start', buttons === 8, String(buttons));
	const current = await page.$eval('#moves button[aria-current]', (b) => [b.dataset.line, b.dataset.ply]);
	check('shogi: the current move is marked in the list', current.join() === '1,5', current.join());
	await page.click('#moves button[data-line="0"][data-ply="3"]');
	got = await expectPosition(page, 'shogi clicked ply 3', sfenAt(input, 3), 9, true);
	check('shogi: a click on a move goes there', got.ply === 3 && got.line === 0);
	const time = await page.$eval('#moves button[data-ply="3"] .t', (e) => e.textContent);
	check('shogi: the times beside the move', time === '0:20 / 0:36', time);
	const label = await page.$eval('#board-label', (e) => e.textContent);
	check('shogi: the board in words', label.includes('▲先手') && label.includes('玉将 (King) 5i') && label.includes('持駒 角行×1'), label);
	const role = await page.$eval('#board', (e) => [e.getAttribute('role'), e.getAttribute('aria-labelledby')].join());
	check('shogi: the board is an image labelled by its description', role === 'img,board-label', role);
	const kings = await page.$$eval('#pieces [data-piece="K"]', (es) => es.map((e) => `${e.dataset.side}:${e.getAttribute('href')}`).sort().join());
	check('shogi: Gote\'s king drawn as 王, its own definition', /^gote:#v0k\d+,sente:#v0u\d+$/.test(kings), kings);
	await page.screenshot({path: path.join(out, 'shogi.png')});
	await done(page, 'shogi');
	const linked = await open('shogi.html', '#line=1&ply=5');
	got = await expectPosition(linked, 'shogi #line=1&ply=5', sfenOfMoves('shogi', '7g7f 3c3d 8h2b+ 3a2b 2g2f'), 9, true);
	check('shogi: #line=1&ply=5 opens in the variation', got.line === 1 && got.ply === 5);
	await done(linked, 'shogi linked');
}

// --- a hostile record and variant: everything shown as text -----------------------
{
	const page = await open('evil.html');
	const pwned = await page.evaluate(() => window.pwned);
	check('evil: no script of the record ran', pwned === undefined, String(pwned));
	const scripts = await page.$$eval('script', (s) => s.map((e) => e.className || 'viewer').join());
	check('evil: only the page\'s own scripts', scripts === 'kifu-variant,kifu-record,viewer', scripts);
	const imgs = await page.$$eval('img', (i) => i.length);
	check('evil: no element from a tag', imgs === 0, String(imgs));
	const tags = await page.$$eval('#tags dd', (d) => d.map((e) => e.textContent));
	check('evil: a tag shown as text', tags.includes('<script>window.pwned=4</script>') &&
		tags.includes('</script><img src=x onerror="window.pwned=5">'), JSON.stringify(tags));
	let got = await shown(page);
	check('evil: the comment before the moves as text', got.comment === '<!-- <script>window.pwned=6</script>', got.comment);
	await press(page, 'ArrowRight');
	got = await shown(page);
	check('evil: a comment as text', got.comment === '</script><script>window.pwned=7</script> & \u2028', JSON.stringify(got.comment));
	const title = await page.$eval('#record-title', (e) => e.textContent);
	check('evil: the variant\'s title as text', title.startsWith('<script>window.pwned=1</script>'), title);
	const glyph = await page.$$eval('.kifu-defs text', (ts) => ts.map((t) => t.textContent).join(''));
	check('evil: a piece\'s name as text', glyph.includes('<&'), glyph.slice(0, 80));
	await done(page, 'evil');
}

await finish(browser);
