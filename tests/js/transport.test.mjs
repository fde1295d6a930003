// The HTTP transport (src/gui/assets/transport.js), with a fake fetch and EventSource.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHttpTransport } from '../../src/gui/assets/transport.js';
import { createLocalTransport } from '../../web/site/local-transport.js';

/** A fetch that records its calls and answers from `answer(url, init)`. */
function fakeFetch(answer) {
  const calls = [];
  const fetch = async (url, init) => {
    calls.push({ url, init });
    return answer(url, init);
  };
  return { calls, fetch };
}

const json = (status, body) => ({ ok: status < 300, status, json: async () => body, text: async () => JSON.stringify(body) });

test('an action is a POST of JSON with the token; its answer comes back', async () => {
  const { calls, fetch } = fakeFetch(() => json(200, { board: {}, seq: 7 }));
  const t = createHttpTransport({ token: 'ab12', fetch });
  assert.deepEqual(await t.act('move', { move: 'e2e4' }), { ok: true, data: { board: {}, seq: 7 } });
  assert.equal(calls[0].url, '/api/move?token=ab12');
  assert.equal(calls[0].init.method, 'POST');
  assert.equal(calls[0].init.headers['Content-Type'], 'application/json');
  assert.deepEqual(JSON.parse(calls[0].init.body), { move: 'e2e4' });
  await t.act('undo');
  assert.equal(calls[1].init.body, '{}');
});

test('a refused action says why: the server\'s error, else the status, else unreachable', async () => {
  let t = createHttpTransport({ token: 't', fetch: async () => json(422, { error: 'illegal move e2e5' }) });
  assert.deepEqual(await t.act('move', { move: 'e2e5' }), { ok: false, error: 'illegal move e2e5' });
  const notJson = { ok: false, status: 500, json: async () => JSON.parse('<html>') };
  t = createHttpTransport({ token: 't', fetch: async () => notJson });
  assert.deepEqual(await t.act('new', {}), { ok: false, error: 'new: HTTP 500' });
  t = createHttpTransport({
    token: 't',
    fetch: async () => {
      throw new Error('connection refused');
    },
  });
  assert.deepEqual(await t.act('new', {}), { ok: false, error: 'new: server unreachable (connection refused)' });
  assert.equal(await t.state(), null);
});

test('the state, the rules, the assets and links carry the token', async () => {
  const { calls, fetch } = fakeFetch((url) => json(url.startsWith('/api/rules') ? 200 : 200, { url }));
  const t = createHttpTransport({ token: 'ab12', fetch });
  assert.deepEqual(await t.state(), { url: '/api/state?token=ab12' });
  assert.deepEqual(await t.rules('pacifist2'), { url: '/api/rules?variant=pacifist2&token=ab12' });
  await t.asset('pieces.svg');
  assert.equal(calls[2].url, '/pieces.svg?token=ab12');
  assert.equal(t.link('/book'), '/book?token=ab12');
  const refused = createHttpTransport({ token: 'x', fetch: async () => json(404, {}) });
  assert.equal(await refused.rules('fairy'), null);
});

test('subscribe: states off the live channel, polling while it is down', async () => {
  const sources = [];
  class FakeEventSource {
    static CLOSED = 2;
    constructor(url) {
      this.url = url;
      this.listeners = {};
      this.readyState = 0;
      sources.push(this);
    }
    addEventListener(name, f) {
      this.listeners[name] = f;
    }
  }
  const timers = [];
  const intervals = [];
  const { calls, fetch } = fakeFetch(() => json(200, { board: {}, polled: true }));
  const t = createHttpTransport({
    token: 'ab12',
    fetch,
    EventSource: FakeEventSource,
    setTimeout: (f, ms) => timers.push({ f, ms }),
    setInterval: (f, ms) => intervals.push({ f, ms }),
    now: () => 42,
  });
  const states = [];
  const engine = [];
  const channel = t.subscribe({ onState: (s, at) => states.push([s, at]), onEngine: (e) => engine.push(e) });
  assert.equal(sources[0].url, '/api/events?token=ab12');
  assert.equal(channel.live(), false);
  // down: the poll asks for the state
  assert.equal(intervals[0].ms, 1000);
  await intervals[0].f();
  assert.deepEqual(states.pop(), [{ board: {}, polled: true }, null]);
  // up: streamed states and engine lines, no polling
  sources[0].onopen();
  assert.equal(channel.live(), true);
  sources[0].listeners.state({ data: '{"seq": 3}' });
  sources[0].listeners.state({ data: 'not json' });
  sources[0].listeners.engine({ data: '{"line": "info depth 1"}' });
  assert.deepEqual(states, [[{ seq: 3 }, 42]]);
  assert.deepEqual(engine, [{ line: 'info depth 1' }]);
  const polls = calls.length;
  await intervals[0].f();
  assert.equal(calls.length, polls);
  // closed: down again, and opened anew 2 s later
  sources[0].readyState = FakeEventSource.CLOSED;
  sources[0].onerror();
  assert.equal(channel.live(), false);
  assert.equal(timers[0].ms, 2000);
  timers[0].f();
  assert.equal(sources.length, 2);
});

