/**
 * @file What `npm run ranger` runs: bundles the CLI (src/cli/main.ts, commands as lazy chunks)
 * for plain Node with esbuild, then runs it. About 8% faster than running the TypeScript
 * through tsx (no loader thread, no per-module transforms); stack traces still name the
 * TypeScript sources (source maps).
 * Runs in: Node (cli).
 */
import { bundleForNode } from '../adapters/node/nodeBundle.mjs';

process.setSourceMapsEnabled(true);
let code;
try {
  const cli = await import(await bundleForNode('cli', 'src/cli/main.ts', { splitting: true }));
  code = await cli.main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`ranger: ${error instanceof Error ? error.message : String(error)}\n`);
  code = 1;
}
process.exit(code);
