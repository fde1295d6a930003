// The page's modules as the browser loads them (src/gui/assets): every
// module is in index.html's import map (each import needs the token),
// every import names a module there, and no two modules import each other
// round a circle: each imports only those below it in docs/gui.md's table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ASSETS = join(dirname(fileURLToPath(import.meta.url)), '../../src/gui/assets');
const html = readFileSync(join(ASSETS, 'index.html'), 'utf8');
const guiMd = readFileSync(join(ASSETS, '../../../docs/gui.md'), 'utf8');
const modules = readdirSync(ASSETS).filter((f) => f.endsWith('.js'));

/** `./x.js` of every static import and export-from of a module. */
function imports(name) {
  const src = readFileSync(join(ASSETS, name), 'utf8');
  return [...src.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
}

test('the entry point is app.js, loaded as a module with the token', () => {
  assert.match(html, /<script type="module" src="\/app\.js\?token=\{\{TOKEN\}\}"><\/script>/);
  assert.doesNotMatch(html, /<script src=/, 'a classic script');
});

test('every module is in the import map, with the token', () => {
  const map = html.match(/<script type="importmap">([\s\S]*?)<\/script>/);
  assert.ok(map, 'no import map in index.html');
  const { imports: entries } = JSON.parse(map[1]);
  for (const m of modules.filter((x) => x !== 'app.js')) {
    assert.equal(entries[`/${m}`], `/${m}?token={{TOKEN}}`, `${m} is not in the import map`);
  }
  for (const key of Object.keys(entries)) assert.ok(modules.includes(key.slice(1)), `${key} is mapped but is no module`);
});

test('every import is a module of the page, and none runs round a circle', () => {
  const graph = new Map(modules.map((m) => [m, imports(m)]));
  for (const [m, deps] of graph) {
    for (const d of deps) {
      assert.match(d, /^\.\/[a-z-]+\.js$/, `${m} imports ${d}: only ./NAME.js of this folder`);
      assert.ok(graph.has(d.slice(2)), `${m} imports ${d}, which is not there`);
    }
  }
  assert.ok(graph.get('app.js').length > 5, 'imports() read nothing');
  const state = new Map(); // module → 'open' while its imports are walked, 'done' after
  const walk = (m, path) => {
    if (state.get(m) === 'done') return;
    assert.notEqual(state.get(m), 'open', `an import circle: ${[...path, m].join(' → ')}`);
    state.set(m, 'open');
    for (const d of graph.get(m)) walk(d.slice(2), [...path, m]);
    state.set(m, 'done');
  };
  walk('app.js', []);
  assert.equal(state.size, modules.length, 'a module app.js does not load');
});

test('docs/gui.md\'s table lists every module, each importing only those below it', () => {
  const section = guiMd.slice(guiMd.indexOf("## The page's modules"));
  const rows = [...section.matchAll(/^\| `([a-z-]+\.js)` \|/gm)].map((m) => m[1]);
  assert.deepEqual([...rows].sort(), [...modules].sort(), 'the table and the folder differ');
  rows.forEach((m, i) => {
    for (const d of imports(m)) {
      assert.ok(rows.indexOf(d.slice(2)) > i, `${m} imports ${d}, which is not below it in the table`);
    }
  });
});
