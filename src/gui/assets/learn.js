// turncoat gui — learning the variant at the board: the rules panel (the
// rules book's section of the variant, its diagrams as lessons to play),
// the legal destinations (`data-dest`; apocalypse speculations
// `data-speculative` with their condition and risk, those that cannot
// succeed `data-doomed`), why a pacifist man
// converted or may (`data-explain`), and what an enemy man costs in
// subversion (`data-price`). Every word comes from the server (the state's
// `learn` part, GET /api/rules); this module only shows it, drawing after
// each board render (board.js's onRender).

import { ui, $ } from './ui.js';
import { escapeHtml as esc } from './format.js';
import { lessonArrowSvg } from './geometry.js';
import { centerOf, movesFrom, shownView } from './view.js';
import { onRender } from './board.js';
import { act } from './actions.js';

let transport = null; // rules and links (transport.js), from wireLearn

const learn = {
  rulesFor: null, // the variant whose section is shown or on its way
  rules: null, // GET /api/rules's answer
  squareKeys: new WeakMap(), // square element → the marks last set on it
  lesson: null, // the diagram being played: {id, variant, fen, moves, caption}
  wavesPlayed: '', // the lesson whose cascade was replayed once
  hover: null, // the square under the pointer
  tapped: null, // the square last clicked or tapped
  arrowsKey: '',
};

// ---------------------------------------------------------------- the rules panel
async function loadRules(variant) {
  learn.rulesFor = variant;
  let r;
  try {
    r = await transport.rules(variant);
  } catch {
    learn.rulesFor = null; // retried with the next state
    return;
  }
  if (!r || learn.rulesFor !== variant) return;
  learn.rules = r;
  const items = r.diagrams
    .map((d) => `<li><button type="button" class="diagram" data-diagram="${esc(d.id)}">&#9654; ${esc(d.caption)}${d.moves.length ? ' \u2014 play it' : ''}</button></li>`)
    .join('');
  const lessons = items ? `<p class="rules-try">The book's diagrams, to play at the board:</p><ul class="rules-lessons">${items}</ul>` : '';
  // the variant in three plain sentences, then the book's "Your first
  // game" open; the numbered rules one click away
  const short = r.in_short ? `<div class="rules-in-short" data-in-short>${r.in_short}</div>` : '';
  const first = r.first_game ? `<section class="rules-first-game">${r.first_game}</section>` : '';
  $('rules').innerHTML = `${short}<p class="rules-source">${esc(r.section)} ${esc(r.title)}, from the rules book (docs/rules.md)</p>${first}${lessons}<details class="rules-text"><summary>the rules of ${esc(r.variant)}</summary>${r.html}</details>`;
  // links into other sections open the whole book (GET /book), which wants the token too
  for (const a of $('rules').querySelectorAll('a[data-book]')) a.href = transport.link('/book') + '#' + a.dataset.book;
}

async function startLesson(id) {
  const d = learn.rules && learn.rules.diagrams.find((x) => x.id === id);
  const s = ui.state;
  if (!d || !s) return;
  learn.lesson = d;
  learn.wavesPlayed = '';
  const mode = s.mode === 'analysis' ? 'analysis' : 'hotseat';
  await act('new', { variant: d.variant, fen: d.fen, mode });
  boardIntoView();
}

/** The board in sight after a lesson is set up from the rules panel,
 * which on a phone lies far below it: scrolled to the board's top row of
 * names when the board is not wholly on screen. */
function boardIntoView() {
  const top = $('row-top').getBoundingClientRect();
  const bottom = $('row-bottom').getBoundingClientRect();
  if (top.top >= 0 && bottom.bottom <= window.innerHeight) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  $('row-top').scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
}

/** How far the lesson has got: the number of its moves played, or -1 once the game left it. */
function lessonProgress() {
  const d = learn.lesson;
  const s = ui.state;
  if (!d || !s || s.variant !== d.variant) return -1;
  if (s.start_fen.split(' ')[0] !== d.fen.split(' ')[0]) return -1;
  const played = s.moves.slice(0, s.cursor).map((m) => m.move);
  if (played.length > d.moves.length || played.some((m, i) => m !== d.moves[i])) return -1;
  return played.length;
}

/** Whether the board shows a lesson's position (set up, or its moves played). */
export function lessonShown() {
  return lessonProgress() >= 0;
}

/** `e3f5` → [[e3, f5]]; `b4b5,b5d3` → two legs; `@e5d2f2` → none (a subversion marks squares). */
function lessonLegs(move) {
  if (move[0] === '@') return [];
  return move.split(',').map((l) => [l.slice(0, 2), l.slice(2, 4)]);
}

