/** @file Tests for TS/JS module specifier resolution and tsconfig reading. Runs in: Node (vitest). */
import { describe, expect, it } from 'vitest';
import { parseJsonc, readTsConfig, resolveSpecifier } from './resolveSpecifier.ts';
import type { TsResolveConfig } from './resolveSpecifier.ts';

const NONE: TsResolveConfig = { baseUrl: null, paths: {} };

function files(...paths: string[]): (path: string) => boolean {
  const set = new Set(paths);
  return (path) => set.has(path);
}

describe('resolveSpecifier', () => {
  const repo = files(
    'src/app/main.ts',
    'src/app/util.ts',
    'src/app/view.tsx',
    'src/app/legacy.js',
    'src/app/esm.mts',
    'src/app/common.cts',
    'src/app/types.d.ts',
    'src/lib/index.ts',
    'src/shared/index.js',
    'src/shared/helpers.jsx',
    'src/app/user.service.ts',
    'src/app/styles.css',
    'index.ts',
  );

  it('resolves relative specifiers with and without extensions', () => {
    expect(resolveSpecifier('src/app/main.ts', './util', NONE, repo)).toBe('src/app/util.ts');
    expect(resolveSpecifier('src/app/main.ts', './view', NONE, repo)).toBe('src/app/view.tsx');
    expect(resolveSpecifier('src/app/main.ts', './legacy', NONE, repo)).toBe('src/app/legacy.js');
    expect(resolveSpecifier('src/app/main.ts', './types', NONE, repo)).toBe('src/app/types.d.ts');
    expect(resolveSpecifier('src/app/main.ts', '../shared/helpers', NONE, repo)).toBe('src/shared/helpers.jsx');
    expect(resolveSpecifier('src/app/main.ts', './user.service', NONE, repo)).toBe('src/app/user.service.ts');
    expect(resolveSpecifier('src/app/main.ts', './styles.css', NONE, repo)).toBe('src/app/styles.css');
  });

  it('substitutes written .js/.mjs/.cjs/.jsx extensions the way TypeScript does', () => {
    expect(resolveSpecifier('src/app/main.ts', './util.js', NONE, repo)).toBe('src/app/util.ts');
    expect(resolveSpecifier('src/app/main.ts', './view.js', NONE, repo)).toBe('src/app/view.tsx');
    expect(resolveSpecifier('src/app/main.ts', './view.jsx', NONE, repo)).toBe('src/app/view.tsx');
    expect(resolveSpecifier('src/app/main.ts', './legacy.js', NONE, repo)).toBe('src/app/legacy.js');
    expect(resolveSpecifier('src/app/main.ts', './esm.mjs', NONE, repo)).toBe('src/app/esm.mts');
    expect(resolveSpecifier('src/app/main.ts', './common.cjs', NONE, repo)).toBe('src/app/common.cts');
    expect(resolveSpecifier('src/app/main.ts', './util.ts', NONE, repo)).toBe('src/app/util.ts');
  });

  it('resolves directories to their index file', () => {
    expect(resolveSpecifier('src/app/main.ts', '../lib', NONE, repo)).toBe('src/lib/index.ts');
    expect(resolveSpecifier('src/app/main.ts', '../shared/', NONE, repo)).toBe('src/shared/index.js');
    expect(resolveSpecifier('src/app/main.ts', '../..', NONE, repo)).toBe('index.ts');
  });

  it('returns null for bare packages, missing files and paths above the root', () => {
    expect(resolveSpecifier('src/app/main.ts', 'react', NONE, repo)).toBeNull();
    expect(resolveSpecifier('src/app/main.ts', '@scope/pkg/sub', NONE, repo)).toBeNull();
    expect(resolveSpecifier('src/app/main.ts', './missing', NONE, repo)).toBeNull();
    expect(resolveSpecifier('src/app/main.ts', '../../../outside', NONE, repo)).toBeNull();
    expect(resolveSpecifier('src/app/main.ts', '', NONE, repo)).toBeNull();
  });

  it('maps tsconfig paths with wildcards (longest prefix wins) and falls back to baseUrl', () => {
    const config: TsResolveConfig = {
      baseUrl: 'src',
      paths: { '@/*': ['src/app/*'], '@lib': ['src/lib/index.ts'], '@/shared/*': ['src/shared/*'], '~*': ['nowhere/*', 'src/app/*'] },
    };
    expect(resolveSpecifier('src/app/main.ts', '@/util', config, repo)).toBe('src/app/util.ts');
    expect(resolveSpecifier('src/app/main.ts', '@lib', config, repo)).toBe('src/lib/index.ts');
    expect(resolveSpecifier('src/app/main.ts', '@/shared/helpers', config, repo)).toBe('src/shared/helpers.jsx');
    expect(resolveSpecifier('src/app/main.ts', '~view', config, repo)).toBe('src/app/view.tsx');
    expect(resolveSpecifier('src/app/main.ts', 'lib', config, repo)).toBe('src/lib/index.ts');
    expect(resolveSpecifier('src/app/main.ts', 'app/util', config, repo)).toBe('src/app/util.ts');
    expect(resolveSpecifier('src/app/main.ts', 'react', config, repo)).toBeNull();
  });
});

