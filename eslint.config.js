/**
 * @file Lint: TypeScript rules plus the layer rule of docs/architecture.md as import bans.
 * core imports only core; adapters import core; workers import core + browser adapters;
 * ui imports core (types, pure helpers) and worker clients, never adapters; cli imports core +
 * node adapters. Inside src/core, the ranks of docs/architecture.md: each room (ingest and the
 * language catalog, parse, graph, the languages, store, pipeline) imports only rooms below it, and
 * no room imports usecases/, the top of core (what the app's workers and the CLI both call).
 * Static imports only: review `import()` and `new URL('...worker.ts')` by hand.
 */
import tseslint from 'typescript-eslint';

const uiLibs = ['react', 'react-dom', 'react-dom/*', 'cytoscape', 'highlight.js', 'highlight.js/*'];
const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'worker_threads', 'child_process', 'module'];
const banned = (patterns, message) => ({ group: patterns, message });

function layer(files, groups) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns: groups }] } };
}

/** Import patterns of the named src/core folders. */
const above = (...folders) => folders.flatMap((folder) => [`../${folder}/**`, `../../${folder}/**`]);
const coreBans = [
  banned(['**/adapters/**', '**/ui/**', '**/cli/**', '**/workers/**'], 'src/core imports only src/core.'),
  banned(nodeBuiltins, 'src/core is environment-neutral: no Node APIs (put it in src/adapters/node).'),
  banned(uiLibs, 'src/core has no UI libraries.'),
  banned(['@duckdb/*'], 'Database engines are adapters: use the SqlConnection port.'),
  banned(['./usecases/**', ...above('usecases')], 'usecases/ is the top of src/core: the workers and the CLI call it, no room of core imports it.'),
];
/** The languages' code: everything under languages/ but the plain-data catalog. */
const languageCode = ['**/languages/**', '!**/languages/catalog.ts', '!**/languages/languageFacts.ts', '!**/languages/*/*Catalog.ts'];
/** The catalog's files: catalog.ts, languageFacts.ts and each language's <lang>Catalog.ts. */
const LANGUAGE_CATALOG = ['src/core/languages/catalog.ts', 'src/core/languages/languageFacts.ts', 'src/core/languages/*/*Catalog.ts'];
/** The rooms built on the store (not ranked among themselves yet). */
const storeUpper = above('agent', 'cypher', 'describe', 'eval', 'models', 'reads');
const upperRooms = above('agent', 'cypher', 'describe', 'eval', 'models', 'reads', 'requirements', 'search', 'semantic');

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'test-results/**', 'demo/**', 'test/fixtures/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  layer(['src/core/**'], coreBans),
  // Ranks inside src/core (docs/architecture.md "Ranks inside src/core"): a room imports only
  // rooms below it, so no circle can come back. Each room's config repeats the core bans (a later
  // config replaces the rule's options for its files, it does not add to them).
  layer(['src/core/ingest/**'], [...coreBans, banned([...above('parse', 'graph', 'store', 'pipeline', 'bundle'), ...languageCode, ...upperRooms], 'ingest is the lowest room: it imports only the language catalog.')]),
  layer(['src/core/parse/**'], [...coreBans, banned([...above('graph', 'store', 'pipeline', 'bundle'), ...languageCode, ...upperRooms], 'parse is below graph/ and the languages: extractors are handed in (ExtractorFor).')]),
  layer(['src/core/graph/**'], [...coreBans, banned([...above('pipeline', 'bundle'), '**/store/**', '!**/store/sqlConnection.ts', ...languageCode, ...upperRooms], 'graph is below the languages and the store: resolvers are handed in (ResolverFor); of the store only its port (sqlConnection.ts).')]),
  layer(['src/core/languages/**'], [...coreBans, banned([...above('store', 'pipeline', 'bundle'), ...upperRooms], 'A language imports graph/ and parse/ contracts and helpers, never the store, the pipeline or what is built on them.')]),
  layer(LANGUAGE_CATALOG, [...coreBans, { regex: String.raw`^\.\.?/(?!(.*/)?(\w+Catalog|languageFacts)\.ts$|(\.\./)*ingest/types\.ts$)`, message: 'The language catalog is plain data: it imports only ingest/types.ts, languageFacts.ts and the <lang>Catalog.ts entries.' }]),
  layer(['src/core/store/**'], [...coreBans, banned([...above('pipeline', 'bundle'), ...languageCode, ...storeUpper], 'The store is below the pipeline and bundles.')]),
  layer(['src/core/pipeline/**'], [...coreBans, banned([...above('bundle'), ...upperRooms], 'The pipeline is below bundles and the question-answering rooms.')]),
  // Tests of core may read fixtures from disk and use any room (a stitch test hands in the real
  // resolvers); the code under test stays environment-neutral and ranked.
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
