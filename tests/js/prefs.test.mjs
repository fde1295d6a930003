// The preferences the browser remembers (src/gui/assets/prefs.js), with a fake storage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrefs } from '../../src/gui/assets/prefs.js';

function fakeStorage() {
  const items = new Map();
  return {
    items,
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

test('a preference set is read back, under turncoat.NAME', () => {
  const storage = fakeStorage();
  const prefs = createPrefs(storage);
  assert.equal(prefs.get('theme', 'system'), 'system');
  prefs.set('theme', 'dark');
  prefs.set('sound', 'off');
  assert.equal(prefs.get('theme', 'system'), 'dark');
  assert.equal(createPrefs(storage).get('sound', 'on'), 'off'); // another page, the same storage
  assert.deepEqual([...storage.items.keys()].sort(), ['turncoat.sound', 'turncoat.theme']);
});

test('without a storage, or one that refuses, the defaults hold and nothing throws', () => {
  const refusing = {
    getItem() {
      throw new Error('SecurityError');
    },
    setItem() {
      throw new Error('QuotaExceededError');
    },
  };
  for (const storage of [null, refusing]) {
    const prefs = createPrefs(storage);
    prefs.set('board', 'green');
    assert.equal(prefs.get('board', 'brown'), 'brown');
  }
});
