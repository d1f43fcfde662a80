import { describe, expect, it } from 'vitest';
import { inTestFolder, isTestPath } from './testPaths.ts';

describe('isTestPath', () => {
  it('takes test folders anywhere above the file, black-style fixture trees included', () => {
    expect(isTestPath('tests/data/cases/preview_long_strings.py')).toBe(true);
    expect(isTestPath('src/__tests__/cart.ts')).toBe(true);
    expect(isTestPath('lib2to3/tests/data/fixers/myfixes/fix_last.py')).toBe(true);
    expect(isTestPath('web/fixtures/page.tsx')).toBe(true);
  });

  it('takes test file names and leaves look-alikes alone', () => {
    expect(isTestPath('shopkit/test_cart.py')).toBe(true);
    expect(isTestPath('shopkit/cart_test.py')).toBe(true);
    expect(isTestPath('conftest.py')).toBe(true);
    expect(isTestPath('web/cart.spec.tsx')).toBe(true);
    expect(isTestPath('web/cart.test.js')).toBe(true);
    expect(isTestPath('mux/route_test.go')).toBe(true);
    expect(isTestPath('mux/route.go')).toBe(false);
    expect(isTestPath('mux/latest.go')).toBe(false);
    expect(isTestPath('src/black/mode.py')).toBe(false);
    expect(isTestPath('unittest/case.py')).toBe(false);
    expect(isTestPath('doctest.py')).toBe(false);
    expect(isTestPath('contest.py')).toBe(false);
    expect(isTestPath('latest/report.py')).toBe(false);
  });

  it('inTestFolder looks at folders only (the stdlib benchmark keeps test_support.py)', () => {
    expect(inTestFolder('test_support.py')).toBe(false);
    expect(inTestFolder('test/test_os.py')).toBe(true);
  });
});
