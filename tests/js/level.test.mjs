// The engines' levels on the page (src/gui/assets/level.js): reading a
// level, the one remembered, one up or down, the pickers' look and the
// game-over dialog's rematch one level up or down.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_LEVEL, LEVELS, parseLevel, picker, rematchLevels, rememberedLevel, stepLevel } from '../../src/gui/assets/level.js';
import { createPrefs } from '../../src/gui/assets/prefs.js';

const [LOWEST, HIGHEST] = [LEVELS[0], LEVELS[LEVELS.length - 1]];

function memory() {
  const items = new Map();
  return createPrefs({ getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, String(v)) });
}

/** A state of a game in `mode` with turncoat (which takes levels) or `plain` seated. */
function state(mode, { white = 'turncoat', black = 'turncoat', levels = { w: 2, b: 5 } } = {}) {
  const human = { 'play-white': 'w', 'play-black': 'b' }[mode];
  return {
    mode,
    white: human === 'w' || mode === 'hotseat' ? 'human' : white,
    black: human === 'b' || mode === 'hotseat' ? 'human' : black,
    levels,
    level_engines: ['turncoat'],
  };
}

test('the levels rise one by one from 1, and a new player starts low', () => {
  assert.equal(LOWEST, 1);
  LEVELS.forEach((k, i) => assert.equal(k, LOWEST + i));
  assert.ok(LEVELS.includes(DEFAULT_LEVEL) && DEFAULT_LEVEL < LEVELS[Math.floor(LEVELS.length / 2)]);
});

test('only a whole number within the levels is one', () => {
  for (const k of LEVELS) {
    assert.equal(parseLevel(k), k);
    assert.equal(parseLevel(String(k)), k);
  }
  for (const bad of [LOWEST - 1, HIGHEST + 1, 2.5, 'x', '', ' ', null, undefined, '3x', '-1']) assert.equal(parseLevel(bad), null, String(bad));
});

test('the remembered level, else the default; one nobody could choose is not remembered', () => {
  const prefs = memory();
  assert.equal(rememberedLevel(prefs, 'b'), DEFAULT_LEVEL, 'nothing remembered');
  prefs.set('level-b', String(HIGHEST));
  assert.equal(rememberedLevel(prefs, 'b'), HIGHEST);
  assert.equal(rememberedLevel(prefs, 'w'), DEFAULT_LEVEL, 'each side its own');
  prefs.set('level-w', 'nine');
  assert.equal(rememberedLevel(prefs, 'w'), DEFAULT_LEVEL);
  assert.equal(rememberedLevel(createPrefs(null), 'w'), DEFAULT_LEVEL, 'no storage');
});

test('one level up or down stops at the ends', () => {
  assert.equal(stepLevel(3, 1), 4);
  assert.equal(stepLevel(3, -1), 2);
  assert.equal(stepLevel(HIGHEST, 1), null);
  assert.equal(stepLevel(LOWEST, -1), null);
});

test('a picker shows for an engine seat, off for an engine without levels', () => {
  const s = state('play-white', { black: 'turncoat' });
  assert.equal(picker(s, 'w').hidden, true, "the person's side");
  assert.deepEqual([picker(s, 'b').hidden, picker(s, 'b').disabled], [false, false]);
  const plain = picker(state('play-white', { black: 'plain' }), 'b');
  assert.deepEqual([plain.hidden, plain.disabled], [false, true]);
  assert.match(plain.title, /plain offers no Skill Level/);
  for (const side of ['w', 'b']) {
    assert.equal(picker(state('watch'), side).hidden, false, 'two engines');
    assert.equal(picker(state('hotseat'), side).hidden, true, 'two people');
  }
});

test('the dialog rematches the engine one level up or down, not past the ends', () => {
  assert.deepEqual(rematchLevels(state('play-white', { levels: { w: 1, b: 5 } })), { side: 'b', up: 6, down: 4 });
  assert.deepEqual(rematchLevels(state('play-black', { levels: { w: HIGHEST, b: 2 } })), { side: 'w', up: null, down: HIGHEST - 1 });
  assert.deepEqual(rematchLevels(state('play-white', { levels: { w: 3, b: LOWEST } })), { side: 'b', up: LOWEST + 1, down: null });
  assert.equal(rematchLevels(state('play-white', { black: 'plain' })), null, 'an engine without levels');
  assert.equal(rematchLevels(state('watch')), null, 'nobody played');
  assert.equal(rematchLevels(state('hotseat')), null);
});
