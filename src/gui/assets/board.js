// turncoat gui — the board: its squares (`data-square`) and pieces
// (`data-piece`), the marks on them (last move, selection, destinations,
// conversions, check, premove, the persuasion/support overlay), the arrows
// layer (an apocalypse turn, an engine line's preview, the analysis's best
// moves, the user's arrows and circles), the chooser (promotion, payment,
// relocation) and the preview bar. Other modules draw on the board after
// it through onRender (learn.js).

import { ui, $, changed } from './ui.js';
import { escapeHtml } from './format.js';
import { squareOrder, isLight, legs, arrowSvg, turnArrows } from './geometry.js';
import { layout, centerOf, shown, shownView, legal, movesFrom, premovable } from './view.js';

const renderHooks = [];

/** `f` runs after every board render. */
export function onRender(f) {
  renderHooks.push(f);
}

// ---------------------------------------------------------------- squares and pieces
function ensureSquares() {
  const s = ui.state;
  const shape = `${s.size}|${ui.flipped}|${s.files}`;
  if (shape === ui.boardShape) return;
  ui.boardShape = shape;
  const board = $('board');
  board.dataset.orientation = ui.flipped ? 'black' : 'white'; // the side at the bottom
  board.style.setProperty('--n', s.size);
  board.replaceChildren();
  const L = layout();
  const order = squareOrder(L);
  const n = s.size;
  order.forEach((sq, i) => {
    const el = document.createElement('div');
    el.dataset.square = sq;
    el.className = `sq ${isLight(L, sq) ? 'light' : 'dark'}`;
    const coords = [];
    if (i % n === 0) coords.push(`<span class="coord rank">${sq.slice(1)}</span>`);
    if (i >= n * (n - 1)) coords.push(`<span class="coord file">${sq[0]}</span>`);
    el.dataset.coords = coords.join('');
    board.appendChild(el);
  });
  ui.keys.board = null;
}

/** A piece (`wN`) as an SVG using pieces.svg's symbols. */
export function pieceSvg(code) {
  const color = code[0] === 'w' ? 'pw' : 'pb';
  return `<svg class="piece ${color}" data-piece="${code}" viewBox="0 0 45 45"><use href="#piece-${code[1]}"></use></svg>`;
}

export function renderBoard() {
  if (!ui.state) return;
  if (ui.drag && ui.drag.started) {
    ui.boardDirty = true;
    return;
  }
  ensureSquares();
  const s = shown();
  const view = shownView();
  const choiceMarks = chooserMarks();
  const dests = new Map();
  if (ui.sel) for (const m of movesFrom(ui.sel)) if (m.to) dests.set(m.to, true);
  const pre = ui.premove && !ui.preview && !ui.browse ? ui.premove : null;
  const key = JSON.stringify([view, ui.sel, pre && [pre.from, pre.to], [...dests.keys()], [...choiceMarks.all], [...choiceMarks.hover], view.overlay && s.influence, view.overlay && s.pending_conversions, legal().length]);
  if (changed('board', key)) {
    const L = layout();
    const influence = view.overlay ? s.influence || {} : null;
    const pendingConv = new Set(view.overlay ? s.pending_conversions || [] : []);
    const converted = new Set(view.converted);
    const converting = new Set(view.converting);
    const removed = new Set(view.removed);
    const lastSq = new Set(view.lastSquares);
    const movable = new Set(legal().map((m) => m.from));
    for (const el of $('board').children) {
      const sq = el.dataset.square;
      const piece = view.board[sq];
      const cls = ['sq', isLight(L, sq) ? 'light' : 'dark'];
      if (lastSq.has(sq)) cls.push('last');
      if (sq === ui.sel) cls.push('selected');
      if (dests.has(sq)) cls.push(piece ? 'dest-occupied' : 'dest');
      if (piece && converted.has(sq)) cls.push('converted');
      if (converting.has(sq)) cls.push('converting');
      if (!piece && removed.has(sq)) cls.push('removed');
      if (movable.has(sq) || premovable(sq)) cls.push('movable');
      if (pre && (sq === pre.from || sq === pre.to)) {
        cls.push('premove');
        el.dataset.premove = sq === pre.from ? 'from' : 'to';
      } else delete el.dataset.premove;
      if (choiceMarks.all.has(sq)) cls.push('mark');
      if (choiceMarks.hover.has(sq)) cls.push('mark-hover');
      let html = el.dataset.coords;
      if (piece) html += pieceSvg(piece);
      const inf = influence && piece ? influence[sq] : null;
      if (inf) {
        el.dataset.persuasion = inf.persuasion;
        el.dataset.support = inf.support;
        html += `<span class="ov ov-p" title="persuasion">${inf.persuasion}</span><span class="ov ov-s" title="support">${inf.support}</span>`;
        if (inf.over) cls.push('over');
      } else {
        delete el.dataset.persuasion;
        delete el.dataset.support;
      }
      if (pendingConv.has(sq)) cls.push('pending-conv');
      if (sq === view.check) {
        cls.push('check');
        el.dataset.check = '';
      } else delete el.dataset.check;
      el.className = cls.join(' ');
      if (el.dataset.html !== html) {
        el.innerHTML = html;
        el.dataset.html = html;
      }
    }
  }
  renderArrows();
  renderChooser();
  renderPreviewBar();
  for (const f of renderHooks) f();
}

