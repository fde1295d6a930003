// turncoat gui — what is under the board: the result (`#result`), the
// cascade's waves (`#waves`), an apocalypse turn (`#turn-info`), the
// penalty points (`#penalties`), a hidden choice (`#pending`), and the
// game's buttons and dialog (`#resign`, `#draw`, `#abort`, `#rematch`,
// `#game-over` with `#rematch-up` and `#rematch-down`).

import { ui, $, changed } from './ui.js';
import { COLOR_NAME, describePly, escapeHtml } from './format.js';
import { rematchLevels } from './level.js';
import { shown } from './view.js';

export function renderUnderBoard() {
  const s = ui.state;
  const result = s.result ? `${s.result}${s.reason ? ` \u2014 ${s.reason}` : ''}` : s.aborted ? 'Game aborted' : '';
  if ($('result').textContent !== result) $('result').textContent = result;
  $('result').classList.toggle('shown', !!result);
  renderWaves();
  renderTurn();
  const pen = $('penalties');
  const penalties = shown().penalties;
  if (penalties) {
    pen.hidden = false;
    const pips = (n) => `<span class="pips">${'\u25cf'.repeat(Math.min(n, 2))}${'\u25cb'.repeat(Math.max(0, 2 - n))}</span>`;
    const html = `<span class="pen-title">Penalty points</span> <span class="pen" data-side="w">White ${penalties.w} ${pips(penalties.w)}</span> <span class="pen" data-side="b">Black ${penalties.b} ${pips(penalties.b)}</span>`;
    if (changed('penalties', html)) pen.innerHTML = html;
    pen.dataset.w = penalties.w;
    pen.dataset.b = penalties.b;
  } else {
    pen.hidden = true;
  }
  const pending = $('pending');
  pending.hidden = !s.pending;
  if (s.pending) pending.textContent = `${COLOR_NAME[s.pending]} has chosen (hidden) \u2014 ${COLOR_NAME[s.pending === 'w' ? 'b' : 'w']} to choose`;
}

/** `◀ wave i of n ▶` of the cascade shown (`ui.waveIdx`, null: the final board). */
export function renderWaves() {
  const last = shown().last;
  const waves = (last && last.waves) || [];
  const box = $('waves');
  if (waves.length < 2 || ui.preview) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const n = waves.length - 1;
  const i = ui.waveIdx === null ? n : ui.waveIdx;
  const total = waves.reduce((k, w) => k + w.converted.length, 0);
  let label = `wave ${i} of ${n}: ${waves[i].converted.join(' ')} converted`;
  if (i === 0) label = `the move, before conversions (wave 0 of ${n})`;
  else if (ui.waveIdx === null) label = `cascade: ${n} wave${n > 1 ? 's' : ''}, ${total} converted (wave ${n} of ${n})`;
  $('wave-label').textContent = label;
  $('wave-prev').disabled = i === 0;
  $('wave-next').disabled = i === n;
  $('wave-play').textContent = ui.waveTimer ? 'stop' : 'play';
}

function renderTurn() {
  const box = $('turn-info');
  const t = shown().turn;
  if (!t || ui.preview) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const parts = [
    `<span class="tw">White ${escapeHtml(describePly(t.white, t.white_valid))}</span>`,
    `<span class="tb">Black ${escapeHtml(describePly(t.black, t.black_valid))}</span>`,
  ];
  if (t.collision) parts.push(`<span class="tc">collision on ${escapeHtml(t.collision)}</span>`);
  if (t.relocations && t.relocations.length) parts.push(`relocated to ${escapeHtml(t.relocations.join(' '))}`);
  const html = `Last turn: ${parts.join(' \u00b7 ')}`;
  if (changed('turn', html)) $('turn-text').innerHTML = html;
  $('turn-before').checked = ui.turnBefore;
}

// ---------------------------------------------------------------- resign, draw, abort, rematch; the game-over dialog
export function renderGameActions() {
  const s = ui.state;
  const a = s.actions || {};
  if (!a.resign) ui.confirm = null;
  $('abort').hidden = !a.abort;
  $('draw').hidden = !a.draw;
  $('resign').hidden = !a.resign || ui.confirm === 'resign';
  $('resign-confirm').hidden = ui.confirm !== 'resign';
  $('rematch').hidden = !a.rematch;
  $('game-actions').hidden = !(a.abort || a.draw || a.resign || a.rematch);
  // the dialog opens when a game this page watched ends
  const over = s.result ? `${s.result}|${s.reason}` : s.aborted ? 'aborted' : '';
  if (ui.over !== null && over && over !== ui.over && s.mode !== 'analysis') ui.dialog = true;
  if (!over) ui.dialog = false;
  ui.over = over;
  $('game-over').hidden = !ui.dialog;
  if (ui.dialog) {
    $('go-result').textContent = s.result || '*';
    $('go-reason').textContent = s.aborted ? 'Game aborted' : s.reason;
    $('go-rematch').hidden = !a.rematch;
    renderRematchLevels(a.rematch ? rematchLevels(s) : null);
  }
}

/** `#rematch-up`, `#rematch-down`: against an engine with levels, each off past its end. */
function renderRematchLevels(r) {
  $('go-levels').hidden = !r;
  if (!r) return;
  for (const [id, level, end] of [
    ['rematch-up', r.up, 'the highest'],
    ['rematch-down', r.down, 'the lowest'],
  ]) {
    $(id).disabled = !level;
    $(id).title = level ? `a rematch, the engine at level ${level}` : `the engine is at ${end} level`;
  }
}
