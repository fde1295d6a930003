// turncoat gui — the board's geometry: square names in screen order, a
// square's centre, and the SVG of arrows, crosses and bursts, all in board
// units (one square = 1, the top-left corner at 0,0), so that drawing them
// needs no layout. Pure functions (no DOM): tests/js/geometry.test.mjs.
//
// A layout is {size, files, flipped}: `size` squares a side, `files` their
// letters (`abcdefgh`, `abcde`), `flipped` when Black is at the bottom.

/** The layout of a state's board, seen from White (or Black if `flipped`). */
export function layoutOf(state, flipped) {
  return { size: state.size, files: state.files || 'abcdefgh'.slice(0, state.size), flipped: !!flipped };
}

/** Square names, top-left first, as seen from the layout's side. */
export function squareOrder(L) {
  const n = L.size;
  const out = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const file = L.flipped ? n - 1 - col : col;
      const rank = L.flipped ? row + 1 : n - row;
      out.push(L.files[file] + rank);
    }
  }
  return out;
}

/** Centre of a square in board units. */
export function center(L, sq) {
  const n = L.size;
  const file = L.files.indexOf(sq[0]);
  const rank = parseInt(sq.slice(1), 10) - 1;
  const col = L.flipped ? n - 1 - file : file;
  const row = L.flipped ? rank : n - 1 - rank;
  return { x: col + 0.5, y: row + 0.5 };
}

/** Whether `sq` is a light square: a1 is dark and h1 light, the square
 * at each player's right-hand corner light (the FIDE Laws, art. 2.1,
 * which docs/rules.md §1.1 adopts; §1.3's example has c1 and f8 dark). */
export function isLight(L, sq) {
  return (L.files.indexOf(sq[0]) + parseInt(sq.slice(1), 10)) % 2 === 0;
}

/** The legs of a move to draw as arrows: `e2e4` one, `b4b5,b5d3` (an
 * apocalypse relocation) two, a subversion `@e5d2f2` none. */
export function legs(move) {
  if (!move || move[0] === '@') return [];
  return move
    .split(',')
    .map((leg) => ({ from: leg.slice(0, 2), to: leg.slice(2, 4) }))
    .filter((l) => /^[a-h][1-8]$/.test(l.from) && /^[a-h][1-8]$/.test(l.to));
}

/** An arrow from centre `a` to centre `b`: its shaft from `start` to
 * `base`, its head the triangle of `tip` and the two `corners` beside
 * `base`; null when the two are the same point. The shaft starts 0.15
 * past `a`, the tip stops 0.18 short of `b`. */
export function arrowShape(a, b) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  if (len < 0.01) return null;
  const ux = dx / len;
  const uy = dy / len;
  const head = 0.34;
  const x2 = b.x - ux * 0.18;
  const y2 = b.y - uy * 0.18;
  const bx = x2 - ux * head;
  const by = y2 - uy * head;
  const w = 0.16;
  return {
    start: { x: a.x + ux * 0.15, y: a.y + uy * 0.15 },
    base: { x: bx, y: by },
    tip: { x: x2, y: y2 },
    corners: [
      { x: bx - uy * w, y: by + ux * w },
      { x: bx + uy * w, y: by - ux * w },
    ],
  };
}

/** The SVG of an arrow (`<g class="arrow CLS">`); `attrs` are written into the group. */
export function arrowSvg(a, b, cls, attrs = '') {
  const s = arrowShape(a, b);
  if (!s) return '';
  const [p1, p2] = s.corners.map((p) => `${p.x},${p.y}`);
  return `<g class="arrow ${cls}"${attrs}><line x1="${s.start.x}" y1="${s.start.y}" x2="${s.base.x}" y2="${s.base.y}"></line><polygon points="${s.tip.x},${s.tip.y} ${p1} ${p2}"></polygon></g>`;
}

/** A cross on centre `c` (a failed speculation). */
export function crossSvg(c, cls) {
  const r = 0.2;
  return `<g class="${cls}"><line x1="${c.x - r}" y1="${c.y - r}" x2="${c.x + r}" y2="${c.y + r}"></line><line x1="${c.x - r}" y1="${c.y + r}" x2="${c.x + r}" y2="${c.y - r}"></line></g>`;
}

/** An eight-pointed burst on centre `c` (an apocalypse collision). */
export function burstSvg(c) {
  const pts = [];
  for (let i = 0; i < 16; i++) {
    const r = i % 2 ? 0.2 : 0.44;
    const a = (i * Math.PI) / 8;
    pts.push(`${c.x + r * Math.cos(a)},${c.y + r * Math.sin(a)}`);
  }
  return `<polygon class="collision" points="${pts.join(' ')}"></polygon>`;
}

/** A resolved apocalypse turn: both plies as arrows (a failed one dashed
 * and crossed out), the collision as a burst, relocations ringed. */
export function turnArrows(L, turn) {
  const at = (sq) => center(L, sq);
  let out = '';
  for (const [side, move, valid] of [['w', turn.white, turn.white_valid], ['b', turn.black, turn.black_valid]]) {
    const ls = legs(move);
    ls.forEach((l, i) => {
      const cls = `${side === 'w' ? 'arrow-w' : 'arrow-b'}${valid ? '' : ' failed'}${i > 0 ? ' relocation' : ''}`;
      out += arrowSvg(at(l.from), at(l.to), cls);
    });
    if (!valid && ls.length) out += crossSvg(at(ls[ls.length - 1].to), 'fail-mark');
  }
  if (turn.collision) out += burstSvg(at(turn.collision));
  for (const sq of turn.relocations || []) {
    const c = at(sq);
    out += `<circle class="relocated" cx="${c.x}" cy="${c.y}" r="0.44"></circle>`;
  }
  return out;
}

/** A lesson's arrow (learn.js): centre to centre, a thinner shaft. */
export function lessonArrowSvg(a, b) {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (len < 0.01) return '';
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const w = 0.11;
  const head = 0.3;
  const ex = b.x - ux * head;
  const ey = b.y - uy * head;
  return `<line x1="${a.x}" y1="${a.y}" x2="${ex}" y2="${ey}" stroke-width="${w}"></line><polygon points="${b.x},${b.y} ${ex - uy * w * 1.5},${ey + ux * w * 1.5} ${ex + uy * w * 1.5},${ey - ux * w * 1.5}"></polygon>`;
}
