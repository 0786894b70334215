// browser.mjs - what the browser tests (html-replay.mjs, html-render.mjs)
// share: Debian's Chromium, headless, driven by puppeteer-core (installed
// pinned under build/ by the golden script that runs them, with no browser
// of its own), and their checks, counted.
import { pathToFileURL } from 'node:url';
import path from 'node:path';

// Chromium at path chromium through the puppeteer-core in modules (a
// node_modules folder), asking nothing of the network; extra: more
// command-line switches.
export async function launch(modules, chromium, extra = []) {
	const { default: puppeteer } = await import(
		pathToFileURL(path.join(modules, 'puppeteer-core', 'lib', 'esm', 'puppeteer', 'puppeteer-core.js')).href);
	return puppeteer.launch({
		executablePath: chromium,
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
			'--disable-component-update', '--disable-default-apps', '--disable-sync', ...extra],
	});
}

let checks = 0, failures = 0;
// A check: a line "FAIL name: detail" when it does not hold.
export function check(name, ok, detail = '') {
	checks++;
	if (!ok) {
		failures++;
		console.log(`FAIL ${name}${detail ? ': ' + detail : ''}`);
	}
}

// Closes the browser, prints "ok: N checks" or how many failed, and exits
// 0 or 1.
export async function finish(browser) {
	await browser.close();
	console.log(failures ? `${failures} of ${checks} checks failed` : `ok: ${checks} checks`);
	process.exit(failures ? 1 : 0);
}
