// html-render.mjs - the page's board against the SVG picture of the same
// position, as headless Chromium renders them (puppeteer-core, installed by
// tests/golden/html-render.sh): pixels, not the DOM.
//
//     node html-render.mjs MODULES_DIR CHROMIUM OUTDIR FONT NAME:PLY...
//
// For each NAME, OUTDIR holds NAME.html (kifu-replay --format=html) and
// NAME.svg (kifu-replay --format=svg --ply PLY, with the same --flip).  The
// page is opened at #ply=PLY in a window 1280 pixels wide and as tall as
// makes its board one pixel a unit of the picture (the board's height
// follows the window's), so that the lines of both fall on whole pixels
// and are rasterized alike; the rectangle of its board (rect.board: the
// squares, without the coordinates) is taken as it is rendered.  The SVG
// is then drawn by the same browser as an image at one pixel a unit,
// placed so that its own rect.board falls on the same pixels, and both are
// screenshot over that rectangle.  The two screenshots are compared pixel
// by pixel, square by square: a square where more than MAX_SQUARE of the
// pixels differ (by more than TOLERANCE in a colour channel) fails, named
// by its column and row as drawn (from the top left).  NAME-page.png,
// NAME-svg.png and NAME-diff.png (the differing pixels in red) are written
// to OUTDIR.
//
// FONT is 1 when IPA Mincho is installed: then the kanji of the pieces, the
// coordinates and the caption must be drawn with it, in the page and in the
// SVG (the font the pictures name first), and not with a fallback; 0 skips
// that check, and says so.  Prints one line per failed check and, last,
// "ok: N checks".
import { pathToFileURL } from 'node:url';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { check, finish, launch } from './browser.mjs';

const [modules, chromium, out, font, ...cases] = process.argv.slice(2);

const TOLERANCE = 48;     // a channel's difference, out of 255, that counts
const MAX_SQUARE = 0.02;  // the share of a square's pixels that may differ

// the same pixels every run: no LCD text, one colour profile
const browser = await launch(modules, chromium,
	['--disable-lcd-text', '--force-color-profile=srgb', '--font-render-hinting=none']);
const VIEW = {width: 1280, height: 800, deviceScaleFactor: 1};

// The board's rectangle in an SVG's own units, and its viewBox, read from
// the file (the picture's form: docs/replay.md).
function svgGeometry(text) {
	const vb = /<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 (\d+) (\d+)"/.exec(text);
	const rect = /<rect class="board" x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"/.exec(text);
	const [, variant] = /data-variant="([^"]*)"/.exec(text) || [];
	if (!vb || !rect)
		return null;
	const [x, y, width, height] = rect.slice(1).map(Number);
	return {width: Number(vb[1]), height: Number(vb[2]), board: {x, y, width, height}, variant};
}

// The fonts Chromium drew the text with (CSS.getPlatformFontsForNode), by
// family name and glyphs drawn: of every SVG <text> that is drawn, the
// pieces' kanji among them (in the shadow trees of their <use>), and of the
// HTML elements matching also (the page's caption).  pieces counts the
// pieces' <text> seen.
async function fontsOf(page, also) {
	const cdp = await page.createCDPSession();
	await cdp.send('DOM.enable');
	await cdp.send('CSS.enable');
	const {root} = await cdp.send('DOM.getDocument', {depth: -1, pierce: true});
	const families = new Map();
	let pieces = 0;
	const nodes = [];
	(function walk(node, shadow) {
		if (node.nodeName === 'text' || (also && node.attributes && node.attributes.includes('id') &&
			node.attributes[node.attributes.indexOf('id') + 1] === also))
			nodes.push([node.nodeId, shadow]);
		for (const c of node.children || [])
			walk(c, shadow);
		for (const c of node.shadowRoots || [])
			walk(c, true);
	})(root, false);
	for (const [nodeId, shadow] of nodes) {
		const {fonts} = await cdp.send('CSS.getPlatformFontsForNode', {nodeId});
		if (shadow && fonts.length)
			pieces++;
		for (const f of fonts)
			families.set(f.familyName, (families.get(f.familyName) || 0) + f.glyphCount);
	}
	await cdp.detach();
	return {families, pieces};
}

