// turncoat gui — how the page talks to the game: the one interface every
// other module uses to ask for the state, send an action and hear of new
// states. createHttpTransport speaks to `turncoat gui`'s HTTP API
// (docs/gui.md, the HTTP API), adding the session's token to every
// request; createLocalTransport calls the same Rust code compiled to
// WebAssembly in the page (the web build, docs/web.md), with the engine
// in a Web Worker. Both return an object with these methods:
//
//   state()             → Promise of the STATE, or null when it cannot be had
//   act(name, body)     → Promise of {ok: true, data} (the answer, parsed;
//                         null if it was not JSON) or {ok: false, error}
//                         (the text to show)
//   rules(variant)      → Promise of the rules section (GET /api/rules), null
//                         when refused; rejects when unreachable (try again)
//   asset(name)         → Promise of a file of the page as text (pieces.svg)
//   link(path)          → a URL for the browser to open itself (the book)
//   subscribe({onState, onEngine})
//                       → {live()}: every new state (onState(state, receivedAt),
//                         receivedAt the performance.now() of its arrival off
//                         the live channel, null when polled) and every engine
//                         line (onEngine(event)); live() says whether the live
//                         channel is up (then an action's own answer may be
//                         older than a state already delivered).
//
// No DOM: tests/js/transport.test.mjs drives them with a fake fetch, a
// fake page and a fake engine.

/** The HTTP transport: `token` the session's; `fetch`, `EventSource` and
 * the timers are the browser's unless handed in. */
export function createHttpTransport({
  token = '',
  fetch = (...a) => globalThis.fetch(...a),
  EventSource = globalThis.EventSource,
  setTimeout = (...a) => globalThis.setTimeout(...a),
  setInterval = (...a) => globalThis.setInterval(...a),
  now = () => performance.now(),
} = {}) {
  /** `path` with the token (query `token=`). */
  function url(path) {
    return `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
  }

  async function state() {
    try {
      const res = await fetch(url('/api/state'));
      return res.ok ? await res.json() : null;
    } catch {
      return null; // the next poll retries
    }
  }

  /** POST /api/NAME with a JSON body. */
  async function act(name, body) {
    let res;
    try {
      res = await fetch(url(`/api/${name}`), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
    } catch (e) {
      return { ok: false, error: `${name}: server unreachable (${e.message})` };
    }
    let data = null;
    try {
      data = await res.json();
    } catch {
      data = null;
    }
    if (!res.ok) return { ok: false, error: (data && data.error) || `${name}: HTTP ${res.status}` };
    return { ok: true, data };
  }

  async function rules(variant) {
    const res = await fetch(url(`/api/rules?variant=${encodeURIComponent(variant)}`));
    return res.ok ? res.json() : null;
  }

  async function asset(name) {
    const res = await fetch(url(`/${name}`));
    return res.text();
  }

  /** The live channel (Server-Sent Events: `state`, `engine`), opened again
   * 2 s after it closes; while it is down, GET /api/state once a second. */
  function subscribe({ onState, onEngine }) {
    let alive = false;
    function connect() {
      if (!EventSource) return;
      let es;
      try {
        es = new EventSource(url('/api/events'));
      } catch {
        return;
      }
      es.onopen = () => {
        alive = true;
      };
      es.addEventListener('state', (e) => {
        alive = true;
        const receivedAt = now();
        let s;
        try {
          s = JSON.parse(e.data);
        } catch {
          return;
        }
        onState(s, receivedAt);
      });
      es.addEventListener('engine', (e) => {
        let ev;
        try {
          ev = JSON.parse(e.data);
        } catch {
          return; /* not ours to judge */
        }
        onEngine(ev);
      });
      es.onerror = () => {
        alive = false;
        if (es.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
      };
    }
    connect();
    setInterval(async () => {
      if (alive) return;
      const s = await state();
      if (s) onState(s, null);
    }, 1000);
    return { live: () => alive };
  }

  return { state, act, rules, asset, link: url, subscribe };
}

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
