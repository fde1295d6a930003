// turncoat gui — the page's entry point (index.html loads it as a module):
// makes the transport, wires every control to its action, and starts. The
// server is authoritative (rules, legality, conversions, results): the
// page renders the STATE it sends and turns clicks into actions. Native ES
// modules, no framework, no build step; docs/gui.md's table says which
// module does what.

import { ui, $, timings } from './ui.js';
import { createHttpTransport } from './transport.js';
import { browserStorage, createPrefs, wirePrefs } from './prefs.js';
import { sounds } from './sounds.js';
import { renderBoard } from './board.js';
import { wireInput } from './input.js';
import { renderClocks } from './moves.js';
import { renderGameActions } from './underboard.js';
import { graphPly, renderEngine } from './engine-panel.js';
import { choosePreset, hasEngines, renderMessage, showMessage, syncPreset } from './controls.js';
import { wireLearn } from './learn.js';
import { wireMode } from './mode.js';
import {
  act,
  changeMode,
  chooseLevel,
  endPreview,
  flip,
  gotoPly,
  newGame,
  offerDraw,
  playWaves,
  previewLine,
  rematch,
  rematchAtLevel,
  renderAll,
  start,
  stepWave,
  stopWaves,
  usePrefs,
  useTransport,
} from './actions.js';

// What the browser test reads (docs/testing.md): the measured latencies and the sounds played.
window.turncoatTimings = timings;
window.turncoatSounds = sounds;

// The web build's page picks its own transport (docs/web.md).
const transport = document.querySelector('meta[name=turncoat-transport][content=local]')
  ? await (await import('./local.js')).createTransport()
  : createHttpTransport({ token: new URLSearchParams(location.search).get('token') || '' });
useTransport(transport);

/** A game with engines has clocks: a changed time control applies at once there, as a changed engine does. */
function applyTimeControl() {
  if (hasEngines($('mode').value)) changeMode();
}

/** `#tc-preset` writes `#tc`; `#tc` (custom) is applied by Enter; the preset follows what is typed. */
function wireTimeControl() {
  $('tc-preset').addEventListener('change', () => {
    if (choosePreset()) applyTimeControl();
    else $('tc').focus();
  });
  $('tc').addEventListener('input', syncPreset);
  $('tc').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') applyTimeControl();
  });
}

/** The Game, Moves, Engine, PGN cards' and the game buttons' listeners. */
function wireControls() {
  $('variant').addEventListener('change', () => newGame(null));
  wireTimeControl();
  $('new-game').addEventListener('click', () => newGame(null));
  $('load-fen').addEventListener('click', () => newGame($('fen').value.trim()));
  $('fen').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') newGame($('fen').value.trim());
  });
  $('undo').addEventListener('click', () => act('undo', {}));
  $('flip').addEventListener('click', flip);
  $('overlay').addEventListener('change', () => renderBoard());
  $('show-engine').addEventListener('change', renderAll);
  $('abort').addEventListener('click', () => act('abort', {}));
  $('draw').addEventListener('click', offerDraw);
  $('resign').addEventListener('click', () => {
    ui.confirm = 'resign';
    renderGameActions();
  });
  $('resign-cancel').addEventListener('click', () => {
    ui.confirm = null;
    renderGameActions();
  });
  $('game-actions').addEventListener('click', (e) => {
    const c = e.target.closest('[data-confirm]');
    if (!c) return;
    ui.confirm = null;
    act(c.dataset.confirm, {});
  });
  $('rematch').addEventListener('click', rematch);
  $('go-rematch').addEventListener('click', rematch);
  $('rematch-up').addEventListener('click', () => rematchAtLevel(1));
  $('rematch-down').addEventListener('click', () => rematchAtLevel(-1));
  $('level-white').addEventListener('change', (e) => chooseLevel('w', Number(e.target.value)));
  $('level-black').addEventListener('change', (e) => chooseLevel('b', Number(e.target.value)));
  $('go-close').addEventListener('click', () => {
    ui.dialog = false;
    renderGameActions();
  });
  $('go-analyse').addEventListener('click', () => {
    ui.dialog = false;
    $('mode').value = 'analysis';
    changeMode();
  });

  $('moves').addEventListener('click', (e) => {
    const el = e.target.closest('[data-ply]');
    if (el) gotoPly(parseInt(el.dataset.ply, 10));
  });
  $('goto-start').addEventListener('click', () => gotoPly(0));
  $('eval-graph').addEventListener('click', (e) => gotoPly(graphPly(e)));

  $('multipv').addEventListener('change', () => {
    const k = parseInt($('multipv').value, 10);
    if (k >= 1) act('analysis', { multipv: k, engine: $('analysis-engine').value || undefined });
  });
  $('analysis-engine').addEventListener('change', () => {
    act('analysis', { multipv: parseInt($('multipv').value, 10) || 1, engine: $('analysis-engine').value });
  });
  $('engine-output').addEventListener('pointerdown', (e) => {
    const el = e.target.closest('.pv-move');
    if (el) previewLine(parseInt(el.dataset.line, 10), parseInt(el.dataset.idx, 10), el.dataset.pv, el.dataset.san);
  });
  $('engine-output').addEventListener('pointerenter', () => {
    ui.engineHover = true;
  });
  $('engine-output').addEventListener('pointerleave', () => {
    ui.engineHover = false;
    renderEngine();
  });
  $('preview-back').addEventListener('click', endPreview);

  $('wave-prev').addEventListener('click', () => {
    stopWaves();
    stepWave(-1);
  });
  $('wave-next').addEventListener('click', () => {
    stopWaves();
    stepWave(1);
  });
  $('wave-play').addEventListener('click', playWaves);
  $('turn-before').addEventListener('change', () => {
    ui.turnBefore = $('turn-before').checked;
    renderBoard();
  });

  $('pgn-import').addEventListener('click', () => {
    ui.lastPgn = $('pgn-text').value;
    act('pgn-import', { pgn: ui.lastPgn, index: 0 });
  });
  $('pgn-games').addEventListener('change', () => {
    act('pgn-import', { pgn: ui.lastPgn || $('pgn-text').value, index: parseInt($('pgn-games').value, 10) });
  });
}

/** pieces.svg's symbols into the page, for every piece drawn with `<use>`. */
async function loadSprite() {
  try {
    const text = await transport.asset('pieces.svg');
    const box = $('sprite');
    box.innerHTML = text;
    const svg = box.querySelector('svg');
    if (svg) {
      svg.querySelectorAll(':scope > g').forEach((g) => g.remove());
    }
  } catch {
    showMessage('could not load the piece images');
  }
}

const prefs = createPrefs(browserStorage());
wirePrefs(prefs);
usePrefs(prefs);
wireInput();
wireControls();
wireMode();
wireLearn(transport);
setInterval(renderClocks, 100);
setInterval(renderMessage, 1000);
// the piece images first, then the first state and the live channel
loadSprite().then(start);
