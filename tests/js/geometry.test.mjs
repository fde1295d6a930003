// The board's geometry and its arrows (src/gui/assets/geometry.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  arrowShape,
  arrowSvg,
  center,
  isLight,
  layoutOf,
  legs,
  lessonArrowSvg,
  squareOrder,
  turnArrows,
} from '../../src/gui/assets/geometry.js';

const WHITE = layoutOf({ size: 8 }, false);
const BLACK = layoutOf({ size: 8 }, true);
const APOCALYPSE = layoutOf({ size: 5, files: 'abcde' }, false);
const near = (a, b) => Math.abs(a - b) < 1e-9;
const nearPoint = (p, x, y) => assert.ok(near(p.x, x) && near(p.y, y), `${JSON.stringify(p)} is not (${x}, ${y})`);

test('squares run from the top left, as seen from the side at the bottom', () => {
  const w = squareOrder(WHITE);
  assert.equal(w.length, 64);
  assert.deepEqual([w[0], w[7], w[56], w[63]], ['a8', 'h8', 'a1', 'h1']);
  const b = squareOrder(BLACK);
  assert.deepEqual([b[0], b[7], b[63]], ['h1', 'a1', 'a8']);
  const a = squareOrder(APOCALYPSE);
  assert.deepEqual([a.length, a[0], a[24]], [25, 'a5', 'e1']);
  // the colours alternate; the corners of a diagonal share theirs
  assert.equal(isLight(WHITE, 'a1'), isLight(WHITE, 'h8'));
  assert.notEqual(isLight(WHITE, 'a1'), isLight(WHITE, 'b1'));
  assert.notEqual(isLight(WHITE, 'a1'), isLight(WHITE, 'a2'));
  // a1 dark, h1 light (each player's right-hand corner), c1 and f8 dark (docs/rules.md §1.3)
  assert.deepEqual(['a1', 'h1', 'h8', 'a8', 'c1', 'f8'].map((sq) => isLight(WHITE, sq)), [false, true, false, true, false, false]);
  assert.deepEqual([isLight(BLACK, 'a1'), isLight(APOCALYPSE, 'a1'), isLight(APOCALYPSE, 'e1')], [false, false, false]);
});

test('a square\'s centre is in board units, flipped with the board', () => {
  assert.deepEqual(center(WHITE, 'a8'), { x: 0.5, y: 0.5 });
  assert.deepEqual(center(WHITE, 'e2'), { x: 4.5, y: 6.5 });
  assert.deepEqual(center(BLACK, 'e2'), { x: 3.5, y: 1.5 });
  assert.deepEqual(center(APOCALYPSE, 'e1'), { x: 4.5, y: 4.5 });
});

test('an arrow starts 0.15 past its square\'s centre and its tip stops 0.18 short of the other', () => {
  const s = arrowShape(center(WHITE, 'e2'), center(WHITE, 'e4'));
  nearPoint(s.start, 4.5, 6.35);
  nearPoint(s.tip, 4.5, 4.68);
  nearPoint(s.base, 4.5, 5.02); // the head is 0.34 long
  nearPoint(s.corners[0], 4.66, 5.02); // and 0.32 wide
  nearPoint(s.corners[1], 4.34, 5.02);
  // a knight's move: the same distances along the diagonal
  const a = center(WHITE, 'g1');
  const b = center(WHITE, 'f3');
  const k = arrowShape(a, b);
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  assert.ok(near(Math.hypot(k.tip.x - a.x, k.tip.y - a.y), len - 0.18));
  assert.ok(near(Math.hypot(k.start.x - a.x, k.start.y - a.y), 0.15));
  assert.equal(arrowShape(a, a), null);
  assert.equal(arrowSvg(a, a, 'x'), '');
});

test('an arrow\'s SVG carries its class and attributes', () => {
  const svg = arrowSvg(center(WHITE, 'e2'), center(WHITE, 'e4'), 'user green', ' data-arrow="e2e4"');
  assert.match(svg, /^<g class="arrow user green" data-arrow="e2e4"><line x1="4.5" y1="6.35" /);
  assert.match(svg, /<polygon points="4.5,4.68 /);
});

test('moves become legs: relocations two, subversions none', () => {
  assert.deepEqual(legs('e2e4'), [{ from: 'e2', to: 'e4' }]);
  assert.deepEqual(legs('e7e8q'), [{ from: 'e7', to: 'e8' }]);
  assert.deepEqual(legs('b4c5,c5d2'), [{ from: 'b4', to: 'c5' }, { from: 'c5', to: 'd2' }]);
  assert.deepEqual(legs('@e5d2f2'), []);
  assert.deepEqual(legs(''), []);
  assert.deepEqual(legs(null), []);
});

test('an apocalypse turn draws both plies, a failed one crossed out, and the collision', () => {
  const svg = turnArrows(APOCALYPSE, { white: 'a2a3', white_valid: true, black: 'b4a3', black_valid: false, collision: 'a3', relocations: ['c3'] });
  assert.match(svg, /class="arrow arrow-w"/);
  assert.match(svg, /class="arrow arrow-b failed"/);
  assert.match(svg, /class="fail-mark"/);
  assert.match(svg, /class="collision"/);
  assert.match(svg, /<circle class="relocated" cx="2.5" cy="2.5" r="0.44">/);
});

test('a lesson\'s arrow ends on the centre of its square', () => {
  const svg = lessonArrowSvg(center(WHITE, 'e3'), center(WHITE, 'f5'));
  assert.match(svg, /^<line x1="4.5" y1="5.5" /);
  assert.match(svg, /<polygon points="5.5,3.5 /);
  assert.equal(lessonArrowSvg({ x: 1, y: 1 }, { x: 1, y: 1 }), '');
});
