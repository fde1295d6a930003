// turncoat gui — what the page does: every action sent through the
// transport, each new state applied and drawn (renderAll), and the page's
// own moves between states: a move played, a premove queued, browsing the
// game, previewing an engine line, stepping a cascade, flipping the board.
// The server is authoritative (rules, legality, conversions, results): the
// page never judges a move, it sends it and draws the STATE that comes back.

import { ui, timings, afterPaint, changed } from './ui.js';
import { isEngineSide } from './format.js';
import { gameKey, personColor, premoveSide, shown } from './view.js';
import { renderBoard, closeChooser } from './board.js';
import { clearClientMessage, gameSettings, renderControls, renderMessage, renderPgn, showMessage } from './controls.js';
import { renderGameActions, renderUnderBoard, renderWaves } from './underboard.js';
import { renderClocks, renderMoves, renderPlayers, renderStatus } from './moves.js';
import { logEngine, renderEngine, renderEvalBar, renderGraph } from './engine-panel.js';
import { soundFor } from './sounds.js';
import { levelPref, rematchLevels, rememberedLevel } from './level.js';

let transport = null;
let channel = null; // the transport's subscription, once started
let prefs = null; // the browser's preferences (prefs.js): the levels are remembered there
let levelsSynced = false; // the remembered levels were sent: from then on the server's are remembered

/** The transport every action goes through (transport.js). */
export function useTransport(t) {
  transport = t;
}

/** Where the engines' levels are remembered (prefs.js's `createPrefs`). */
export function usePrefs(p) {
  prefs = p;
}

/** The first state, then every new one as it comes. */
export async function start() {
  applyState(await transport.state());
  await sendRememberedLevels();
  channel = transport.subscribe({ onState, onEngine: logEngine });
}

/** The levels this browser remembers (a new player: the default) go to the
 * server where its own differ; then the page remembers the server's, so
 * that a rematch, which swaps them with the colours, is remembered too. */
async function sendRememberedLevels() {
  const s = ui.state;
  if (prefs && s && s.levels) {
    for (const side of ['w', 'b']) {
      const level = rememberedLevel(prefs, side);
      if (s.levels[side] !== level) await act('level', { side, level });
    }
  }
  levelsSynced = true;
  if (ui.state) rememberLevels(ui.state);
}

/** The server's levels into the preferences, once the remembered ones were sent. */
function rememberLevels(s) {
  if (!prefs || !levelsSynced || !s.levels || !changed('remembered-levels', `${s.levels.w}|${s.levels.b}`)) return;
  for (const side of ['w', 'b']) prefs.set(levelPref(side), String(s.levels[side]));
}

/** Whether states come from the live channel (then an action's answer is not applied). */
function live() {
  return !!channel && channel.live();
}

function onState(s, receivedAt) {
  if (receivedAt === null) return void applyState(s);
  const before = ui.state ? ui.state.moves.length : 0;
  applyState(s);
  if (s.moves.length === before + 1 && isEngineSide(s, s.moves[s.moves.length - 1].side)) {
    const ply = s.moves.length;
    afterPaint(() => {
      timings.engine.push(performance.now() - receivedAt);
      timings.engineDrawn.push({ ply, at: performance.timeOrigin + performance.now() });
    });
  }
}

// ---------------------------------------------------------------- the server
/** An action (POST /api/ACTION); its answer, or null after showing the error. */
export async function api(action, body) {
  const r = await transport.act(action, body);
  if (!r.ok) {
    showMessage(r.error);
    return null;
  }
  clearClientMessage();
  return r.data;
}

// Actions after which a queued premove no longer belongs to the game.
const PREMOVE_ENDS = new Set(['new', 'mode', 'undo', 'goto', 'rematch', 'pgn-import', 'abort', 'resign']);

/** An action whose answer is a STATE. */
// While the live channel is up, states are taken from it alone: it is
// one ordered stream, whereas an action's answer can arrive after the
// stream has already brought a newer state (an engine's quick reply) and
// would put the page back. The answer is used when the stream is down.
export async function act(action, body) {
  if (PREMOVE_ENDS.has(action)) cancelPremove();
  const s = await api(action, body);
  if (s && !live()) applyState(s);
  return s;
}

