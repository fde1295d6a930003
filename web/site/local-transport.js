// The web build's transport (docs/web.md): the interface of the page's
// transport.js (state, act, rules, asset, link, subscribe), answered by
// calls into the WebAssembly module's hub in the page instead of
// `turncoat gui`'s HTTP API. Only the web build loads it (local.js); it
// lives here so that the native binary, which embeds src/gui/assets, does
// not carry it. No DOM: tests/js/transport.test.mjs drives it with fakes.

/** The transport of the web build (docs/web.md): `page` is the WebAssembly
 * module's Page (web/src/lib.rs: the page's hub, the same Rust code as
 * `turncoat gui`'s), `engine` a UCI engine spoken to line by line
 * (`send(line)`, `onLine(listener)`: web/site/engine.js, turncoat in a Web
 * Worker). After every change the engine is set to what the page's hub
 * wants searched (`page.search()`), and what it prints goes back to the hub;
 * `save` is called after every change (the page keeps the game). */
export function createLocalTransport({
  page,
  engine,
  save = () => {},
  fetch = (...a) => globalThis.fetch(...a),
  setInterval = (...a) => globalThis.setInterval(...a),
  now = () => performance.now(),
}) {
  let listeners = { onState: () => {}, onEngine: () => {} };
  // The search the engine runs: {id, side, analysis, finished}.
  let running = null;
  // Searches stopped whose bestmove has not come yet: their lines are not
  // the running search's (an engine prints a stopped search's bestmove).
  let stopped = 0;

  /** Runs what the hub wants searched, stopping what it no longer wants. */
  function sync() {
    const want = JSON.parse(page.search() ?? 'null');
    if (running && (!want || want.id !== running.id)) {
      if (!running.finished) {
        stopped += 1;
        running = null;
        engine.send('stop');
      }
      running = null;
    }
    if (want && !running) {
      running = { id: want.id, side: want.side, analysis: want.analysis, finished: false };
      for (const line of want.commands) engine.send(line);
    }
    save();
  }

  function publish() {
    listeners.onState(JSON.parse(page.publish()), now());
  }

  engine.onLine((line) => {
    const last = line.startsWith('bestmove');
    if (stopped > 0) {
      if (last) stopped -= 1;
      return;
    }
    if (!running || running.finished) return;
    if (line.startsWith('info')) listeners.onEngine({ engine: 'turncoat', side: running.side, line });
    const id = running.id;
    if (last) running.finished = true;
    if (page.engine_line(id, line)) {
      publish();
      sync();
    }
  });

  async function state() {
    return JSON.parse(page.state());
  }

  /** An action; its new state also goes to onState, as turncoat gui's
   * live channel sends every change (a preview changes nothing). */
  async function act(name, body) {
    const answer = JSON.parse(page.act(name, JSON.stringify(body ?? {})));
    if (answer.ok && name !== 'preview') listeners.onState(JSON.parse(page.state()), now());
    sync();
    return answer;
  }

  /** Each variant's section is a file of the site (make web writes it
   * with the module's Rust code); another name is refused. */
  async function rules(variant) {
    if (!/^[a-z0-9]+$/.test(variant)) return null;
    const res = await fetch(`rules-${variant}.json`);
    return res.ok ? res.json() : null;
  }

  async function asset(name) {
    const res = await fetch(name);
    return res.text();
  }

  /** The book is a page of the site; the PGN is made on demand (pgn()). */
  function link(path) {
    return path === '/book' ? 'book.html' : path;
  }

  /** States when the engine plays or a flag falls at once, and while it
   * searches a few times a second (as turncoat gui's live channel). */
  function subscribe({ onState, onEngine }) {
    listeners = { onState, onEngine };
    setInterval(() => {
      if (page.tick()) {
        publish();
        sync();
      } else if (page.dirty()) {
        publish();
      }
    }, 100);
    return { live: () => true };
  }

  // A game restored goes on: the engine starts if it is to move.
  sync();
  return { state, act, rules, asset, link, subscribe, pgn: () => page.pgn() };
}
