// turncoat gui — the words and numbers the page shows: clocks, evaluations,
// node counts, the move list's plies, the players' names. Pure functions of
// their arguments (no DOM): tests/js/format.test.mjs runs them under node.

export const COLOR_NAME = { w: 'White', b: 'Black' };

/** A mate score: centipawns ±(MATE - n) for a mate in n (the server's convention). */
export const MATE = 100000;

export function escapeHtml(t) {
  return String(t).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** A clock: `m:ss`, with tenths under 20 seconds (`0:19.9`); never negative. */
export function formatClock(ms) {
  const t = Math.max(0, ms);
  const m = Math.floor(t / 60000);
  const sec = Math.floor((t % 60000) / 1000);
  if (t < 20000) return `${m}:${String(sec).padStart(2, '0')}.${Math.floor((t % 1000) / 100)}`;
  return `${m}:${String(sec).padStart(2, '0')}`;
}

/** White's view of a score (centipawns, mates as ±(100000 - n)): `+0.35`, `#3`, `#-2`. */
export function formatEval(cp) {
  if (cp === null || cp === undefined) return '';
  if (Math.abs(cp) > MATE - 1000) return `#${cp > 0 ? MATE - cp : -(MATE + cp)}`;
  return `${cp >= 0 ? '+' : '\u2212'}${(Math.abs(cp) / 100).toFixed(2)}`;
}

/** `data-score` of the eval bar: centipawns, or `mate N` (N > 0: White mates). */
export function scoreAttr(cp) {
  if (Math.abs(cp) > MATE - 1000) return `mate ${cp > 0 ? MATE - cp : -(MATE + cp)}`;
  return String(cp);
}

/** lichess's winning chances of White, -1..1: 2 / (1 + e^(-0.00368 cp)) - 1 (a mate: ±1). */
export function winningChances(cp) {
  return Math.abs(cp) > MATE - 1000 ? Math.sign(cp) : 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

/** A node count, short: `950`, `12k`, `3.4M`, `1.2G`. */
export function formatNodes(n) {
  if (n === null || n === undefined) return '';
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)}G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e4) return `${Math.round(n / 1e3)}k`;
  return String(n);
}

/** The number before a ply in the move list: `12.` for White's, `12…` for Black's. */
export function moveNumber(m) {
  return m.side === 'w' ? `${m.number}.` : `${m.number}\u2026`;
}

/** Whether ply `m` of state `s` is an apocalypse choice still hidden
 * (the side that chose first, until the turn resolves). */
export function isHiddenPly(s, m) {
  return !!s.pending && m.side === s.pending && m.ply === s.moves.length;
}

/** What the move list shows for ply `m` of state `s`: the notation players
 * read (SAN in the 8x8 variants: `e2e4` shows `e4`), else the move as sent;
 * `(chosen)` for a hidden apocalypse choice. */
export function plyText(s, m) {
  return isHiddenPly(s, m) ? '(chosen)' : m.san || m.move;
}

/** An apocalypse ply as the turn's summary says it. */
export function describePly(move, valid) {
  return valid ? move : `${move} (failed speculation, +1 penalty)`;
}

/** The player of `side` in state `s`: `White`, `White · You`, `Black · turncoat`,
 * `White · alice` (an imported game's player): the state's `players` names
 * them where it has a name. */
export function sideName(s, side) {
  const player = s.players && s.players[side];
  if (player) return `${COLOR_NAME[side]} \u00b7 ${player}`;
  const who = side === 'w' ? s.white : s.black;
  if (!who || who === 'human') return s.mode === 'hotseat' || s.mode === 'analysis' ? COLOR_NAME[side] : `${COLOR_NAME[side]} \u00b7 you`;
  return `${COLOR_NAME[side]} \u00b7 ${who}`;
}

/** Whether an engine plays `side` in state `s`. */
export function isEngineSide(s, side) {
  const who = side === 'w' ? s.white : s.black;
  return who && who !== 'human';
}
