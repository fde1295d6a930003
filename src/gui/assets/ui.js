// turncoat gui — the page's own state, beside the server's: the one `ui`
// object every module reads and writes (what is selected, browsed,
// previewed, dragged, drawn), the measured latencies, and two small
// helpers. The server's STATE is `ui.state`, as last received.

export const ui = {
  state: null,
  seq: undefined, // the newest state's `seq`: an older one is never applied
  stateAt: 0, // performance.now() when `state` arrived (clocks count from it)
  posKey: '',
  flipped: false,
  sel: null, // selected square
  chooser: null, // {moves, anchor, title}
  hoverChoice: null,
  waveIdx: null, // index into last.waves, null = the final board
  waveTimer: null,
  turnBefore: false,
  preview: null, // {board, conversions, moves}
  browse: null, // a game mode's earlier position shown while the game goes on: {ply, board, last, turn, ...}
  browseSeq: 0,
  drag: null, // {from, x, y, id, started, ghost}
  suppressClickUntil: 0,
  boardDirty: false,
  boardShape: '',
  keys: {},
  shown: {}, // what the state last wrote into a text box
  force: {}, // overwrite the box with the next state
  lastPgn: '',
  clientMessage: '',
  clientMessageAt: 0,
  engineLog: [],
  engineHover: false,
  clickAt: null, // performance.now() of the click whose move is on its way
  confirm: null, // an action waiting for its confirmation ('resign')
  modeAsk: null, // a mode waiting for the person's word, as it would drop plies (mode.js)
  shapes: [], // arrows and circles the user drew: {from, to, color} (to === from: a circle)
  rdrag: null, // a right-drag under way: {from}
  premove: null, // a move queued while the engine thinks: {from, to, ply, game}; played at the person's turn if legal
  over: null, // the end last seen ('' while the game runs), to open the game-over dialog once
  dialog: false,
  movesDrawn: null, // the moves the list shows (a list that only grew is appended to)
  movesPending: false,
  lowTimeWarned: undefined, // the game and side whose low time was sounded
};

// Measured latencies (ms), read by the browser test and for the report
// (window.turncoatTimings). engineDrawn: epoch ms at which each engine move
// was on screen, to set against the engine's own bestmove time.
export const timings = { click: [], engine: [], engineDrawn: [] };

export const $ = (id) => document.getElementById(id);

/** Whether `key` differs from the last call's for `name` (then it is
 * remembered): a panel redraws only when its key changed (no DOM churn). */
export function changed(name, key) {
  if (ui.keys[name] === key) return false;
  ui.keys[name] = key;
  return true;
}

/** Runs `f` once the next frame is painted. */
export function afterPaint(f) {
  requestAnimationFrame(() => setTimeout(f, 0));
}
