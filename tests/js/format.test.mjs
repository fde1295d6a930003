// The page's words and numbers (src/gui/assets/format.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MATE,
  escapeHtml,
  formatClock,
  formatEval,
  formatNodes,
  moveNumber,
  plyText,
  scoreAttr,
  sideName,
  winningChances,
} from '../../src/gui/assets/format.js';

test('a clock shows m:ss, with tenths under 20 s, never below zero', () => {
  assert.equal(formatClock(0), '0:00.0');
  assert.equal(formatClock(-1500), '0:00.0');
  assert.equal(formatClock(9999), '0:09.9');
  assert.equal(formatClock(19950), '0:19.9');
  assert.equal(formatClock(20000), '0:20');
  assert.equal(formatClock(59900), '0:59');
  assert.equal(formatClock(60000), '1:00');
  assert.equal(formatClock(125000), '2:05');
  assert.equal(formatClock(3599999), '59:59');
});

test('an evaluation is from White\'s view, in pawns or as a mate', () => {
  assert.equal(formatEval(35), '+0.35');
  assert.equal(formatEval(0), '+0.00');
  assert.equal(formatEval(-120), '\u22121.20');
  assert.equal(formatEval(MATE - 3), '#3');
  assert.equal(formatEval(-(MATE - 2)), '#-2');
  assert.equal(formatEval(null), '');
  assert.equal(formatEval(undefined), '');
  assert.equal(scoreAttr(-120), '-120');
  assert.equal(scoreAttr(MATE - 3), 'mate 3');
  assert.equal(scoreAttr(-(MATE - 2)), 'mate -2');
});

test('winning chances run from -1 to 1, even at 0', () => {
  assert.equal(winningChances(0), 0);
  assert.equal(winningChances(MATE - 1), 1);
  assert.equal(winningChances(-(MATE - 1)), -1);
  assert.ok(winningChances(300) > 0.5 && winningChances(300) < 0.6);
  assert.equal(winningChances(-300), -winningChances(300));
});

test('node counts are short', () => {
  assert.equal(formatNodes(950), '950');
  assert.equal(formatNodes(12345), '12k');
  assert.equal(formatNodes(3_400_000), '3.4M');
  assert.equal(formatNodes(1_250_000_000), '1.3G');
  assert.equal(formatNodes(null), '');
});

test('the move list shows SAN when the server sends it, the move otherwise', () => {
  const s = { moves: [{}, {}], pending: null };
  assert.equal(plyText(s, { move: 'e2e4', san: 'e4', side: 'w', ply: 1 }), 'e4');
  assert.equal(plyText(s, { move: 'g1f3', san: 'Nf3', side: 'w', ply: 1 }), 'Nf3');
  assert.equal(plyText(s, { move: 'b2b3', side: 'w', ply: 1 }), 'b2b3');
  assert.equal(moveNumber({ number: 12, side: 'w' }), '12.');
  assert.equal(moveNumber({ number: 12, side: 'b' }), '12\u2026');
});

test('an apocalypse choice stays hidden until the turn resolves', () => {
  const s = { moves: [{}, {}, {}], pending: 'w' };
  assert.equal(plyText(s, { move: 'b2b3', side: 'w', ply: 3 }), '(chosen)');
  assert.equal(plyText(s, { move: 'b2b3', side: 'w', ply: 1 }), 'b2b3');
  assert.equal(plyText({ ...s, pending: null }, { move: 'b2b3', side: 'w', ply: 3 }), 'b2b3');
});

test('players are named by colour, and by engine or "you"', () => {
  assert.equal(sideName({ white: 'human', black: 'human', mode: 'hotseat' }, 'w'), 'White');
  assert.equal(sideName({ white: 'human', black: 'turncoat', mode: 'play-white' }, 'w'), 'White \u00b7 you');
  assert.equal(sideName({ white: 'human', black: 'turncoat', mode: 'play-white' }, 'b'), 'Black \u00b7 turncoat');
});

test("players are named by the state's names: an imported game's, You and the engine", () => {
  const imported = { white: 'human', black: 'human', mode: 'analysis', players: { w: 'alice', b: 'bob' } };
  assert.equal(sideName(imported, 'w'), 'White \u00b7 alice');
  assert.equal(sideName(imported, 'b'), 'Black \u00b7 bob');
  const unnamed = { white: 'human', black: 'human', mode: 'hotseat', players: { w: '', b: '' } };
  assert.equal(sideName(unnamed, 'w'), 'White');
  const game = { white: 'human', black: 'turncoat', mode: 'play-white', players: { w: 'You', b: 'turncoat' } };
  assert.equal(sideName(game, 'w'), 'White \u00b7 You');
  assert.equal(sideName(game, 'b'), 'Black \u00b7 turncoat');
});

test('text is escaped for HTML', () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  assert.equal(escapeHtml(3), '3');
});
