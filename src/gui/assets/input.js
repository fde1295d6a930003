// turncoat gui — the person's hands on the board: clicks (select, move,
// queue a premove), drags of a piece (mouse or touch), right-drags that
// draw arrows and circles in lichess's colours, the chooser's buttons, and
// the keys (← → Home End to browse, f to flip, Escape to cancel).

import { ui, $ } from './ui.js';
import { movesFrom, movesFromTo, premovable, premoveSide, shownCursor, speculation } from './view.js';
import { choiceBySquare, closeChooser, openChooser, openRiskConfirm, pieceSvg, renderArrows, renderBoard, renderChooser } from './board.js';
import { cancelPremove, endBrowse, endPreview, flip, gotoPly, playMove, setPremove } from './actions.js';

// ---------------------------------------------------------------- clicks
/** Plays the person's `move`, unless it risks a penalty point (an
 * apocalypse speculation, docs/rules.md §5.3.1): then the chooser asks
 * first, beside `anchor`, and its button plays it. */
function playOrConfirm(move, anchor, t0) {
  const risky = speculation(move);
  if (risky) return void openRiskConfirm(move, anchor, risky);
  playMove(move, t0);
}

function onSquareClick(sq, t0) {
  const s = ui.state;
  if (!s || ui.preview) return;
  if (ui.browse) return void endBrowse(); // a click on the board returns to the game
  if (ui.chooser) {
    const hit = choiceBySquare(sq);
    closeChooser();
    if (hit) return playOrConfirm(hit.move, sq, t0);
  }
  if (premoveSide()) {
    // the engine thinks: pick up one of the person's pieces, then any other square queues the premove
    if (ui.sel && sq !== ui.sel) return setPremove(ui.sel, sq);
    ui.sel = sq !== ui.sel && premovable(sq) ? sq : null;
    return renderBoard();
  }
  if (ui.sel && sq !== ui.sel) {
    const ms = movesFromTo(ui.sel, sq);
    if (ms.length === 1) return playOrConfirm(ms[0].move, sq, t0);
    if (ms.length > 1) return openChooser(ms, sq);
  }
  if (sq === ui.sel) {
    ui.sel = null;
    return renderBoard();
  }
  const from = movesFrom(sq);
  ui.sel = from.length ? sq : null;
  const subversions = from.filter((m) => m.to === null);
  if (subversions.length) return openChooser(subversions, sq);
  renderBoard();
}

// ---------------------------------------------------------------- arrows and circles by right-drag (lichess's colours)
function shapeColor(e) {
  if (e.shiftKey) return 'red';
  if (e.altKey) return 'blue';
  if (e.ctrlKey || e.metaKey) return 'yellow';
  return 'green';
}

function onRightDown(e) {
  const el = e.target.closest('[data-square]');
  if (!el) return;
  e.preventDefault();
  ui.rdrag = { from: el.dataset.square };
}

function onRightUp(e) {
  const d = ui.rdrag;
  ui.rdrag = null;
  if (!d) return;
  const el = squareAt(e.clientX, e.clientY);
  if (!el) return;
  const to = el.dataset.square;
  if (to === d.from && cancelPremove()) return; // a right click (no drag) cancels the premove
  const color = shapeColor(e);
  const i = ui.shapes.findIndex((sh) => sh.from === d.from && sh.to === to);
  if (i >= 0) {
    const same = ui.shapes[i].color === color;
    ui.shapes.splice(i, 1); // the same shape again: removed; another colour: replaced
    if (!same) ui.shapes.push({ from: d.from, to, color });
  } else ui.shapes.push({ from: d.from, to, color });
  renderArrows();
}

function squareAt(x, y) {
  const el = document.elementFromPoint(x, y);
  return el ? el.closest('[data-square]') : null;
}

// ---------------------------------------------------------------- drags
function onPointerDown(e) {
  if (e.button === 2) return void onRightDown(e);
  if (e.button === 0 && ui.shapes.length) {
    ui.shapes = []; // a left click clears the drawing
    renderArrows();
  }
  if (e.button !== 0 || ui.preview) return;
  const el = e.target.closest('[data-square]');
  if (!el) return;
  const sq = el.dataset.square;
  if (!ui.state.board[sq] || !(movesFrom(sq).some((m) => m.to) || premovable(sq))) return;
  ui.drag = { from: sq, x: e.clientX, y: e.clientY, id: e.pointerId, started: false, ghost: null };
}

function onPointerMove(e) {
  const d = ui.drag;
  if (!d || e.pointerId !== d.id) return;
  if (!d.started) {
    if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
    d.started = true;
    const from = document.querySelector(`[data-square="${d.from}"]`);
    const piece = from && from.querySelector('[data-piece]');
    if (!piece) {
      ui.drag = null;
      return;
    }
    closeChooser();
    ui.sel = d.from;
    ui.drag.started = false; // draw the destinations once, then freeze the board
    renderBoard();
    ui.drag.started = true;
    const ghost = document.createElement('div');
    ghost.className = 'drag-ghost';
    const size = from.getBoundingClientRect().width;
    ghost.style.width = ghost.style.height = `${size}px`;
    ghost.innerHTML = pieceSvg(ui.state.board[d.from]).replace('data-piece=', 'data-ghost=');
    document.body.appendChild(ghost);
    from.classList.add('drag-from');
    d.ghost = ghost;
    d.size = size;
  }
  d.ghost.style.transform = `translate(${e.clientX - d.size / 2}px, ${e.clientY - d.size / 2}px)`;
  document.querySelectorAll('.drag-over').forEach((x) => x.classList.remove('drag-over'));
  const over = squareAt(e.clientX, e.clientY);
  if (over) over.classList.add('drag-over');
}