// ---------------------------------------------------------------- state → page
export function applyState(s) {
  if (!s || !s.board) return;
  // a server that numbers its states: never go back to an older one
  if (typeof s.seq === 'number') {
    if (ui.seq !== undefined && s.seq < ui.seq) return;
    ui.seq = s.seq;
  }
  const posKey = [s.variant, s.fen, s.cursor, s.moves.length, s.pending, s.start_fen].join('|');
  if (posKey !== ui.posKey) {
    ui.posKey = posKey;
    // a piece picked up for a premove stays selected when the turn comes
    const keep = ui.sel && ui.state && !ui.state.human_to_move && s.human_to_move && ui.state.board[ui.sel] === s.board[ui.sel];
    if (!keep) ui.sel = null;
    ui.chooser = null;
    ui.hoverChoice = null;
    ui.waveIdx = null;
    stopWaves();
    ui.turnBefore = false;
    ui.preview = null;
    ui.browse = null; // the next move returns the board to the live position
    ui.shapes = [];
    if (ui.clickAt) {
      const start = ui.clickAt;
      ui.clickAt = null;
      afterPaint(() => timings.click.push(performance.now() - start));
    }
  }
  const before = ui.state;
  orient(before, s);
  ui.state = s;
  ui.stateAt = performance.now();
  rememberLevels(s);
  renderAll();
  soundFor(before, s); // after drawing: the board first
  playPremove();
}

/** The board faces the person, as on lichess: a new game, a rematch or a
 * change of seats against an engine turns it to the person's colour (their
 * name and clock at the bottom, moves.js); a flip by hand holds until then.
 * Where nobody or both play (watch, hotseat, analysis) it stays as it is. */
function orient(before, s) {
  const person = personColor(s);
  if (!person) return;
  const newGame = !before || gameKey(before) !== gameKey(s) || (s.moves.length === 0 && before.moves.length > 0);
  if (newGame) setFlipped(person === 'b');
}

/** After the person's own new game, rematch or mode (`s`: the answer):
 * the same game key as before when nothing was played, yet a new game. */
function faceThePerson(s) {
  const person = s && personColor(s);
  if (!person || ui.flipped === (person === 'b')) return s;
  setFlipped(person === 'b');
  renderAll();
  return s;
}

function setFlipped(flipped) {
  if (ui.flipped === flipped) return;
  ui.flipped = flipped;
  ui.keys = {}; // every panel drawn for the other side redraws
}

export function renderAll() {
  if (!ui.state) return;
  renderControls();
  renderBoard();
  renderUnderBoard();
  renderGameActions();
  renderStatus();
  renderPlayers();
  renderClocks();
  renderMoves();
  renderEngine();
  renderEvalBar();
  renderGraph();
  renderPgn();
  renderMessage();
}

// ---------------------------------------------------------------- moves and games
/** Plays `move` (the variant's notation); `t0` the click's time, for timings.click. */
export async function playMove(move, t0) {
  const start = t0 ?? performance.now();
  closeChooser();
  ui.sel = null;
  renderBoard();
  ui.clickAt = start; // timed in applyState, when the position changes
  const s = await act('move', { move });
  if (!s) ui.clickAt = null;
}

/** A new game from the controls' settings, at `fen` or the start. */
export function newGame(fen) {
  ui.force.fen = ui.force.tc = true;
  const g = gameSettings();
  return act('new', { ...g, fen: fen || null }).then(faceThePerson);
}

export function changeMode() {
  const g = gameSettings();
  ui.force.tc = true;
  return act('mode', { mode: g.mode, white: g.white, black: g.black, tc: g.tc }).then(faceThePerson);
}

export async function offerDraw() {
  const res = await api('draw', {});
  if (res && res.draw === 'declined') showMessage(res.draw_message || 'the draw is declined');
  if (res && !live()) applyState(res);
}

export function rematch() {
  ui.dialog = false;
  return act('rematch', {}).then(faceThePerson);
}

/** The level of `side`'s engine seat (`#level-white`, `#level-black`): from the engine's next move. */
export function chooseLevel(side, level) {
  return act('level', { side, level });
}

/** A rematch with the engine one level up (`delta` 1) or down (-1), as the game-over dialog offers. */
export async function rematchAtLevel(delta) {
  const r = ui.state && rematchLevels(ui.state);
  const level = r && (delta > 0 ? r.up : r.down);
  if (!level || !(await act('level', { side: r.side, level }))) return null;
  return rematch();
}

export function flip() {
  setFlipped(!ui.flipped);
  renderAll();
}

// ---------------------------------------------------------------- premoves (lichess's: one queued move)
/** Queues from→to (any other square: the legality is judged when it is played); replaces the one queued. */
export function setPremove(from, to) {
  closeChooser();
  ui.sel = null;
  ui.premove = { from, to, ply: ui.state.moves.length, game: gameKey(ui.state) };
  renderBoard();
}

