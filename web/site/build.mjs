#!/usr/bin/env node
// Assembles the web build's static site (docs/web.md) in OUT (make web:
// target/web/, where wasm-bindgen has written the module and its loader):
// the page's files of src/gui/assets/ as turncoat gui serves them, its
// index.html made a static page (no token, relative addresses, the local
// transport), web/site's files, the rules book (book.html, and each
// variant's section for the rules panel, rules-VARIANT.json) made by the
// module's own Rust code (src/gui/book.rs) here rather than in the page,
// where its first rendering held the page up a third of a second, and the
// service worker's list of files and version (a hash of every file's
// contents).
//
//   node web/site/build.mjs OUT
import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const out = process.argv[2];
if (!out) {
  process.stderr.write('usage: node web/site/build.mjs OUT\n');
  process.exit(2);
}
const root = new URL('../../', import.meta.url).pathname;
const assets = join(root, 'src/gui/assets');
const site = join(root, 'web/site');

for (const name of readdirSync(assets)) {
  if (name !== 'index.html') copyFileSync(join(assets, name), join(out, name));
}
for (const name of readdirSync(site)) {
  if (name !== 'build.mjs' && name !== 'sw.js') copyFileSync(join(site, name), join(out, name));
}

/** turncoat gui's page, as a static page: every address relative and
 * without the token, no import map (it only carried the token), the
 * manifest linked, and the local transport chosen. */
function staticIndex(page) {
  const text = page
    .replace(/<!-- Every request needs the session's token[\s\S]*?<\/script>\n/, '')
    .replaceAll('?token={{TOKEN}}', '')
    .replaceAll('href="/', 'href="')
    .replaceAll('src="/', 'src="')
    .replace(
      '<meta charset="utf-8">',
      '<meta charset="utf-8">\n<meta name="turncoat-transport" content="local">\n' +
        '<link rel="manifest" href="manifest.webmanifest">\n<meta name="theme-color" content="#6d8b5e">\n' +
        '<link rel="apple-touch-icon" href="icon-192.png">\n' +
        // The module (the longest fetch) and the modules the web build
        // loads after app.js's own are asked for at once.
        '<link rel="preload" href="turncoat_web_bg.wasm" as="fetch" type="application/wasm" crossorigin>\n' +
        '<link rel="modulepreload" href="local.js">\n<link rel="modulepreload" href="turncoat_web.js">\n' +
        '<link rel="modulepreload" href="engine.js">',
    );
  for (const bad of ['{{TOKEN}}', 'importmap', '"/api/']) {
    if (text.includes(bad)) throw new Error(`index.html: ${bad} left in the static page`);
  }
  if (!text.includes('turncoat-transport')) throw new Error('index.html: no <meta charset="utf-8"> to mark');
  return text;
}
writeFileSync(join(out, 'index.html'), staticIndex(readFileSync(join(assets, 'index.html'), 'utf8')));

// The book, by the module (as turncoat gui's GET /book and GET /api/rules).
const { initSync, Page } = await import(pathToFileURL(join(out, 'turncoat_web.js')).href);
initSync({ module: new WebAssembly.Module(readFileSync(join(out, 'turncoat_web_bg.wasm'))) });
for (const variant of ['pacifist', 'pacifist2', 'subversion', 'apocalypse', 'chess']) {
  writeFileSync(join(out, `rules-${variant}.json`), Page.rules(variant));
}
writeFileSync(
  join(out, 'book.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>turncoat — the rules book</title><link rel="icon" href="icon.svg">' +
    `<style>${Page.book_style()}</style></head><body><main>${Page.book()}</main></body></html>`,
);

// The service worker keeps every file the page needs (not the node
// script, nor the worker itself).
const files = readdirSync(out)
  .filter((n) => statSync(join(out, n)).isFile() && !['sw.js', 'turncoat-uci.mjs'].includes(n))
  .sort();
const hash = createHash('sha256');
for (const n of files) hash.update(n).update(readFileSync(join(out, n)));
const sw = readFileSync(join(site, 'sw.js'), 'utf8')
  .replace('@VERSION@', `turncoat-${hash.digest('hex').slice(0, 16)}`)
  .replace('[/* @FILES@ */]', JSON.stringify(['./', ...files], null, 2));
writeFileSync(join(out, 'sw.js'), sw);