function onPointerUp(e) {
  const d = ui.drag;
  if (!d || e.pointerId !== d.id) return;
  ui.drag = null;
  if (!d.started) return; // a click: the click handler does it
  const t0 = performance.now();
  ui.suppressClickUntil = t0 + 400;
  d.ghost.remove();
  document.querySelectorAll('.drag-over, .drag-from').forEach((x) => x.classList.remove('drag-over', 'drag-from'));
  const target = squareAt(e.clientX, e.clientY);
  const to = target ? target.dataset.square : null;
  ui.boardDirty = false;
  if (to && to !== d.from && premoveSide()) return void setPremove(d.from, to);
  if (to && to !== d.from) {
    const ms = movesFromTo(d.from, to);
    if (ms.length === 1) return void playOrConfirm(ms[0].move, to, t0);
    if (ms.length > 1) return void openChooser(ms, to);
  }
  ui.keys.board = null;
  renderBoard();
}

function onPointerCancel() {
  const d = ui.drag;
  ui.drag = null;
  if (d && d.ghost) d.ghost.remove();
  document.querySelectorAll('.drag-over, .drag-from').forEach((x) => x.classList.remove('drag-over', 'drag-from'));
  ui.keys.board = null;
  renderBoard();
}

// ---------------------------------------------------------------- keys
// The keys that step through the game. A closed select changes its value
// with them, silently: with the focus on #mode, ← once turned an analysis
// into "watch engines" and the engines overwrote the imported game
// (issue #49). So on a select they step the board instead; the select
// keeps ↑ ↓ and typing, a text box every key.
const BOARD_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** Whether the key belongs to the focused form control rather than to the board. */
function controlKey(e) {
  if (e.target.closest('textarea, input[type="text"], input[type="number"], input:not([type])')) return true;
  return !!e.target.closest('select') && !BOARD_KEYS.has(e.key);
}

function onKey(e) {
  if (controlKey(e) || !ui.state) return;
  if (e.key === 'Escape') {
    cancelPremove();
    if (ui.preview) endPreview();
    closeChooser();
    ui.sel = null;
    renderBoard();
  } else if (e.key === 'ArrowLeft') gotoPly(shownCursor() - 1);
  else if (e.key === 'ArrowRight') gotoPly(shownCursor() + 1);
  else if (e.key === 'Home') gotoPly(0);
  else if (e.key === 'End') gotoPly(ui.state.moves.length);
  else if (e.key === 'f' && !e.ctrlKey && !e.metaKey && !e.altKey) flip();
  else return;
  e.preventDefault();
}

/** A select chosen with the mouse (or a finger) lets go of the focus, so
 * that the keys are the board's again (↑ ↓ would otherwise still change
 * it); one chosen with the keyboard keeps it, for the next key. */
function giveKeysBackAfterPointerChoice() {
  let pointed = null;
  document.addEventListener('pointerdown', (e) => {
    pointed = e.target.closest('select');
  }, true);
  document.addEventListener('keydown', () => {
    pointed = null;
  }, true);
  document.addEventListener('change', (e) => {
    if (e.target.tagName === 'SELECT' && e.target === pointed) e.target.blur();
  });
}

/** The board's, the chooser's and the keyboard's listeners. */
export function wireInput() {
  const board = $('board');
  board.addEventListener('click', (e) => {
    if (performance.now() < ui.suppressClickUntil) return;
    const el = e.target.closest('[data-square]');
    if (el) onSquareClick(el.dataset.square, performance.now());
  });
  board.addEventListener('pointerdown', onPointerDown);
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);
  window.addEventListener('pointercancel', onPointerCancel);
  board.addEventListener('dragstart', (e) => e.preventDefault());
  board.addEventListener('contextmenu', (e) => e.preventDefault());
  window.addEventListener('pointerup', (e) => {
    if (e.button === 2) onRightUp(e);
  });

  $('chooser').addEventListener('click', (e) => {
    const choice = e.target.closest('[data-choice]');
    // a choice of a chooser that is not itself the confirmation is confirmed if risky
    if (choice && ui.chooser && !ui.chooser.risk) return void playOrConfirm(choice.dataset.choice, ui.chooser.anchor, performance.now());
    if (choice) return void playMove(choice.dataset.choice, performance.now());
    if (e.target.closest('.chooser-cancel')) {
      closeChooser();
      ui.sel = null;
      renderBoard();
    }
  });
  $('chooser').addEventListener('mouseover', (e) => {
    const choice = e.target.closest('[data-choice]');
    const move = choice ? choice.dataset.choice : null;
    if (move !== ui.hoverChoice) {
      ui.hoverChoice = move;
      for (const b of $('chooser').querySelectorAll('[data-choice]')) b.classList.toggle('hover', b.dataset.choice === move);
      renderBoard();
    }
  });
  document.addEventListener('keydown', onKey);
  giveKeysBackAfterPointerChoice();
  window.addEventListener('resize', () => {
    ui.keys.chooser = null;
    renderChooser();
  });
}
