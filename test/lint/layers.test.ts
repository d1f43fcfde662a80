/**
 * @file The layer rule (docs/architecture.md) must fail on a forbidden import, per layer.
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