/** The web build's Page (web/src/lib.rs) as far as the transport uses it:
 * `wanted` is the search its hub wants, `moves` the engine's moves it
 * took. */
function fakePage() {
  const page = {
    wanted: null,
    seq: 0,
    lines: [],
    saved: 0,
    state: () => JSON.stringify({ seq: page.seq, board: {} }),
    publish: () => {
      page.seq += 1;
      return page.state();
    },
    act: (name, body) => {
      page.acted = [name, JSON.parse(body)];
      return name === 'bad' ? JSON.stringify({ ok: false, error: 'no action' }) : JSON.stringify({ ok: true, data: { seq: page.seq } });
    },
    search: () => (page.wanted ? JSON.stringify(page.wanted) : undefined),
    engine_line: (id, line) => {
      page.lines.push([id, line]);
      if (line.startsWith('bestmove')) {
        page.wanted = null;
        return true;
      }
      return false;
    },
    tick: () => false,
    dirty: () => false,
    pgn: () => '1. e4 *',
  };
  return page;
}

function fakeEngine() {
  const e = { sent: [], listener: null };
  e.send = (line) => {
    e.sent.push(line);
    if (line === 'stop') e.listener('bestmove a1a2');
  };
  e.onLine = (f) => {
    e.listener = f;
  };
  return e;
}

test('local: an action goes to the page, its state to the subscriber, the engine is set to the search wanted', async () => {
  const page = fakePage();
  const engine = fakeEngine();
  const states = [];
  const t = createLocalTransport({ page, engine, setInterval: () => {}, now: () => 5 });
  t.subscribe({ onState: (s, at) => states.push([s.seq, at]), onEngine: () => {} });
  page.wanted = { id: 1, side: 'b', analysis: false, commands: ['position startpos moves e2e4', 'go depth 3'] };
  assert.deepEqual(await t.act('move', { move: 'e2e4' }), { ok: true, data: { seq: 0 } });
  assert.deepEqual(page.acted, ['move', { move: 'e2e4' }]);
  assert.deepEqual(states, [[0, 5]]);
  assert.deepEqual(engine.sent, ['position startpos moves e2e4', 'go depth 3']);
  assert.deepEqual(await t.act('bad', {}), { ok: false, error: 'no action' });
  assert.equal(states.length, 1, 'a refused action changes nothing');
});

test('local: the engine\'s lines go to the hub with the search\'s id; its move publishes the state', () => {
  const page = fakePage();
  const engine = fakeEngine();
  const events = [];
  const states = [];
  page.wanted = { id: 7, side: 'w', analysis: false, commands: ['go depth 1'] };
  const t = createLocalTransport({ page, engine, setInterval: () => {}, now: () => 1 });
  t.subscribe({ onState: (s) => states.push(s.seq), onEngine: (ev) => events.push(ev) });
  assert.deepEqual(engine.sent, ['go depth 1'], 'a search wanted at the start runs at once (a restored game)');
  engine.listener('info depth 1 score cp 3 pv e2e4');
  engine.listener('bestmove e2e4');
  assert.deepEqual(page.lines, [[7, 'info depth 1 score cp 3 pv e2e4'], [7, 'bestmove e2e4']]);
  assert.deepEqual(events, [{ engine: 'turncoat', side: 'w', line: 'info depth 1 score cp 3 pv e2e4' }]);
  assert.deepEqual(states, [1]);
});

test('local: a search no longer wanted is stopped, and its bestmove is not the next search\'s', async () => {
  const page = fakePage();
  const engine = fakeEngine();
  page.wanted = { id: 1, side: 'b', analysis: false, commands: ['go wtime 9000 btime 9000'] };
  const t = createLocalTransport({ page, engine, setInterval: () => {}, now: () => 1 });
  t.subscribe({ onState: () => {}, onEngine: () => {} });
  page.wanted = { id: 2, side: 'b', analysis: true, commands: ['go depth 64'] };
  await t.act('undo', {});
  assert.deepEqual(engine.sent, ['go wtime 9000 btime 9000', 'stop', 'go depth 64']);
  assert.deepEqual(page.lines, [], 'the stopped search\'s bestmove (a1a2) is dropped');
  engine.listener('info depth 9 score cp 0 pv d2d4');
  assert.deepEqual(page.lines, [[2, 'info depth 9 score cp 0 pv d2d4']]);
});

test('local: the book and the rules sections are files of the site', async () => {
  const { calls, fetch } = fakeFetch((url) => (url === 'rules-chess.json' ? json(200, { variant: 'chess' }) : json(404, {})));
  const t = createLocalTransport({ page: fakePage(), engine: fakeEngine(), fetch, setInterval: () => {} });
  assert.equal(t.link('/book'), 'book.html');
  assert.deepEqual(await t.rules('chess'), { variant: 'chess' });
  assert.equal(await t.rules('go'), null);
  assert.equal(await t.rules('../x'), null);
  assert.deepEqual(calls.map((c) => c.url), ['rules-chess.json', 'rules-go.json']);
});
