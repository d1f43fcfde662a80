/**
 * @file Lint: TypeScript rules plus the layer rule of docs/architecture.md as import bans.
 * core imports only core; adapters import core; workers import core + browser adapters;
 * ui imports core (types, pure helpers) and worker clients, never adapters; cli imports core +
 * node adapters. Static imports only: review `import()` and `new URL('...worker.ts')` by hand.
 */
import tseslint from 'typescript-eslint';

const uiLibs = ['react', 'react-dom', 'react-dom/*', 'cytoscape', 'highlight.js', 'highlight.js/*'];
const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'worker_threads', 'child_process', 'module'];
const banned = (patterns, message) => ({ group: patterns, message });

function layer(files, groups) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns: groups }] } };
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'test-results/**', 'demo/**', 'test/fixtures/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  layer(['src/core/**'], [
    banned(['**/adapters/**', '**/ui/**', '**/cli/**', '**/workers/**'], 'src/core imports only src/core.'),
    banned(nodeBuiltins, 'src/core is environment-neutral: no Node APIs (put it in src/adapters/node).'),
    banned(uiLibs, 'src/core has no UI libraries.'),
    banned(['@duckdb/*'], 'Database engines are adapters: use the SqlConnection port.'),
  ]),
  // Tests of core may read fixtures from disk; the code under test stays environment-neutral.
  layer(['src/core/**/*.test.ts'], [
    banned(['**/adapters/**', '**/ui/**', '**/cli/**', '**/workers/**'], 'src/core imports only src/core.'),
    banned(uiLibs, 'src/core has no UI libraries.'),
  ]),
  layer(['src/adapters/browser/**'], [
    banned(['**/ui/**', '**/cli/**', '**/adapters/node/**'], 'browser adapters import only core.'),
    banned(nodeBuiltins, 'browser adapters cannot use Node APIs.'),
  ]),
  layer(['src/adapters/models/**'], [
    banned(['**/ui/**', '**/cli/**', '**/adapters/node/**', '**/adapters/browser/**', '**/workers/**'], 'shared model adapters import only core.'),
    banned(nodeBuiltins, 'shared model adapters run in the browser too: no Node APIs.'),
  ]),
  layer(['src/adapters/node/**'], [
    banned(['**/ui/**', '**/cli/**', '**/adapters/browser/**'], 'node adapters import only core.'),
  ]),
  layer(['workers/**'], [
    banned(['**/ui/**', '**/cli/**', '**/adapters/node/**'], 'workers import core + browser adapters only.'),
  ]),
  layer(['src/ui/**', 'src/main.tsx'], [
    banned(['**/adapters/**', '**/cli/**'], 'ui talks to workers through clients; never import adapters.'),
    banned(['@duckdb/*', 'web-tree-sitter'], 'heavy engines run in workers, not in the ui.'),
    banned(nodeBuiltins, 'ui runs in the browser.'),
  ]),
  layer(['src/cli/**'], [banned(['**/ui/**', '**/adapters/browser/**', '**/workers/**'], 'cli imports core + node adapters.')]),
);
