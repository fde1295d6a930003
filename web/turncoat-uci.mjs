#!/usr/bin/env node
// turncoat's engine in WebAssembly as a UCI engine on stdin/stdout, line
// for line like the native binary (docs/web.md):
//
//   node target/web/turncoat-uci.mjs          the protocol loop
//   node target/web/turncoat-uci.mjs bench    as `turncoat bench`
//
// It loads the module the page loads (wasm-bindgen's `--target web`
// output, beside this file in target/web/), its bytes read from disk
// since node's fetch() takes no file: URL.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { initSync, Engine } from './turncoat_web.js';

initSync({ module: readFileSync(new URL('./turncoat_web_bg.wasm', import.meta.url)) });

const print = (line) => process.stdout.write(`${line}\n`);
const engine = new Engine(print);
const args = process.argv.slice(2);

if (args.length === 1 && args[0] === 'bench') {
  engine.command('bench');
} else if (args.length > 0) {
  process.stderr.write('usage: node turncoat-uci.mjs [bench]\n');
  process.exitCode = 2;
} else {
  print(Engine.banner());
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
  // readline may still hand over lines it has read after close(): none
  // reaches the engine after `quit`.
  let quit = false;
  input.on('line', (line) => {
    if (!quit && !engine.command(line)) {
      quit = true;
      input.close();
    }
  });
  input.on('close', () => {
    if (!quit) {
      engine.finish();
    }
    // Reading stops, so that node ends once stdout is written.
    process.stdin.destroy();
  });
}
