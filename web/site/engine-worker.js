// turncoat's engine in a Web Worker (docs/web.md): the module's UCI
// engine, one line per message each way. The first message is the
// compiled WebAssembly.Module (the page compiles it once, and every worker
// it starts instantiates it at once); every later one is an input line.
// A search runs to its end inside the message that starts it: `stop` is
// the page's business (web/site/engine.js ends this worker).
import { initSync, Engine } from './turncoat_web.js';

let engine = null;

self.onmessage = (e) => {
  if (engine === null) {
    initSync({ module: e.data });
    engine = new Engine((line) => self.postMessage(line));
    return;
  }
  engine.command(String(e.data));
};
