/**
 * @file The layer rule and the ranks inside src/core (docs/architecture.md) must fail on a
 * forbidden import, per layer and per room.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleHits(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer rule', () => {
  it.each([
    ['src/core/graph/x.ts', "import { a } from '../../adapters/node/nodeParsers.ts';\nexport const b = a;\n"],
    ['src/core/graph/x.ts', "import { readFileSync } from 'node:fs';\nexport const b = readFileSync;\n"],
    ['src/core/graph/x.ts', "import cytoscape from 'cytoscape';\nexport const b = cytoscape;\n"],
    ['src/ui/x.ts', "import { a } from '../adapters/browser/duckdbBrowser.ts';\nexport const b = a;\n"],
    ['src/cli/x.ts', "import { a } from '../adapters/browser/duckdbBrowser.ts';\nexport const b = a;\n"],
    ['workers/x.ts', "import { a } from '../src/adapters/node/nodeParsers.ts';\nexport const b = a;\n"],
  ])('rejects a forbidden import in %s', async (filePath, code) => {
    expect(await ruleHits(filePath, code)).toHaveLength(1);
  });

  it('allows core -> core and cli -> node adapters', async () => {
    expect(await ruleHits('src/core/graph/x.ts', "import { AppError } from '../errors.ts';\nexport const b = AppError;\n")).toEqual([]);
    expect(await ruleHits('src/cli/x.ts', "import { a } from '../adapters/node/nodeParsers.ts';\nexport const b = a;\n")).toEqual([]);
  });
});

describe('ranks inside src/core', () => {
  const importing = (spec: string) => `import { a } from '${spec}';\nexport const b = a;\n`;

  it.each([
    ['src/core/graph/x.ts', '../languages/implementations.ts'],
    ['src/core/graph/x.ts', '../languages/python/pythonResolver.ts'],
    ['src/core/graph/x.ts', '../store/graphStore.ts'],
    ['src/core/parse/x.ts', '../graph/types.ts'],
    ['src/core/parse/x.ts', '../languages/go/goExtractor.ts'],
    ['src/core/ingest/x.ts', '../pipeline/repoService.ts'],
    ['src/core/ingest/x.ts', '../parse/fileIR.ts'],
    ['src/core/store/x.ts', '../pipeline/repoService.ts'],
    ['src/core/store/x.ts', '../bundle/bundleFormat.ts'],
    ['src/core/languages/go/goResolver.ts', '../../store/graphStore.ts'],
    ['src/core/languages/go/goCatalog.ts', './goResolver.ts'],
    ['src/core/languages/catalog.ts', './go/goImplementation.ts'],
    ['src/core/languages/catalog.ts', '../ingest/pathRules.ts'],
    ['src/core/pipeline/x.ts', '../bundle/bundleFormat.ts'],
    ['src/core/search/x.ts', '../usecases/searchQuestion.ts'],
    ['src/core/store/x.ts', '../usecases/jobSlot.ts'],
    ['src/core/languages/go/goResolver.ts', '../../usecases/embedAndLink.ts'],
    ['src/core/errors.ts', './usecases/jobSlot.ts'],
  ])('rejects %s importing %s', async (filePath, spec) => {
    expect(await ruleHits(filePath, importing(spec))).toHaveLength(1);
  });

  it.each([
    ['src/core/graph/x.ts', '../languages/catalog.ts'],
    ['src/core/graph/x.ts', '../store/sqlConnection.ts'],
    ['src/core/parse/x.ts', '../languages/catalog.ts'],
    ['src/core/ingest/x.ts', '../languages/catalog.ts'],
    ['src/core/store/x.ts', '../graph/types.ts'],
    ['src/core/languages/go/goResolver.ts', '../../graph/resolver.ts'],
    ['src/core/languages/go/goCatalog.ts', '../languageFacts.ts'],
    ['src/core/languages/catalog.ts', './go/goCatalog.ts'],
    ['src/core/languages/catalog.ts', '../ingest/types.ts'],
    ['src/core/pipeline/x.ts', '../languages/implementations.ts'],
    ['src/core/graph/x.test.ts', '../languages/implementations.ts'],
    ['src/core/usecases/x.ts', '../search/scopedSearch.ts'],
    ['src/core/usecases/x.ts', './jobSlot.ts'],
  ])('allows %s importing %s', async (filePath, spec) => {
    expect(await ruleHits(filePath, importing(spec))).toEqual([]);
  });
});