function hintSquares(move) {
  if (move[0] === '@') return move.slice(1).match(/../g) || [];
  return lessonLegs(move).flat();
}

function renderLesson() {
  const box = $('lesson');
  const k = lessonProgress();
  if (k < 0) {
    learn.lesson = null;
    box.hidden = true;
    return { squares: [], arrows: [] };
  }
  const d = learn.lesson;
  const s = ui.state;
  box.hidden = false;
  let text;
  let next = null;
  if (k < d.moves.length) {
    next = d.moves[k];
    const how = next[0] === '@' ? `click ${next.slice(1, 3)}, then choose the payment ${next.slice(3).match(/../g).join(' ')}` : `play ${lessonLegs(next).map(([a, b]) => `${a}\u2192${b}`).join(', ')}`;
    text = `Lesson \u00b7 ${d.caption}: ${how} (move ${k + 1} of ${d.moves.length}).`;
  } else if (d.moves.length) {
    const waves = (s.last && s.last.waves) || [];
    text = `Lesson \u00b7 ${d.caption}: played.${waves.length > 1 ? ' Step through the cascade with \u25c0 \u25b6, or play it again.' : ''} Point at a piece to see why it changed.`;
    // the cascade, replayed once, wave by wave
    if (waves.length > 1 && learn.wavesPlayed !== d.id && s.cursor === s.moves.length) {
      learn.wavesPlayed = d.id;
      const play = $('wave-play');
      if (play) setTimeout(() => play.click(), 0);
    }
  } else {
    text = `Lesson \u00b7 ${d.caption}: the position is set up.`;
  }
  if (box.textContent !== text) box.textContent = text;
  return { squares: next ? hintSquares(next) : [], arrows: next ? lessonLegs(next) : [] };
}

// ---------------------------------------------------------------- the board's marks
function arrowLayer() {
  let svg = $('learn-arrows');
  if (!svg) {
    svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.id = 'learn-arrows';
    svg.setAttribute('aria-hidden', 'true');
    $('board-wrap').appendChild(svg);
  }
  return svg;
}

/** The lesson's move as arrows, in board units (one square = 1) like
 * board.js's own arrows, so that drawing them needs no layout. */
function drawArrows(arrows) {
  const svg = arrowLayer();
  const size = ui.state.size;
  let body = '';
  for (const [from, to] of arrows) body += lessonArrowSvg(centerOf(from), centerOf(to));
  const key = `${size}|${body}`;
  if (learn.arrowsKey === key) return;
  learn.arrowsKey = key;
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.innerHTML = body;
}

function setData(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (name in el.dataset) delete el.dataset[name];
  } else if (el.dataset[name] !== String(value)) {
    el.dataset[name] = value;
  }
}

/** The enemy men the piece on `sq` may help to buy (subversion, docs/rules.md §4.1.3). */
function bribesBy(sq, prices) {
  if (!sq) return [];
  return Object.keys(prices).filter((t) => (prices[t].by || []).includes(sq));
}

function render() {
  const s = ui.state;
  if (!s) return;
  if (learn.rulesFor !== s.variant) loadRules(s.variant);
  const info = s.learn || { explain: {}, candidates: {}, prices: {} };
  const view = shownView();
  const current = view && view.board === s.board; // not a wave, a preview or the board before a turn
  const sel = ui.sel;
  const dests = new Map();
  if (sel) {
    for (const m of movesFrom(sel)) {
      if (!m.to) continue;
      if (!dests.has(m.to)) dests.set(m.to, []);
      dests.get(m.to).push(m.move);
    }
  }
  const lesson = renderLesson();
  const hints = new Set(lesson.squares);
  const prices = current ? info.prices || {} : {};
  const buyer = sel && prices && (s.board[sel] || '')[1] !== 'P' ? sel : null;
  const pointed = learn.hover && s.board[learn.hover] && s.board[learn.hover][0] === s.side_to_move ? learn.hover : null;
  const forSale = new Set([...bribesBy(buyer, prices), ...bribesBy(pointed, prices)]);
  for (const el of $('board').children) {
    const sq = el.dataset.square;
    const ms = dests.get(sq);
    const notes = ms ? ms.map((m) => info.candidates[m]).filter(Boolean) : [];
    const speculative = notes.length > 0 && notes.length === ms.length && notes.every((n) => !n.sure);
    const doomed = speculative && notes.every((n) => n.doomed);
    const why = current ? info.explain[sq] : null;
    const price = forSale.has(sq) ? prices[sq].price : null;
    const marks = {
      dest: ms ? sq : null,
      speculative: speculative ? '' : null,
      doomed: doomed ? '' : null,
      condition: speculative ? notes[0].condition : null,
      risk: speculative ? notes[0].risk : null,
      explain: why ? why.text : null,
      explainKind: why ? why.kind : null,
      price,
      hint: hints.has(sq) ? '' : null,
    };
    // a square whose marks did not change is not touched (a state redraws 64 squares)
    const key = JSON.stringify(marks);
    if (learn.squareKeys.get(el) === key && !price) continue;
    learn.squareKeys.set(el, key);
    for (const [name, value] of Object.entries(marks)) setData(el, name, value);
    let badge = el.querySelector(':scope > .learn-price');
    if (price) {
      if (!badge) {
        badge = document.createElement('span');
        badge.className = 'learn-price';
        el.appendChild(badge);
      }
      if (badge.textContent !== price) badge.textContent = price;
    } else if (badge) {
      badge.remove();
    }
  }
  drawArrows(lesson.arrows);
  markChoices(info.candidates);
  renderExplain();
}

