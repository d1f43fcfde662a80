/**
 * @file The stitcher's specifier resolver: the parse layer's resolveSpecifier with the nearest
 * tsconfig per folder (paths / baseUrl / extends), extension swaps, index files, bare packages.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { createSpecifierResolver, joinPath } from './specifiers.ts';

const FILES = [
  'src/a.ts',
  'src/b.tsx',
  'src/c.js',
  'src/lib/index.ts',
  'src/lib/util.mts',
  'src/types.d.ts',
  'packages/web/src/main.ts',
  'packages/web/src/ui/Widget.tsx',
  'packages/web/shared/x.ts',
];

describe('createSpecifierResolver', () => {
  const resolve = createSpecifierResolver(FILES, [
    { path: 'tsconfig.base.json', text: '{ "compilerOptions": { "paths": { "~lib": ["src/lib/index.ts"] } } }' },
    { path: 'tsconfig.json', text: '{ "extends": "./tsconfig.base.json", /* base */ "compilerOptions": {}, }' },
    { path: 'jsconfig.json', text: '{ "compilerOptions": { "baseUrl": "src" } }' },
    {
      path: 'packages/web/tsconfig.json',
      text: '{ "compilerOptions": { "baseUrl": "src", "paths": { "@shared/*": ["../shared/*"] } } }',
    },
  ]);

  it('resolves relative specifiers with extensions, swaps and index files', () => {
    expect(resolve('src/lib/index.ts', '../a')).toBe('src/a.ts');
    expect(resolve('src/a.ts', './b.js')).toBe('src/b.tsx');
    expect(resolve('src/a.ts', './c.js')).toBe('src/c.js');
    expect(resolve('src/a.ts', './c')).toBe('src/c.js');
    expect(resolve('src/a.ts', './lib')).toBe('src/lib/index.ts');
    expect(resolve('src/a.ts', './lib/util.mjs')).toBe('src/lib/util.mts');
    expect(resolve('src/a.ts', './types')).toBe('src/types.d.ts');
    expect(resolve('src/a.ts', './missing')).toBeNull();
  });

  it('uses the nearest tsconfig: paths (inherited through extends) and baseUrl', () => {
    expect(resolve('src/a.ts', '~lib')).toBe('src/lib/index.ts');
    expect(resolve('packages/web/src/main.ts', 'ui/Widget')).toBe('packages/web/src/ui/Widget.tsx');
    expect(resolve('packages/web/src/main.ts', '@shared/x')).toBe('packages/web/shared/x.ts');
    expect(resolve('packages/web/src/main.ts', '~lib')).toBeNull();
    // The root tsconfig.json wins over the root jsconfig.json (whose baseUrl would map 'a').
    expect(resolve('src/lib/index.ts', 'a')).toBeNull();
  });

  it('leaves bare packages outside the repo', () => {
    expect(resolve('src/a.ts', 'react')).toBeNull();
    expect(resolve('src/a.ts', 'node:fs')).toBeNull();
  });
});

describe('joinPath', () => {
  it('normalises and clamps at the root', () => {
    expect(joinPath('a/b', '../c/./d')).toBe('a/c/d');
    expect(joinPath('', '../../x')).toBe('x');
  });
});