// ---------------------------------------------------------------- arrows (apocalypse turn, preview, best line, the user's)
export function renderArrows() {
  const s = ui.state;
  const svg = $('arrows');
  const L = layout();
  const arrow = (from, to, cls, attrs) => arrowSvg(centerOf(from), centerOf(to), cls, attrs);
  let body = '';
  if (ui.preview) {
    const ls = ui.preview.moves.flatMap(legs);
    ls.forEach((l, i) => {
      body += arrow(l.from, l.to, i === ls.length - 1 ? 'arrow-preview' : 'arrow-preview old');
    });
  } else if (shown().turn) {
    body += turnArrows(L, shown().turn);
  } else if (ui.browse) {
    /* an earlier position: no engine arrows */
  } else if (s.mode === 'analysis' && !s.result) {
    // every line's first move, the best drawn last (on top)
    const lines = (s.engine_output || []).filter((l) => l.pv && l.pv.length);
    lines.sort((a, b) => (b.multipv || 1) - (a.multipv || 1));
    for (const line of lines) {
      for (const l of legs(line.pv[0])) {
        if (s.board[l.from]) body += arrow(l.from, l.to, (line.multipv || 1) === 1 ? 'arrow-best' : 'arrow-best alt');
      }
    }
  }
  for (const sh of ui.shapes) {
    if (sh.from === sh.to) {
      const c = centerOf(sh.from);
      body += `<circle class="user-circle ${sh.color}" data-circle="${sh.from}" cx="${c.x}" cy="${c.y}" r="0.45"></circle>`;
    } else body += arrow(sh.from, sh.to, `user ${sh.color}`, ` data-arrow="${sh.from}${sh.to}"`);
  }
  const key = `${s.size}|${body}`;
  if (changed('arrows', key)) {
    svg.setAttribute('viewBox', `0 0 ${s.size} ${s.size}`);
    svg.innerHTML = body;
  }
}

// ---------------------------------------------------------------- the chooser (promotion, payment, relocation)
function chooserMarks() {
  const all = new Set();
  const hover = new Set();
  if (ui.chooser) {
    for (const m of ui.chooser.moves) {
      for (const sq of m.marks || []) {
        all.add(sq);
        if (ui.hoverChoice === m.move) hover.add(sq);
      }
    }
  }
  return { all, hover };
}

/** Offers `moves` (one square's choices) next to the square `anchor`. */
export function openChooser(moves, anchor) {
  const sub = moves.every((m) => m.to === null);
  const promo = moves.every((m) => !m.marks || m.marks.length === 0);
  let title = 'Choose';
  if (sub) title = `Subvert ${anchor}: choose the payment`;
  else if (promo) title = 'Promote to';
  else title = 'Choose the move';
  ui.chooser = { moves, anchor, title };
  ui.hoverChoice = null;
  renderBoard();
}

/** Asks before the person's `move`, a speculation (`note`: the server's
 * condition and risk, docs/rules.md §5.3.1), is sent: its one choice plays
 * it, Cancel keeps the turn. A page's own confirmation, not the browser's
 * dialog, so that the board and the penalty points stay in sight. */
export function openRiskConfirm(move, anchor, note) {
  const m = legal().find((x) => x.move === move) || { move, label: move, marks: [] };
  const title = note.doomed ? 'This speculation will fail' : 'A speculation: it may fail';
  const text = `${sentence(note.condition)} ${sentence(note.risk)}`;
  const label = note.doomed ? `Play ${m.label || move} anyway` : `Play ${m.label || move}`;
  ui.chooser = { moves: [{ ...m, label }], anchor, title, text, risk: true };
  ui.hoverChoice = null;
  renderBoard();
}

