// turncoat gui — the engines' levels (issue #50), 1 to 8 as on lichess; the
// server sends each as the engine's `Skill Level` (src/gui/level.rs holds
// the table). Pure: the pickers' look, a new player's level, the level
// the browser remembers, one level up or down (tests/js/level.test.mjs).

/** The levels the pickers offer, weakest first. */
export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8];

/** A new player's level, when the browser remembers none: low, so that a first game can be won. */
export const DEFAULT_LEVEL = 2;

/** `value` (a number or its text) as a level, or null when it is none. */
export function parseLevel(value) {
  const n = typeof value === 'number' ? value : /^\d+$/.test(String(value ?? '').trim()) ? Number(value) : NaN;
  return LEVELS.includes(n) ? n : null;
}

/** The preference that remembers `side`'s level (`w`, `b`): `turncoat.level-w`. */
export function levelPref(side) {
  return `level-${side}`;
}

/** The level the browser remembers for `side` (prefs.js's `prefs`), else the default. */
export function rememberedLevel(prefs, side) {
  return parseLevel(prefs.get(levelPref(side), null)) ?? DEFAULT_LEVEL;
}

/** `level` one up (`delta` 1) or down (-1); null past either end. */
export function stepLevel(level, delta) {
  return parseLevel(level + delta);
}

/** The engine seated on `side` in state `s`, or null for a person's side. */
function engineOf(s, side) {
  const who = side === 'w' ? s.white : s.black;
  return who && who !== 'human' ? who : null;
}

/** How `side`'s picker shows in state `s`: hidden where a person plays,
 * off (with why) for an engine that takes no level. */
export function picker(s, side) {
  const engine = engineOf(s, side);
  if (!engine) return { hidden: true, disabled: true, title: '' };
  if (!(s.level_engines || []).includes(engine)) {
    return { hidden: false, disabled: true, title: `${engine} offers no Skill Level: it plays at its own strength` };
  }
  return { hidden: false, disabled: false, title: `the level ${engine} plays at (1 weakest, 8 full strength), from its next move` };
}

/** The game-over dialog's rematch one level up or down, against an engine
 * that takes a level: its side now and the levels one up and down (null
 * past an end); null where a person did not play one such engine. */
export function rematchLevels(s) {
  const side = { 'play-white': 'b', 'play-black': 'w' }[s.mode];
  if (!side || picker(s, side).disabled) return null;
  const level = s.levels[side];
  return { side, up: stepLevel(level, 1), down: stepLevel(level, -1) };
}
