// The WebAssembly memory of the web build's two instances (docs/web.md,
// docs/experiments.md): the engine's (as in the Web Worker) after `bench`
// and after a game's searches with the default Hash, and the page's hub's
// (as in the page) after the rules book and a game. Under node, which runs
// the same module: a module's memory is the same in any host.
//
//   node contrib/web/memory.mjs target/web engine
//   node contrib/web/memory.mjs target/web page
// (one instance per run: wasm-bindgen's loader holds one)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const site = process.argv[2] ?? 'target/web';
const { initSync, Engine, Page } = await import(join(process.cwd(), site, 'turncoat_web.js'));
const bytes = readFileSync(join(site, 'turncoat_web_bg.wasm'));
const mib = (n) => `${(n / 2 ** 20).toFixed(1)} MiB`;

const wasm = initSync({ module: new WebAssembly.Module(bytes) });
console.log(`at the start: ${mib(wasm.memory.buffer.byteLength)}`);
if (process.argv[3] === 'page') {
  const page = new Page();
  Page.book();
  for (const v of ['pacifist', 'pacifist2', 'subversion', 'apocalypse', 'chess']) Page.rules(v);
  page.act('new', JSON.stringify({ variant: 'chess', mode: 'hotseat' }));
  for (const m of ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6']) page.act('move', JSON.stringify({ move: m }));
  page.state();
  page.snapshot();
  console.log(`the page's hub after the book and a game: ${mib(wasm.memory.buffer.byteLength)}`);
} else {
  const engine = new Engine(() => {});
  for (const v of ['chess', 'pacifist', 'apocalypse']) {
    engine.command(`setoption name UCI_Variant value ${v}`);
    engine.command('position startpos');
    engine.command('go nodes 200000');
  }
  console.log(`the engine after three searches (default Hash): ${mib(wasm.memory.buffer.byteLength)}`);
  engine.command('bench');
  console.log(`the engine after bench: ${mib(wasm.memory.buffer.byteLength)}`);
}
