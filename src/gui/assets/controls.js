// turncoat gui — the Game and PGN cards' controls as the state sets them
// (`#variant`, `#mode`, the engines and their levels, `#tc-preset` and `#tc`,
// `#multipv`, `#fen`, `#pgn-games`), the settings they give a new game, and
// the message line (`#message`: the page's own for 8 s, else the server's).

import { ui, $, changed } from './ui.js';
import { LEVELS, picker } from './level.js';

function setOptions(select, names, value) {
  const key = names.join('\n');
  if (select.dataset.names !== key) {
    select.dataset.names = key;
    select.replaceChildren(...names.map((n) => new Option(n, n)));
  }
  if (value && names.includes(value) && document.activeElement !== select) select.value = value;
}

export function renderControls() {
  const s = ui.state;
  const variant = $('variant');
  if (document.activeElement !== variant) {
    if (s.variants && changed('variants', s.variants.join())) {
      const cur = [...variant.options].map((o) => o.value).join();
      if (cur !== s.variants.join()) variant.replaceChildren(...s.variants.map((v) => new Option(v, v)));
    }
    variant.value = s.variant;
  }
  if (document.activeElement !== $('mode')) $('mode').value = s.mode;
  const engines = s.engines || [];
  setOptions($('white-engine'), engines, s.white !== 'human' ? s.white : null);
  setOptions($('black-engine'), engines, s.black !== 'human' ? s.black : null);
  setOptions($('analysis-engine'), engines, s.analysis_engine || null);
  renderLevels(s);
  // Text boxes follow the state only while the user has not edited them
  // (event-free: a state may arrive between a clear and the typing).
  syncBox($('tc'), 'tc', s.tc);
  syncPreset();
  if (document.activeElement !== $('multipv') && s.multipv) $('multipv').value = s.multipv;
  syncBox($('fen'), 'fen', s.fen);
  const pacifist = !!s.influence;
  $('overlay').closest('label').classList.toggle('muted', !pacifist);
  $('undo').disabled = s.moves.length === 0;
}

/** `#level-white`, `#level-black`: shown for an engine's seat, with the state's level; off for an engine without levels. */
function renderLevels(s) {
  if (!s.levels) return;
  for (const [side, name] of [['w', 'white'], ['b', 'black']]) {
    const select = $(`level-${name}`);
    if (!select.options.length) select.replaceChildren(...LEVELS.map((k) => new Option(`level ${k}`, String(k))));
    const look = picker(s, side);
    select.closest('label').hidden = look.hidden;
    select.disabled = look.disabled;
    select.title = look.title;
    if (document.activeElement !== select) select.value = String(s.levels[side]);
  }
}

/** `#tc-preset` shows the preset `#tc` holds, else `custom` (value ''). */
export function syncPreset() {
  const preset = $('tc-preset');
  if (document.activeElement === preset) return;
  const tc = $('tc').value.trim();
  preset.value = [...preset.options].some((o) => o.value === tc) ? tc : '';
}

/** A preset chosen: `#tc` takes it (`custom` leaves `#tc` to be typed in). */
export function choosePreset() {
  const tc = $('tc-preset').value;
  if (!tc) return false;
  $('tc').value = tc;
  return true;
}

function syncBox(box, name, value) {
  if (!value || document.activeElement === box) return;
  if (ui.force[name] || box.value === ui.shown[name] || ui.shown[name] === undefined) {
    box.value = ui.shown[name] = value;
    ui.force[name] = false;
  }
}

/** Whether engines play in `mode`, and so the clocks run (the server's `Mode::has_engines`). */
export function hasEngines(mode) {
  return ['play-white', 'play-black', 'watch'].includes(mode);
}

/** What the controls ask of a new game or mode: the time control only where clocks run, so that a bad one never blocks a game between people. */
export function gameSettings() {
  const mode = $('mode').value;
  return {
    variant: $('variant').value,
    mode,
    white: $('white-engine').value || undefined,
    black: $('black-engine').value || undefined,
    tc: (hasEngines(mode) && $('tc').value.trim()) || undefined,
  };
}

export function renderPgn() {
  const s = ui.state;
  const games = s.pgn_games || [];
  const sel = $('pgn-games');
  sel.hidden = games.length < 2;
  if (changed('pgn-games', games.join('\n'))) sel.replaceChildren(...games.map((g, i) => new Option(g, String(i))));
}

// ---------------------------------------------------------------- messages
export function showMessage(text) {
  ui.clientMessage = text;
  ui.clientMessageAt = performance.now();
  renderMessage();
}

export function clearClientMessage() {
  ui.clientMessage = '';
}

export function renderMessage() {
  const fresh = ui.clientMessage && performance.now() - ui.clientMessageAt < 8000;
  const text = fresh ? ui.clientMessage : (ui.state && ui.state.message) || '';
  if ($('message').textContent !== text) $('message').textContent = text;
}