// Two screenshots, compared in the browser: the differing pixels in all,
// in each square (files × ranks over the board), and a picture of them.
async function compare(page, a, b, files, ranks) {
	return page.evaluate(async (a, b, files, ranks, tolerance) => {
		const load = (src) => new Promise((resolve, reject) => {
			const img = new Image();
			img.onload = () => resolve(img);
			img.onerror = reject;
			img.src = src;
		});
		const [ia, ib] = await Promise.all([load(a), load(b)]);
		const w = Math.min(ia.width, ib.width), h = Math.min(ia.height, ib.height);
		const pixels = (img) => {
			const c = document.createElement('canvas');
			c.width = w;
			c.height = h;
			const g = c.getContext('2d');
			g.drawImage(img, 0, 0);
			return g.getImageData(0, 0, w, h);
		};
		const pa = pixels(ia), pb = pixels(ib);
		const diff = new ImageData(w, h);
		const squares = new Array(files * ranks).fill(0);
		let differ = 0;
		for (let y = 0; y < h; y++)
			for (let x = 0; x < w; x++) {
				const i = 4 * (y * w + x);
				const d = Math.max(Math.abs(pa.data[i] - pb.data[i]), Math.abs(pa.data[i + 1] - pb.data[i + 1]),
					Math.abs(pa.data[i + 2] - pb.data[i + 2]));
				const grey = (pa.data[i] + pa.data[i + 1] + pa.data[i + 2]) / 6 + 128;
				diff.data.set(d > tolerance ? [255, 0, 0, 255] : [grey, grey, grey, 255], i);
				if (d > tolerance) {
					differ++;
					squares[Math.min(ranks - 1, Math.floor(y * ranks / h)) * files +
						Math.min(files - 1, Math.floor(x * files / w))]++;
				}
			}
		const c = document.createElement('canvas');
		c.width = w;
		c.height = h;
		c.getContext('2d').putImageData(diff, 0, 0);
		return {sizes: [ia.width, ia.height, ib.width, ib.height], differ, squares,
			squareArea: (w / files) * (h / ranks), picture: c.toDataURL('image/png')};
	}, a, b, files, ranks, TOLERANCE);
}

const harness = path.join(out, 'harness.html');
writeFileSync(harness, '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><style>' +
	'body{margin:0;background:#fff}img{position:absolute;display:block}</style></head>' +
	'<body><img id="picture" alt=""></body></html>\n');
const blank = await browser.newPage();