/** Choices of a chooser (relocations, promotions) that are speculations say so. */
function markChoices(candidates) {
  for (const b of document.querySelectorAll('#chooser [data-choice]')) {
    const n = candidates[b.dataset.choice];
    const spec = !!n && !n.sure;
    b.classList.toggle('learn-speculative', spec);
    setData(b, 'speculative', spec ? '' : null);
    if (spec) b.title = `${n.condition}. ${n.risk}`;
  }
}

// ---------------------------------------------------------------- the explanation under the board
function describe(sq) {
  const el = sq && document.querySelector(`[data-square="${sq}"]`);
  if (!el) return '';
  const parts = [];
  if ('speculative' in el.dataset) {
    const risk = el.dataset.risk[0].toUpperCase() + el.dataset.risk.slice(1);
    parts.push(`${sq}: speculative \u2014 ${el.dataset.condition}. ${risk}.`);
  }
  if (el.dataset.explain) parts.push(`${sq}: ${el.dataset.explain}.`);
  const s = ui.state;
  const sale = s && s.learn && s.learn.prices && s.learn.prices[sq];
  if (sale && shownView().board === s.board) {
    const ways = sale.payments === 1 ? 'one way to pay' : `${sale.payments} ways to pay`;
    parts.push(`${sq} can be subverted for ${sale.price} (${ways}; a piece of yours beside it: ${sale.by.join(' ')}): click it to choose the payment.`);
  }
  return parts.join(' ');
}

/** The speculations of the selected piece, stated before one is chosen,
 * in short: each one's condition (`…Nb3`) or that it will fail, then the
 * risk once (docs/rules.md §5.3.1). The whole condition is said for the
 * square pointed at, and again when one is chosen. */
function selectionNote() {
  const s = ui.state;
  if (!ui.sel || !s) return '';
  const spec = [...document.querySelectorAll('[data-speculative][data-dest]')];
  if (!spec.length) return '';
  const them = s.side_to_move === 'w' ? 'Black' : 'White';
  const parts = [];
  const doomed = [];
  for (const el of spec) {
    const sq = el.dataset.dest;
    const n = movesFrom(ui.sel).filter((m) => m.to === sq).map((m) => s.learn.candidates[m.move]).find(Boolean);
    if ('doomed' in el.dataset || !n || !n.needs) doomed.push(sq);
    else parts.push(`${sq}: speculative, valid if ${them} plays ${n.needs}`);
  }
  if (doomed.length) parts.push(`${doomed.join(', ')}: speculative, will fail (crossed out)`);
  return `${parts.join('; ')}. If one fails: not played, a penalty point (two lose).`;
}

function renderExplain() {
  const box = $('explain');
  const text = describe(learn.hover) || selectionNote() || describe(learn.tapped);
  box.hidden = !text;
  if (box.textContent !== text) box.textContent = text;
}

// ---------------------------------------------------------------- wiring
function squareOf(e) {
  const el = e.target.closest && e.target.closest('[data-square]');
  return el ? el.dataset.square : null;
}

/** The board's pointer and the rules panel's buttons; draws after every
 * board render. `t`: the transport, for the rules and the book's link. */
export function wireLearn(t) {
  transport = t;
  const board = $('board');
  board.addEventListener('pointerover', (e) => {
    const sq = squareOf(e);
    if (sq === learn.hover) return;
    learn.hover = sq;
    render();
  });
  board.addEventListener('pointerleave', () => {
    learn.hover = null;
    render();
  });
  // a tap (or click) says why too, and stays until the next one
  board.addEventListener('click', (e) => {
    learn.tapped = squareOf(e);
    setTimeout(render, 0);
  });
  $('rules').addEventListener('click', (e) => {
    const b = e.target.closest('[data-diagram]');
    if (b) startLesson(b.dataset.diagram);
  });
  window.addEventListener('resize', () => render());
  onRender(render);
}