/** Drops the queued premove (and a piece picked up for one); whether there was one. */
export function cancelPremove() {
  const had = !!ui.premove || (ui.sel && premoveSide());
  ui.premove = null;
  if (premoveSide()) ui.sel = null;
  if (had && ui.state) renderBoard();
  return had;
}

/** At the person's turn: the queued move is played if legal now (a promotion: a queen), else dropped. */
function playPremove() {
  const p = ui.premove;
  const s = ui.state;
  if (!p || !s) return;
  if (s.result || s.aborted || gameKey(s) !== p.game || s.moves.length < p.ply) return void cancelPremove();
  if (!s.human_to_move || s.moves.length === p.ply) return; // still the engine's turn
  ui.premove = null;
  const legalNow = ui.preview || ui.browse ? [] : s.legal || [];
  const ms = legalNow.filter((m) => m.from === p.from && m.to === p.to);
  const m = ms.length === 1 ? ms[0] : ms.find((x) => /q$/i.test(x.move));
  if (m) playMove(m.move);
  else renderBoard();
}

// ---------------------------------------------------------------- browsing the game
/** Goes to a ply: in analysis the position shown (the server's); in a
 * game mode only what the board shows, the game going on (browsing). */
export async function gotoPly(ply) {
  const s = ui.state;
  if (!s) return;
  const k = Math.max(0, Math.min(s.moves.length, ply));
  if (s.mode === 'analysis') {
    if (k !== s.cursor) act('goto', { ply: k });
    return;
  }
  const seq = ++ui.browseSeq;
  const isLive = k >= s.moves.length - (s.pending ? 1 : 0);
  if (isLive) {
    if (ui.browse) endBrowse();
    return;
  }
  if (ui.browse && ui.browse.ply === k) return;
  const key = ui.posKey;
  const res = await api('preview', { ply: k });
  // a newer key press, or a move played meanwhile (the live position wins)
  if (!res || seq !== ui.browseSeq || key !== ui.posKey) return;
  closeChooser();
  ui.sel = null;
  ui.waveIdx = null;
  stopWaves();
  ui.turnBefore = false;
  ui.browse = { ...res, ply: k };
  renderAll();
}

export function endBrowse() {
  ui.browseSeq++;
  ui.browse = null;
  ui.waveIdx = null;
  renderAll();
}

// ---------------------------------------------------------------- an engine line's preview
/** The line as drawn (`pvText`, and `sanText` as it reads), which may be older than the state's. */
export async function previewLine(lineIdx, moveIdx, pvText, sanText) {
  const line = (ui.state.engine_output || [])[lineIdx];
  const pv = pvText ? pvText.split(' ') : line ? line.pv : [];
  if (!pv.length) return;
  const moves = pv.slice(0, moveIdx + 1);
  const res = await api('preview', { moves });
  if (!res) return;
  if (res.error) {
    showMessage(`preview: ${res.error}`);
    return;
  }
  closeChooser();
  ui.sel = null;
  const readable = sanText ? sanText.split(' ').slice(0, moves.length) : moves;
  ui.preview = { board: res.board, check: res.check, conversions: res.conversions || (res.last && res.last.conversions) || [], moves, readable };
  renderAll();
}

export function endPreview() {
  ui.preview = null;
  renderAll();
}

// ---------------------------------------------------------------- a cascade, wave by wave
export function stepWave(delta) {
  const last = shown().last;
  const waves = (last && last.waves) || [];
  if (waves.length < 2) return;
  const n = waves.length - 1;
  const i = ui.waveIdx === null ? n : ui.waveIdx;
  const j = Math.max(0, Math.min(n, i + delta));
  ui.waveIdx = j === n ? null : j;
  renderBoard();
  renderWaves();
}

export function stopWaves() {
  if (ui.waveTimer) clearInterval(ui.waveTimer);
  ui.waveTimer = null;
}

/** Plays the cascade from wave 0, a wave every 0.7 s (or stops it). */
export function playWaves() {
  if (ui.waveTimer) {
    stopWaves();
    renderWaves();
    return;
  }
  ui.waveIdx = 0;
  renderBoard();
  ui.waveTimer = setInterval(() => {
    stepWave(1);
    if (ui.waveIdx === null) {
      stopWaves();
      renderWaves();
    }
  }, 700);
  renderWaves();
}