for (const c of cases) {
	const [name, plyText] = c.split(':');
	const ply = Number(plyText);
	const svgText = readFileSync(path.join(out, `${name}.svg`), 'utf8');
	const geo = svgGeometry(svgText);
	check(`${name}: the SVG has a board`, geo !== null);
	if (!geo)
		continue;
	const files = geo.board.width / 44, ranks = geo.board.height / 48;

	// the page, at the ply
	const page = await browser.newPage();
	await page.setViewport(VIEW);
	const errors = [];
	page.on('pageerror', (e) => errors.push(e.message));
	await page.goto(pathToFileURL(path.join(out, `${name}.html`)).href + `#ply=${ply}`);
	await page.waitForFunction((p) => document.getElementById('board').dataset.ply === String(p), {}, ply);
	// the window as tall as makes the board one pixel a unit
	const [shownHeight, unitHeight] = await page.$eval('#board', (e) =>
		[e.getBoundingClientRect().height, e.viewBox.baseVal.height]);
	// (and wide enough for the board and the panel beside it: a 36x36
	// board is 1600 units wide)
	await page.setViewport({...VIEW, width: Math.max(VIEW.width, geo.width + 520),
		height: Math.round(VIEW.height + unitHeight - shownHeight)});
	await page.evaluate(() => document.fonts.ready);
	const rect = await page.$eval('#board rect.board', (e) => {
		const r = e.getBoundingClientRect();
		return {x: r.x, y: r.y, width: r.width, height: r.height};
	});
	check(`${name}: the page's board at one pixel a unit`,
		rect.width === geo.board.width && rect.height === geo.board.height,
		`${rect.width}×${rect.height} against ${geo.board.width}×${geo.board.height}`);
	const clip = {x: Math.round(rect.x), y: Math.round(rect.y), width: rect.width, height: rect.height};
	const shotPage = await page.screenshot({clip, encoding: 'base64'});
	writeFileSync(path.join(out, `${name}-page.png`), Buffer.from(shotPage, 'base64'));
	if (font === '1') {
		const {families, pieces} = await fontsOf(page, 'caption');
		check(`${name}: the page's kanji in IPA Mincho`, pieces > 0 && families.has('IPAMincho') && families.size === 1,
			`${pieces} pieces' kanji, fonts ${JSON.stringify([...families])}`);
	}
	check(`${name}: no script error`, errors.length === 0, errors.join(' | '));
	await page.close();

	// the SVG as an image at one pixel a unit, its board on the page's board's pixels
	const pic = await browser.newPage();
	await pic.setViewport({...VIEW, width: Math.max(VIEW.width, Math.ceil(rect.x + geo.width)),
		height: Math.max(VIEW.height, Math.ceil(rect.y + geo.height))});
	await pic.goto(pathToFileURL(harness).href);
	await pic.evaluate(async (src, left, top, width, height) => {
		const img = document.getElementById('picture');
		Object.assign(img.style, {left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px`});
		await new Promise((resolve, reject) => {
			img.onload = resolve;
			img.onerror = reject;
			img.src = src;
		});
	}, pathToFileURL(path.join(out, `${name}.svg`)).href, rect.x - geo.board.x, rect.y - geo.board.y,
	geo.width, geo.height);
	const shotSvg = await pic.screenshot({clip, encoding: 'base64'});
	writeFileSync(path.join(out, `${name}-svg.png`), Buffer.from(shotSvg, 'base64'));
	await pic.close();
	if (font === '1') {
		// the SVG's own text, in a page of its own
		const doc = await browser.newPage();
		await doc.goto(pathToFileURL(path.join(out, `${name}.svg`)).href);
		const {families, pieces} = await fontsOf(doc, null);
		check(`${name}: the SVG's kanji in IPA Mincho`, pieces > 0 && families.has('IPAMincho') && families.size === 1,
			`${pieces} pieces' kanji, fonts ${JSON.stringify([...families])}`);
		await doc.close();
	}

	const got = await compare(blank, `data:image/png;base64,${shotPage}`, `data:image/png;base64,${shotSvg}`,
		files, ranks);
	writeFileSync(path.join(out, `${name}-diff.png`), Buffer.from(got.picture.split(',')[1], 'base64'));
	check(`${name}: the two screenshots' sizes`, got.sizes[0] === got.sizes[2] && got.sizes[1] === got.sizes[3],
		got.sizes.join(' '));
	const bad = [];
	got.squares.forEach((n, i) => {
		if (n > MAX_SQUARE * got.squareArea) {
			// as drawn: columns from the left, rows from the top
			bad.push(`column ${i % files + 1} row ${Math.floor(i / files) + 1} (${(100 * n / got.squareArea).toFixed(1)}%)`);
		}
	});
	const share = got.differ / (got.squareArea * files * ranks);
	console.log(`${name}: ${got.differ} pixels differ (${(100 * share).toFixed(2)}%), ` +
		`worst square ${(100 * Math.max(...got.squares) / got.squareArea).toFixed(1)}%`);
	check(`${name}: the page's board is drawn as the SVG's (${geo.variant}, ply ${ply})`, bad.length === 0,
		`${bad.length} of ${files * ranks} squares differ: ${bad.slice(0, 6).join(', ')}${bad.length > 6 ? ', ...' : ''} ` +
		`(see ${name}-diff.png)`);
}
if (font !== '1')
	console.log('SKIPPED: html-render: the fonts: IPA Mincho is not installed (Debian: fonts-ipafont-mincho)');

await finish(browser);
