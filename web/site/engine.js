// turncoat's engine in a Web Worker, spoken to in UCI line by line as the
// native binary is (docs/web.md): send(line), and every line it prints to
// the onLine listeners.
//
// A search in WebAssembly runs on the worker's one thread to its end, so
// the worker cannot read a `stop` meanwhile. This wrapper answers for it:
// on `stop` during a search (or a count) it ends the worker at once,
// prints the `bestmove` of the search's last line with a PV (or, before
// the first, the move of a depth-1 search in a fresh worker: always a
// legal move), and starts a fresh worker that is given the options and
// the position again. `isready` during a search is answered at once, as
// natively. Measured in docs/experiments.md.

/** `module` the compiled WebAssembly.Module; `workerUrl` engine-worker.js;
 * `Worker` the browser's unless handed in. */
export function createWorkerEngine({ module, workerUrl, Worker = globalThis.Worker }) {
  const listeners = [];
  // setoption lines by option name (the last one of each), and the
  // position: what a fresh worker is given again.
  const options = new Map();
  let position = null;
  // What the worker has been given to run and has not finished, oldest
  // first: {kind: 'go' | 'perft' | 'bench' | 'stand-in', pv: the first move
  // of its latest PV}. A stand-in is a depth-1 search whose move answers a
  // search stopped before its first PV.
  let pending = [];
  // Workers started so far (the first, and one per stop that ended one).
  let started = 0;
  // Started with the first line, not before: the page's first paint
  // does not share the processor with the worker's start.
  let worker = null;

  function emit(line) {
    for (const f of listeners) f(line);
  }

  function start() {
    const w = new Worker(workerUrl, { type: 'module' });
    started += 1;
    w.postMessage(module);
    w.onmessage = (e) => heard(String(e.data));
    return w;
  }

  /** A line of the worker's: its end of the oldest pending job, if it is. */
  function heard(line) {
    const job = pending[0];
    const kind = job ? job.kind : null;
    if (kind === 'stand-in') {
      // The stand-in's own lines are not the engine's output; its move is.
      if (line.startsWith('bestmove')) {
        pending.shift();
        emit(line.split(' ').slice(0, 2).join(' '));
      }
      return;
    }
    if (kind && line.startsWith('info string error')) {
      // A line the engine refused (a `go` without a limit it can keep, a
      // perft too deep): nothing runs.
      pending.shift();
    } else if (kind === 'go') {
      const at = line.startsWith('info') ? line.indexOf(' pv ') : -1;
      if (at >= 0) job.pv = line.slice(at + 4).split(' ')[0] || job.pv;
      if (line.startsWith('bestmove')) pending.shift();
    } else if (kind === 'perft' && line.startsWith('Nodes searched')) {
      pending.shift();
    } else if (kind === 'bench' && line.startsWith('Nodes/second')) {
      pending.shift();
    }
    emit(line);
  }

  /** Ends the worker and starts a fresh one, given the options and the
   * position again. */
  function restart() {
    if (worker) worker.terminate();
    worker = start();
    for (const line of options.values()) worker.postMessage(line);
    if (position) worker.postMessage(position);
  }

  /** `stop`: what runs ends now, each search answered with its PV's move
   * (in order: once one needs a stand-in, those after it wait for it). */
  function stop() {
    if (pending.length === 0) return;
    const stopped = pending;
    pending = [];
    restart();
    for (const job of stopped) {
      if (job.kind === 'perft') emit('info string perft stopped');
      else if (job.kind === 'bench') emit('info string bench stopped');
      else if (job.pv && pending.length === 0) emit(`bestmove ${job.pv}`);
      else {
        pending.push({ kind: 'stand-in', pv: null });
        worker.postMessage('go depth 1');
      }
    }
  }

  function send(text) {
    const line = String(text).trim();
    const [cmd, ...rest] = line.split(/\s+/);
    switch (cmd) {
      case 'stop':
        return stop();
      case 'isready':
        if (pending.length > 0) return emit('readyok');
        break;
      case 'quit':
        if (worker) worker.terminate();
        worker = null;
        pending = [];
        return undefined;
      case 'setoption': {
        const name = line.match(/^setoption\s+name\s+(.*?)(\s+value\s|$)/);
        if (name) options.set(name[1].toLowerCase(), line);
        // The variant resets the position (docs/protocols.md).
        if (name && name[1].toLowerCase() === 'uci_variant') position = null;
        break;
      }
      case 'position':
        position = line;
        break;
      case 'ucinewgame':
        position = null;
        break;
      case 'go':
        pending.push({ kind: rest[0] === 'perft' ? 'perft' : 'go', pv: null });
        break;
      case 'bench':
        pending.push({ kind: 'bench', pv: null });
        break;
      default:
    }
    if (!worker) worker = start();
    worker.postMessage(line);
    return undefined;
  }

  return {
    send,
    onLine(f) {
      listeners.push(f);
    },
    /** How many workers were started (tests/clients/web_browser.py). */
    started: () => started,
  };
}
