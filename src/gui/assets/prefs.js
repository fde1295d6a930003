// turncoat gui — the preferences the browser remembers (localStorage, keys
// `turncoat.theme`, `turncoat.board`, `turncoat.sound`, `turncoat.engine`:
// the engine shown during the person's games, `turncoat.level-w` and
// `turncoat.level-b`: the engines' levels, kept by actions.js through
// level.js) and the theme they set on <html> (`data-theme`, `data-dark`,
// `data-board`). createPrefs is
// pure, its storage handed in (tests/js/prefs.test.mjs gives it a fake);
// wirePrefs is the page's side.

/** Preferences kept in `storage` (a Storage: getItem, setItem), or only
 * for this page when there is none or it refuses (private mode). */
export function createPrefs(storage, prefix = 'turncoat.') {
  return {
    get(name, fallback) {
      try {
        return storage.getItem(`${prefix}${name}`) ?? fallback;
      } catch {
        return fallback;
      }
    },
    set(name, value) {
      try {
        storage.setItem(`${prefix}${name}`, value);
      } catch {
        /* private mode: not remembered */
      }
    },
  };
}

/** The browser's localStorage, or null where reading it throws. */
export function browserStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const $ = (id) => document.getElementById(id);

/** The theme (system, light, dark) and the board's colours on <html>. */
function applyTheme(darkQuery) {
  const root = document.documentElement;
  const theme = $('theme').value;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  const dark = theme === 'dark' || (theme === 'system' && !!darkQuery && darkQuery.matches);
  if (dark) root.dataset.dark = '';
  else delete root.dataset.dark;
  root.dataset.board = $('board-theme').value;
}

/** The page's width without a scroll bar, for the board's size on narrow screens. */
function measureWidth() {
  document.documentElement.style.setProperty('--vw', `${document.documentElement.clientWidth}px`);
}

/** `#theme`, `#board-theme`, `#sound` and `#show-engine` from the preferences, and back into them when changed. */
export function wirePrefs(prefs) {
  const darkQuery = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const apply = () => applyTheme(darkQuery);
  $('theme').value = prefs.get('theme', 'system');
  $('board-theme').value = prefs.get('board', 'brown');
  $('sound').checked = prefs.get('sound', 'on') !== 'off';
  apply();
  $('theme').addEventListener('change', () => {
    prefs.set('theme', $('theme').value);
    apply();
  });
  $('board-theme').addEventListener('change', () => {
    prefs.set('board', $('board-theme').value);
    apply();
  });
  $('sound').addEventListener('change', () => prefs.set('sound', $('sound').checked ? 'on' : 'off'));
  $('show-engine').checked = prefs.get('engine', 'off') === 'on';
  $('show-engine').addEventListener('change', () => prefs.set('engine', $('show-engine').checked ? 'on' : 'off'));
  if (darkQuery && darkQuery.addEventListener) darkQuery.addEventListener('change', apply);
  measureWidth();
  window.addEventListener('resize', measureWidth);
}
