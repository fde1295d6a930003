// turncoat gui — what the board shows and what the person may do there,
// read from `ui`: the live state or an earlier position being browsed, a
// cascade's wave, an engine line's preview; the legal moves; whether a
// premove may be made.

import { ui, $ } from './ui.js';
import { layoutOf, center } from './geometry.js';

/** The board's layout as drawn (size, files, flipped). */
export function layout() {
  return layoutOf(ui.state, ui.flipped);
}

/** Centre of a square on the board as drawn, in board units (one square = 1). */
export function centerOf(sq) {
  return center(layout(), sq);
}

/** What the board shows: the live state, or an earlier position being browsed. */
export function shown() {
  return ui.browse || ui.state;
}

/** The ply the board shows. */
export function shownCursor() {
  return ui.browse ? ui.browse.ply : ui.state.cursor;
}

/** The board drawn now, with its marks: the position shown, or a preview,
 * the board before an apocalypse turn, a wave of a cascade. */
export function shownView() {
  const s = shown();
  const last = s.last;
  const view = {
    board: s.board,
    converted: [],
    converting: [],
    removed: [],
    lastSquares: [],
    check: s.check || null,
    overlay: $('overlay').checked && !!s.influence,
  };
  if (ui.preview) {
    view.board = ui.preview.board;
    view.check = ui.preview.check || null;
    view.converted = ui.preview.conversions || [];
    view.overlay = false;
    return view;
  }
  if (s.turn && ui.turnBefore) {
    view.board = s.turn.board_before;
    view.check = null;
    view.overlay = false;
    return view;
  }
  if (last) {
    view.lastSquares = [last.from, last.to].filter(Boolean);
    view.removed = last.removed || [];
    const waves = last.waves || [];
    if (ui.waveIdx !== null && waves.length > 1 && ui.waveIdx < waves.length - 1) {
      view.board = waves[ui.waveIdx].board;
      view.check = null;
      for (let i = 1; i < ui.waveIdx; i++) view.converted.push(...waves[i].converted);
      view.converting = ui.waveIdx > 0 ? waves[ui.waveIdx].converted : [];
      view.overlay = false;
    } else {
      view.converted = last.conversions || [];
    }
  }
  return view;
}

// ---------------------------------------------------------------- legal moves
/** The moves the person may play now (none while previewing or browsing). */
export function legal() {
  const s = ui.state;
  if (!s || !s.human_to_move || s.result || ui.preview || ui.browse) return [];
  return s.legal || [];
}

export function movesFrom(sq) {
  return legal().filter((m) => m.from === sq);
}

export function movesFromTo(from, to) {
  return legal().filter((m) => m.from === from && m.to === to);
}

/** The person's ply `move` if it risks a penalty point, an apocalypse
 * speculation (docs/rules.md §5.2, §5.3.1): the server's note on it
 * (`condition`, `risk`, `needs`, `doomed`); else null. */
export function speculation(move) {
  const s = ui.state;
  const n = s && s.learn && s.learn.candidates ? s.learn.candidates[move] : null;
  return n && !n.sure ? n : null;
}

// ---------------------------------------------------------------- premoves (lichess's: one queued move)
/** One game: a premove made in it is dropped when another starts. */
export function gameKey(s) {
  return [s.variant, s.mode, s.start_fen, s.white, s.black].join('|');
}

/** The colour a person plays against an engine in state `s` (`w`, `b`),
 * or null where nobody or both do (watch, hotseat, analysis). */
export function personColor(s) {
  if (!['play-white', 'play-black'].includes(s.mode)) return null;
  const w = s.white === 'human';
  const b = s.black === 'human';
  if (w === b) return null;
  return w ? 'w' : 'b';
}

/** The person's side while a premove may be made (the engine thinking in a game against it), else null. */
export function premoveSide() {
  const s = ui.state;
  if (!s || s.human_to_move || s.result || s.aborted || ui.preview || ui.browse) return null;
  if (s.variant === 'apocalypse') return null;
  return personColor(s);
}

/** May `sq` be picked up for a premove: one of the person's pieces while the engine thinks. */
export function premovable(sq) {
  const side = premoveSide();
  const piece = side && ui.state.board[sq];
  return !!piece && piece[0] === side;
}
