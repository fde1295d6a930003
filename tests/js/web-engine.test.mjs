// The web build's engine wrapper (web/site/engine.js) with a fake Worker:
// lines pass through both ways; `stop` during a search ends the worker at
// once, answers with the PV's move (or a fresh worker's depth-1 move) and
// gives the fresh worker the options and the position again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createWorkerEngine } from '../../web/site/engine.js';

/** A Worker that records what it is sent; `say(line)` is its output. */
function fakeWorkers() {
  const made = [];
  class FakeWorker {
    constructor(url, opts) {
      this.url = url;
      this.opts = opts;
      this.sent = [];
      this.terminated = false;
      made.push(this);
    }
    postMessage(m) {
      this.sent.push(m);
    }
    terminate() {
      this.terminated = true;
    }
    say(line) {
      if (!this.terminated) this.onmessage({ data: line });
    }
  }
  return { made, Worker: FakeWorker };
}

function engine() {
  const { made, Worker } = fakeWorkers();
  const e = createWorkerEngine({ module: 'MODULE', workerUrl: 'engine-worker.js', Worker });
  const heard = [];
  e.onLine((l) => heard.push(l));
  return { e, made, heard };
}

test('the module first, then each line; the output as it comes', () => {
  const { e, made, heard } = engine();
  assert.equal(made.length, 0, 'no worker before the first line');
  e.send('uci');
  assert.deepEqual(made[0].opts, { type: 'module' });
  e.send('setoption name UCI_Variant value pacifist');
  assert.deepEqual(made[0].sent, ['MODULE', 'uci', 'setoption name UCI_Variant value pacifist']);
  made[0].say('uciok');
  assert.deepEqual(heard, ['uciok']);
});

test('stop during a search: the PV move at once, and a fresh worker given it all again', () => {
  const { e, made, heard } = engine();
  e.send('setoption name UCI_Variant value chess');
  e.send('setoption name Skill Level value 3');
  e.send('setoption name skill level value 5');
  e.send('position startpos moves e2e4');
  e.send('go wtime 1000 btime 1000');
  made[0].say('info depth 1 score cp 10 nodes 20 pv e7e5 g1f3');
  made[0].say('info depth 2 score cp 5 nodes 90 pv c7c5 g1f3');
  e.send('isready');
  assert.equal(heard.at(-1), 'readyok', 'isready during a search is answered at once');
  e.send('stop');
  assert.equal(heard.at(-1), 'bestmove c7c5');
  assert.ok(made[0].terminated);
  assert.equal(made.length, 2);
  assert.equal(e.started(), 2);
  assert.deepEqual(made[1].sent, [
    'MODULE',
    'setoption name UCI_Variant value chess',
    'setoption name skill level value 5',
    'position startpos moves e2e4',
  ]);
  // nothing runs now: stop and isready are the engine's again
  e.send('stop');
  assert.equal(made.length, 2);
  e.send('isready');
  assert.equal(made[1].sent.at(-1), 'isready');
});

test('stop before any PV: a depth-1 search in the fresh worker answers, its own lines unheard', () => {
  const { e, made, heard } = engine();
  e.send('position startpos');
  e.send('go depth 30');
  e.send('stop');
  assert.deepEqual(heard, []);
  assert.equal(made[1].sent.at(-1), 'go depth 1');
  // the next search is queued behind the stand-in
  e.send('position startpos moves d2d4');
  e.send('go depth 5');
  made[1].say('info depth 1 score cp 3 nodes 5 pv g1f3');
  made[1].say('bestmove g1f3 ponder g8f6');
  assert.deepEqual(heard, ['bestmove g1f3']);
  made[1].say('info depth 1 score cp 1 nodes 4 pv d7d5');
  made[1].say('bestmove d7d5');
  assert.deepEqual(heard.slice(1), ['info depth 1 score cp 1 nodes 4 pv d7d5', 'bestmove d7d5']);
});

test('a go the engine refuses leaves nothing running; a perft stopped says so', () => {
  const { e, made, heard } = engine();
  e.send('go infinite');
  made[0].say('info string error: go: this build searches on one thread');
  e.send('stop');
  assert.equal(made.length, 1, 'nothing to stop');
  e.send('go perft 7');
  e.send('stop');
  assert.equal(heard.at(-1), 'info string perft stopped');
  assert.equal(made.length, 2);
});
