// turncoat gui — the game as it goes: the status line (`#status`), the
// players' names, the clocks (`#clock-w`, `#clock-b`, counted down here
// between states) and the move list (`#moves`, one element per ply with
// `data-move` and `data-ply`, the ply shown `current`, and at its end the
// line's result, `#moves-result`).

import { ui, $, changed } from './ui.js';
import { COLOR_NAME, formatClock, formatEval, isEngineSide, isHiddenPly, moveNumber, plyText, sideName } from './format.js';
import { shownCursor } from './view.js';
import { playSound } from './sounds.js';

export function renderStatus() {
  const s = ui.state;
  let text;
  const apoc = !!s.penalties;
  const atEnd = shownCursor() === s.moves.length;
  if (s.result) text = `Game over: ${s.result}${s.reason ? ` (${s.reason})` : ''}`;
  else if (s.aborted) text = 'Game aborted';
  // an imported game's recorded result (a flag, a resignation), at its end
  else if (s.line_result && atEnd) text = `Game over: ${s.line_result}${s.line_reason ? ` (${s.line_reason})` : ''}`;
  else if (s.pending) text = `${COLOR_NAME[s.pending]} has chosen \u2014 ${COLOR_NAME[s.side_to_move]} to choose`;
  else if (s.thinking) text = `${sideName(s, s.thinking)} is thinking\u2026`;
  else text = `${COLOR_NAME[s.side_to_move]} to ${apoc ? 'choose' : 'move'}`;
  if (shownCursor() < s.moves.length) text += ` \u2014 viewing ply ${shownCursor()} of ${s.moves.length}`;
  if (ui.preview) text = 'Preview of an engine line';
  $('status').textContent = text;
  $('status').dataset.side = s.side_to_move;
}

export function renderPlayers() {
  const s = ui.state;
  const top = ui.flipped ? 'w' : 'b';
  const bottom = ui.flipped ? 'b' : 'w';
  const [topEl, bottomEl] = [$(`player-${top}`), $(`player-${bottom}`)];
  if ($('row-top').firstElementChild !== topEl) {
    $('row-top').replaceChildren(topEl);
    $('row-bottom').replaceChildren(bottomEl);
  }
  for (const side of ['w', 'b']) {
    $(`name-${side}`).textContent = sideName(s, side);
    $(`name-${side}`).dataset.player = (s.players && s.players[side]) || '';
    $(`player-${side}`).classList.toggle('to-move', !s.result && s.side_to_move === side);
    $(`player-${side}`).classList.toggle('thinking', s.thinking === side);
  }
}

/** The clocks, the running one counted down from the state's time (every 100 ms). */
export function renderClocks() {
  const s = ui.state;
  for (const side of ['w', 'b']) {
    const el = $(`clock-${side}`);
    if (!s || !s.clock) {
      el.hidden = true;
      continue;
    }
    el.hidden = false;
    const running = s.clock.running === side && !s.result;
    const left = s.clock[side] - (running ? performance.now() - ui.stateAt : 0);
    el.textContent = formatClock(left);
    el.classList.toggle('running', running);
    el.classList.toggle('low', left < 10000);
    // low time, once per game, for a person's clock
    if (running && left < 10000 && !isEngineSide(s, side) && ui.lowTimeWarned !== `${s.start_fen}|${side}|${s.mode}`) {
      ui.lowTimeWarned = `${s.start_fen}|${side}|${s.mode}`;
      playSound('lowtime');
    }
  }
}

/** One element per ply; a list that only grew gets its new plies appended (long games). */
export function renderMoves() {
  const s = ui.state;
  showScores(s);
  const list = s.moves.map((m) => m.move);
  const cursor = shownCursor();
  const key = JSON.stringify([list, cursor, s.pending, s.line_result, s.line_reason]);
  if (!changed('moves', key)) return;
  const box = $('moves');
  $('moves-result')?.remove();
  const drawn = ui.movesDrawn || [];
  const grows = !s.pending && !ui.movesPending && drawn.length > 0 && drawn.length <= list.length && drawn.every((m, i) => m === list[i]);
  if (!grows) box.replaceChildren();
  let row = grows ? box.lastElementChild : null;
  for (const m of s.moves.slice(grows ? drawn.length : 0)) row = appendPly(box, row, m, s);
  ui.movesDrawn = list;
  ui.movesPending = !!s.pending;
  if (!s.moves.length) box.innerHTML = '<div class="empty-note">no moves yet</div>';
  if (s.line_result) box.appendChild(lineResult(s));
  for (const el of box.querySelectorAll('.ply.current')) el.classList.remove('current');
  const cur = box.querySelector(`[data-ply="${cursor}"]`);
  if (cur) {
    cur.classList.add('current');
    // measured at the next frame, once every panel has changed: one layout, not two
    requestAnimationFrame(() => {
      const top = cur.offsetTop; // #moves is the offset parent
      if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - cur.offsetHeight) box.scrollTop = top - box.clientHeight / 2;
      // the strip of a narrow screen scrolls sideways (style.css)
      const left = cur.offsetLeft;
      if (left < box.scrollLeft || left > box.scrollLeft + box.clientWidth - cur.offsetWidth) box.scrollLeft = left - box.clientWidth / 2;
    });
  }
  $('goto-start').classList.toggle('current', cursor === 0);
}

/** The plies drawn get their evaluations as they come (the analysing engine's
 * on the ply shown; an imported `[%eval]` stays, the server keeps it). */
function showScores(s) {
  if (!changed('move-scores', JSON.stringify(s.moves.map((m) => m.score ?? null)))) return;
  for (const el of $('moves').querySelectorAll('[data-ply]')) {
    const m = s.moves[el.dataset.ply - 1];
    if (m) showScore(el, m);
  }
}

/** `data-score` (White's centipawns) and the tooltip of ply element `el`. */
function showScore(el, m) {
  const known = m.score !== null && m.score !== undefined;
  el.dataset.score = known ? m.score : '';
  el.title = known ? `eval ${formatEval(m.score)} (White's view)` : '';
}

/** The end of the move list: the line's result and why (`0-1`, `Time forfeit`), as lichess shows it. */
function lineResult(s) {
  const el = document.createElement('div');
  el.id = 'moves-result';
  el.dataset.result = s.line_result;
  const score = Object.assign(document.createElement('span'), { className: 'result-score', textContent: s.line_result });
  const reason = Object.assign(document.createElement('span'), { className: 'result-reason', textContent: s.line_reason });
  el.append(score, reason);
  return el;
}

/** Appends ply `m` to the list (a new row for White's ply); returns the row. */
function appendPly(box, row, m, s) {
  if (m.side === 'w' || !row) {
    row = document.createElement('div');
    row.className = 'move-row';
    const num = document.createElement('span');
    num.className = 'move-num';
    num.textContent = moveNumber(m);
    row.appendChild(num);
    if (m.side === 'b') row.appendChild(Object.assign(document.createElement('span'), { className: 'ply empty' }));
    box.appendChild(row);
  }
  const el = document.createElement('span');
  el.className = 'ply';
  el.dataset.move = m.move;
  el.dataset.ply = m.ply;
  el.textContent = plyText(s, m);
  if (isHiddenPly(s, m)) el.classList.add('hidden-ply');
  showScore(el, m);
  row.appendChild(el);
  return row;
}
