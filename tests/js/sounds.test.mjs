// Which sound a new state makes (src/gui/assets/sounds.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { soundName } from '../../src/gui/assets/sounds.js';

const before = { variant: 'chess', start_fen: 'start', moves: [{}], cursor: 1, result: '' };
const after = (extra) => ({ ...before, moves: [{}, {}], cursor: 2, ...extra });

test('a move, a check, a bribe, a conversion, a collision, the end', () => {
  assert.equal(soundName(before, after({ last: { move: 'e7e5' } })), 'move');
  assert.equal(soundName(before, after({ check: 'e1', last: { move: 'd8h4' } })), 'check');
  assert.equal(soundName(before, after({ last: { move: '@e5d2f2' } })), 'bribe');
  assert.equal(soundName(before, after({ last: { move: 'e3f5', conversions: ['e7'] } })), 'convert');
  assert.equal(soundName(before, after({ turn: { collision: 'c3' } })), 'collision');
  assert.equal(soundName(before, after({ result: '1-0' })), 'end');
});

test('no sound for another game, or for a step back through this one', () => {
  assert.equal(soundName(null, after({})), null);
  assert.equal(soundName(before, after({ variant: 'pacifist' })), null);
  assert.equal(soundName(before, { ...before, cursor: 0 }), null);
  assert.equal(soundName(before, after({ cursor: 1 })), null);
});
