// ESLint (flat config) for the browser GUI's page, its unit tests, the web
// build's site (web/site) and node scripts (web/turncoat-uci.mjs):
// `npm ci && npx eslint --max-warnings 0` (.ci/run does; docs/testing.md).
// The page's modules run in the browser; the tests, the node script and
// this file in node.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['target/**', 'node_modules/**', 'fuzz/**'] },
  js.configs.recommended,
  {
    files: ['src/gui/assets/**/*.js', 'web/site/**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.browser },
  },
  {
    files: ['web/site/engine-worker.js', 'web/site/sw.js'],
    languageOptions: { globals: globals.worker },
  },
  {
    files: ['tests/js/**/*.mjs', 'web/**/*.mjs', 'contrib/**/*.mjs', 'eslint.config.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.node },
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
];
