// turncoat gui — the engine's side of the page: the engine table
// (`#engine-output`: lines, depth, eval from White's view, nodes, PV), the
// eval bar (`#eval-bar`, `data-score`), the evaluation graph over the game
// (`#eval-graph`) and the log of the engines' lines.

import { ui, $, changed } from './ui.js';
import { escapeHtml, formatEval, formatNodes, scoreAttr, winningChances } from './format.js';
import { personColor, shownCursor } from './view.js';

/** Whether the engine's evaluation, bar, graph and lines are hidden: during
 * a person's game against it, as on lichess (it would tell the person what
 * to play), unless `#show-engine` is ticked (prefs.js remembers it). */
export function engineHidden(s) {
  return !!personColor(s) && !s.result && !s.aborted && !$('show-engine').checked;
}

/** `#layout`'s `data-engine` (`hidden`, `shown`): style.css hides the engine's output by it. */
function renderEngineShown(s) {
  const value = engineHidden(s) ? 'hidden' : 'shown';
  if ($('layout').dataset.engine !== value) $('layout').dataset.engine = value;
}

// The table is left alone while the pointer is over it, so a move of a
// line being aimed at does not move away under the pointer.
export function renderEngine() {
  const s = ui.state;
  const lines = s.engine_output || [];
  renderEngineShown(s);
  if (ui.engineHover) return;
  const key = JSON.stringify(lines);
  if (!changed('engine', key)) return;
  const box = $('engine-output');
  if (!lines.length) {
    box.innerHTML = '<div class="empty-note">no engine output</div>';
    return;
  }
  const rows = lines
    .map((l, i) => {
      // shown in the variant's readable notation (the server's `san`), sent back for a preview as the engine wrote it
      const pvText = escapeHtml((l.pv || []).join(' '));
      const readable = l.san && l.san.length === (l.pv || []).length ? l.san : l.pv || [];
      const sanText = escapeHtml(readable.join(' '));
      const pv = (l.pv || []).map((m, j) => `<span class="pv-move" data-line="${i}" data-idx="${j}" data-pv="${pvText}" data-san="${sanText}" data-move="${escapeHtml(m)}">${escapeHtml(readable[j])}</span>`).join(' ');
      // the score from White's view; the searching side's own after it when that is Black
      const own = l.side === 'b' && l.score ? ` <span class="own-score" title="from Black's view">(Black ${escapeHtml(l.score)})</span>` : '';
      return `<tr><td class="num line-no">${l.multipv || 1}</td><td class="num">${l.depth ?? ''}</td><td class="num score">${escapeHtml(formatEval(l.cp))}${own}</td><td class="num">${formatNodes(l.nodes)}</td><td class="pv">${pv}</td></tr>`;
    })
    .join('');
  const names = [...new Set(lines.map((l) => `${l.side ? `<span class="side-dot ${l.side}"></span>` : ''}${escapeHtml(l.engine || '')}`))].join(', ');
  box.innerHTML = `<div class="engine-name">${names}</div><table><thead><tr><th title="line">#</th><th>depth</th><th title="centipawns as pawns, from White's view (+: White is better)">eval (White)</th><th>nodes</th><th>PV (click a move to preview)</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** White's view of the position shown: the engine's current line for the
 * live position, else the last evaluation at or before the ply shown. */
function shownEval() {
  const s = ui.state;
  if (!ui.browse && !ui.preview) {
    const best = (s.engine_output || []).find((l) => (l.multipv || 1) === 1 && l.cp !== null && l.cp !== undefined);
    if (best) return best.cp;
  }
  if (ui.preview) return null;
  const evals = s.evals || [];
  for (let i = Math.min(shownCursor(), evals.length - 1); i >= 0; i--) {
    if (evals[i] !== null && evals[i] !== undefined) return evals[i];
  }
  return null;
}

export function renderEvalBar() {
  const cp = shownEval();
  const bar = $('eval-bar');
  const key = `${cp}|${ui.flipped}`;
  if (!changed('eval-bar', key)) return;
  if (cp === null) {
    bar.dataset.score = '';
    bar.style.setProperty('--white', '50%');
    bar.title = 'no evaluation yet';
    $('eval-bar-label').textContent = '';
    return;
  }
  const chances = winningChances(cp);
  bar.dataset.score = scoreAttr(cp);
  bar.style.setProperty('--white', `${(50 + 50 * chances).toFixed(1)}%`);
  bar.classList.toggle('flipped', ui.flipped);
  bar.title = `eval ${formatEval(cp)} (White's view)`;
  $('eval-bar-label').textContent = formatEval(cp).replace(/^\+/, '');
}

const GRAPH = { w: 400, h: 110, clamp: 600 };

export function renderGraph() {
  const s = ui.state;
  const evals = s.evals || [];
  const key = JSON.stringify([evals, shownCursor(), s.moves.length]);
  if (!changed('graph', key)) return;
  const { w, h, clamp } = GRAPH;
  const n = Math.max(evals.length - 1, s.moves.length, 1);
  const x = (i) => (i / n) * w;
  const y = (cp) => h / 2 - (Math.max(-clamp, Math.min(clamp, cp)) / clamp) * (h / 2 - 4);
  let line = '';
  let area = '';
  let seg = [];
  const flush = () => {
    if (seg.length > 1) {
      line += `<polyline class="g-line" points="${seg.map((p) => p.join(',')).join(' ')}"></polyline>`;
      area += `<polygon class="g-area" points="${seg[0][0]},${h / 2} ${seg.map((p) => p.join(',')).join(' ')} ${seg[seg.length - 1][0]},${h / 2}"></polygon>`;
    } else if (seg.length === 1) {
      line += `<circle class="g-dot" cx="${seg[0][0]}" cy="${seg[0][1]}" r="2.5"></circle>`;
    }
    seg = [];
  };
  // A line through the evaluations known; a ply without one between two
  // that have one (the person's move in a game against the engine) is
  // bridged, two or more in a row leave a gap.
  let lastKnown = -1;
  evals.forEach((cp, i) => {
    if (cp === null || cp === undefined) return;
    if (lastKnown >= 0 && i - lastKnown > 2) flush();
    seg.push([x(i).toFixed(1), y(cp).toFixed(1)]);
    lastKnown = i;
  });
  flush();
  const cx = x(shownCursor()).toFixed(1);
  $('eval-graph').innerHTML = `<rect class="g-bg" x="0" y="0" width="${w}" height="${h / 2}"></rect><rect class="g-bg2" x="0" y="${h / 2}" width="${w}" height="${h / 2}"></rect>${area}<line class="g-zero" x1="0" y1="${h / 2}" x2="${w}" y2="${h / 2}"></line>${line}<line class="g-cursor" x1="${cx}" y1="0" x2="${cx}" y2="${h}"></line>`;
  $('eval-graph').dataset.n = n;
}

/** The ply under a click on the graph. */
export function graphPly(e) {
  const svg = $('eval-graph');
  const r = svg.getBoundingClientRect();
  const n = parseInt(svg.dataset.n || '1', 10);
  return Math.round(((e.clientX - r.left) / r.width) * n);
}

/** Keeps the engines' last 200 lines. */
export function logEngine(ev) {
  ui.engineLog.push(`${ev.engine}${ev.side ? ` (${ev.side})` : ''}: ${ev.line}`);
  if (ui.engineLog.length > 200) ui.engineLog.splice(0, ui.engineLog.length - 200);
}
