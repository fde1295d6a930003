// turncoat gui — a change of mode (`#mode`, or an engine's seat) that
// never loses what the board shows without asking (issue #49). The server
// keeps the game when the mode changes and goes on from the position
// shown (POST /api/mode), so:
// * after a lesson, a game mode starts from the variant's start, as a
//   player choosing "play White" expects (the engine would otherwise
//   go on re-converting the lesson's men), unless `#continue-here` is
//   ticked (the lesson's position, its men already converted);
// * on a line with plies after the one shown (an imported or analysed
//   game), a mode with an engine would let it overwrite them with its
//   first move: `#mode-ask` asks first — `#mode-here` plays from the ply
//   shown, `#mode-keep` (the default) keeps the line and the mode.

import { ui, $ } from './ui.js';
import { onRender } from './board.js';
import { changeMode, newGame } from './actions.js';
import { lessonShown } from './learn.js';

/** The modes in which an engine plays on from the position shown: its
 * first move would drop the plies after it, unasked. (In analysis and at a
 * hotseat board only a move the person makes there drops them.) */
const GAME_MODES = new Set(['play-white', 'play-black', 'watch']);

/** The plies after the one shown that a game from here would drop. */
function pliesAfterShown(s) {
  return s.moves.length - s.cursor;
}

/** The mode chosen in `#mode` (with the engines' seats), applied as the module's header says. */
export function onModeChange() {
  const s = ui.state;
  const mode = $('mode').value;
  if (!s) return;
  closeAsk();
  if (GAME_MODES.has(mode) && lessonShown() && !$('continue-here').checked) return newGame(null);
  const dropped = pliesAfterShown(s);
  if (GAME_MODES.has(mode) && mode !== s.mode && dropped > 0) return ask(mode, s.cursor, dropped);
  return changeMode();
}

/** Offers the choice between playing on from ply `cursor` and keeping the line. */
function ask(mode, cursor, dropped) {
  const label = $('mode').selectedOptions[0] ? $('mode').selectedOptions[0].textContent : mode;
  $('mode-ask-text').textContent = `${label} from ply ${cursor}? The ${dropped} ${dropped === 1 ? 'ply' : 'plies'} after it would be dropped.`;
  ui.modeAsk = mode;
  $('mode-ask').hidden = false;
}

function closeAsk() {
  ui.modeAsk = null;
  $('mode-ask').hidden = true;
}

/** The line kept: `#mode` shows the mode the session still has. */
function keepLine() {
  closeAsk();
  if (ui.state) $('mode').value = ui.state.mode;
}

/** `#continue-here` is offered while a lesson's position is on the board. */
function renderContinue() {
  const hide = !lessonShown();
  if ($('continue-row').hidden !== hide) $('continue-row').hidden = hide;
  if (hide) $('continue-here').checked = false;
  // a question about a line that has changed meanwhile is no longer asked
  if (ui.modeAsk && ui.state && pliesAfterShown(ui.state) === 0) keepLine();
}

/** `#mode`'s and the question's listeners; the engines' seats change the mode too. */
export function wireMode() {
  $('mode').addEventListener('change', onModeChange);
  for (const id of ['white-engine', 'black-engine']) {
    $(id).addEventListener('change', () => {
      if (['play-white', 'play-black', 'watch'].includes($('mode').value)) onModeChange();
    });
  }
  $('mode-here').addEventListener('click', () => {
    closeAsk();
    changeMode();
  });
  $('mode-keep').addEventListener('click', keepLine);
  onRender(renderContinue);
}
