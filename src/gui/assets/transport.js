// turncoat gui — how the page talks to the game: the one interface every
// other module uses to ask for the state, send an action and hear of new
// states. createHttpTransport speaks to `turncoat gui`'s HTTP API
// (docs/gui.md, the HTTP API), adding the session's token to every
// request; the web build's createLocalTransport (web/site, docs/web.md)
// calls the same Rust code in the page. Both return these methods:
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
// No DOM: tests/js/transport.test.mjs drives them with fakes.

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