/** `if Black does not` → `If Black does not.` */
function sentence(words) {
  return words ? `${words[0].toUpperCase()}${words.slice(1)}.` : '';
}

export function closeChooser() {
  ui.chooser = null;
  ui.hoverChoice = null;
}

function choiceLabel(m) {
  if (m.label) return m.label;
  return m.move;
}

function promotionPiece(m) {
  const last = m.move.slice(-1);
  if (!m.to || !/[nbrq]/.test(last) || m.move.includes(',')) return null;
  const side = ui.state.side_to_move;
  return side + last.toUpperCase();
}

export function renderChooser() {
  const box = $('chooser');
  const c = ui.chooser;
  const key = c ? JSON.stringify([c.moves.map((m) => m.move), c.anchor, c.title, ui.flipped]) : '';
  if (!changed('chooser', key)) return;
  if (!c) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const items = c.moves
    .map((m) => {
      const p = promotionPiece(m);
      const icon = p ? pieceSvg(p).replace('data-piece=', 'data-icon=') : '';
      return `<button type="button" class="choice" data-choice="${escapeHtml(m.move)}" title="${escapeHtml(m.move)}">${icon}<span>${escapeHtml(choiceLabel(m))}</span></button>`;
    })
    .join('');
  const text = c.text ? `<div class="chooser-text">${escapeHtml(c.text)}</div>` : '';
  box.innerHTML = `<div class="chooser-head"><span class="chooser-title">${escapeHtml(c.title)}</span><button type="button" class="chooser-cancel">Cancel</button></div>${text}<div class="choices">${items}</div>`;
  box.classList.toggle('risk', !!c.risk);
  if (c.risk) box.dataset.risk = c.moves[0].move;
  else delete box.dataset.risk;
  box.hidden = false;
  placeChooser(box, c.anchor, [c.anchor, ...chooserMarks().all]);
}

/** Beside the anchor square, covering none of the squares in `keep` (the
 * anchor and the squares its choices mark: a subversion's payment must
 * stay in sight while it is chosen): over the band of free rows nearest
 * the anchor that it fits in, else just below (or above) the board,
 * where the viewport has room. */
function placeChooser(box, anchor, keep) {
  const n = ui.state.size;
  const wrap = $('board-wrap').getBoundingClientRect();
  const sqPx = wrap.width / n;
  box.style.left = '0px';
  box.style.top = '0px';
  const bw = box.offsetWidth;
  const bh = box.offsetHeight;
  const c = centerOf(anchor);
  const left = Math.max(4, Math.min(wrap.width - bw - 4, c.x * sqPx - bw / 2));
  const band = freeBand(n, keep.map((sq) => Math.floor(centerOf(sq).y)), Math.floor(c.y), (bh + 8) / sqPx);
  let top;
  if (band) {
    // inside the band, as close to the anchor's row as it allows
    const want = band.from > c.y ? band.from * sqPx + 4 : band.to * sqPx - bh - 4;
    top = Math.max(band.from * sqPx + 4, Math.min(band.to * sqPx - bh - 4, want));
  } else {
    const roomBelow = window.innerHeight - wrap.bottom;
    top = roomBelow >= bh + 8 || roomBelow >= wrap.top ? wrap.height + 4 : -bh - 4;
  }
  box.style.left = `${left}px`;
  box.style.top = `${top}px`;
}

/** The run of screen rows `[from, to)` holding none of `rows`, at least
 * `height` rows high, nearest the row `near`; null if none is. */
function freeBand(n, rows, near, height) {
  const taken = new Set(rows);
  let best = null;
  let from = 0;
  for (let r = 0; r <= n; r++) {
    if (r < n && !taken.has(r)) continue;
    if (r - from >= height) {
      const distance = near < from ? from - near : near >= r ? near - r + 1 : 0;
      if (!best || distance < best.distance) best = { from, to: r, distance };
    }
    from = r + 1;
  }
  return best;
}

/** While choosing: the choice whose only mark is `sq`, if one (a click there plays it). */
export function choiceBySquare(sq) {
  if (!ui.chooser) return null;
  const hits = ui.chooser.moves.filter((m) => (m.marks || []).length === 1 && m.marks[0] === sq);
  return hits.length === 1 ? hits[0] : null;
}

// ---------------------------------------------------------------- the preview bar
function renderPreviewBar() {
  const bar = $('preview-bar');
  bar.hidden = !ui.preview;
  if (ui.preview) $('preview-label').textContent = `Preview: ${(ui.preview.readable || ui.preview.moves).join(' ')}`;
}