describe('readTsConfig', () => {
  it('reads baseUrl and paths from a root tsconfig with comments and trailing commas', () => {
    const config = readTsConfig([
      {
        path: 'tsconfig.json',
        text: `{
          // comment
          "compilerOptions": {
            /* block */ "baseUrl": "./src",
            "paths": { "@/*": ["app/*",], "//not-a-comment": ["x"], },
          },
        }`,
      },
    ]);
    expect(config).toEqual({ baseUrl: 'src', paths: { '@/*': ['src/app/*'], '//not-a-comment': ['src/x'] } });
  });

  it('uses the shallowest config, joins paths with its folder, and prefers tsconfig over jsconfig', () => {
    const config = readTsConfig([
      { path: 'web/deep/tsconfig.json', text: '{"compilerOptions":{"baseUrl":"."}}' },
      { path: 'web/jsconfig.json', text: '{"compilerOptions":{"baseUrl":"js"}}' },
      { path: 'web/tsconfig.json', text: '{"compilerOptions":{"paths":{"@/*":["./src/*"]}}}' },
    ]);
    expect(config).toEqual({ baseUrl: null, paths: { '@/*': ['web/src/*'] } });
  });

  it('follows a relative extends chain; the extending config wins', () => {
    const config = readTsConfig([
      { path: 'tsconfig.json', text: '{ "extends": "./configs/base", "compilerOptions": { "paths": { "#/*": ["lib/*"] } } }' },
      { path: 'configs/base.json', text: '{ "extends": "./root.json", "compilerOptions": { "baseUrl": "../packages" } }' },
      { path: 'configs/root.json', text: '{ "compilerOptions": { "baseUrl": "../ignored", "paths": { "old/*": ["x/*"] } } }' },
    ]);
    expect(config).toEqual({ baseUrl: 'packages', paths: { '#/*': ['packages/lib/*'] } });
  });

  it('survives extends cycles, package extends and unreadable configs', () => {
    expect(readTsConfig([
      { path: 'tsconfig.json', text: '{ "extends": "./a.json", "compilerOptions": { "baseUrl": "." } }' },
      { path: 'a.json', text: '{ "extends": "./tsconfig.json" }' },
    ])).toEqual({ baseUrl: '', paths: {} });
    expect(readTsConfig([{ path: 'tsconfig.json', text: '{ "extends": "@tsconfig/node20/tsconfig.json" }' }])).toEqual({ baseUrl: null, paths: {} });
    expect(readTsConfig([{ path: 'tsconfig.json', text: '{ not json' }])).toEqual({ baseUrl: null, paths: {} });
    expect(readTsConfig([])).toEqual({ baseUrl: null, paths: {} });
  });

  it('parses JSONC without touching string contents', () => {
    expect(parseJsonc('{"a": "x, }", "b": "/* keep */", "c": [1, 2,],}')).toEqual({ a: 'x, }', b: '/* keep */', c: [1, 2] });
  });
});
