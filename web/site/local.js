// The web build's start (docs/web.md), loaded by app.js where the page's
// <meta name="turncoat-transport"> says `local`: the WebAssembly module
// compiled once, the page's hub (the Rust code of `turncoat gui`'s session
// and views) in this thread, the engine in a Web Worker, the game kept in
// localStorage across reloads, and the service worker that keeps the site
// for offline use.
import init, { Page } from './turncoat_web.js';
import { createLocalTransport } from './local-transport.js';
import { createWorkerEngine } from './engine.js';

/** Where the game in progress is kept (the preferences are prefs.js's). */
const GAME_KEY = 'turncoat.game';

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode: the game is not kept
  }
}

export async function createTransport() {
  const module = await WebAssembly.compileStreaming(fetch('turncoat_web_bg.wasm'));
  performance.mark('turncoat-compiled');
  await init({ module_or_path: module });
  const page = new Page();
  // Where the time to a playable board goes (contrib/web/measure.py).
  performance.mark('turncoat-page');
  const store = storage();
  const kept = store && store.getItem(GAME_KEY);
  if (kept && !page.restore(kept)) store.removeItem(GAME_KEY);
  const engine = createWorkerEngine({ module, workerUrl: new URL('./engine-worker.js', import.meta.url) });
  const save = () => {
    try {
      if (store) store.setItem(GAME_KEY, page.snapshot());
    } catch {
      /* full or refused: the game is not kept */
    }
  };
  const transport = createLocalTransport({ page, engine, save });
  // The state the page draws, for the browser test (tests/clients/
  // web_browser.py) as GET /api/state is for turncoat gui's.
  window.turncoatState = () => JSON.parse(page.state());
  window.turncoatWorkers = () => engine.started();
  wireExport(transport);
  if ('serviceWorker' in navigator && window.isSecureContext) {
    navigator.serviceWorker.register('sw.js').catch(() => {
      /* no offline copy: the site still works online */
    });
  }
  return transport;
}

/** Export PGN: the game's PGN, made when the link is followed. */
function wireExport(transport) {
  const a = document.getElementById('pgn-export');
  if (!a) return;
  a.href = '#';
  a.addEventListener('click', () => {
    const blob = new Blob([transport.pgn()], { type: 'application/x-chess-pgn' });
    if (a.dataset.url) URL.revokeObjectURL(a.dataset.url);
    a.dataset.url = URL.createObjectURL(blob);
    a.href = a.dataset.url;
  });
}
