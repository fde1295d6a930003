// ESLint (flat config) for the browser GUI's page, its unit tests and the
// web build's node script (web/turncoat-uci.mjs):
// `npm ci && npx eslint --max-warnings 0` (.ci/run does; docs/testing.md).
// The page's modules run in the browser; the tests, the node script and
// this file in node.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['target/**', 'node_modules/**', 'fuzz/**'] },
  js.configs.recommended,
  {
    files: ['src/gui/assets/**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.browser },
  },
  {
    files: ['tests/js/**/*.mjs', 'web/**/*.mjs', 'eslint.config.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.node },
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
];
