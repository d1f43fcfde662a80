/**
 * @file Pure helpers of the UI and the repo worker: error messages
 * by code, module labels, aspect stretching of layouts, progress throttling.
 */
import { describe, expect, it } from 'vitest';
import { throttleProgress } from '../../src/adapters/browser/throttleProgress.ts';
import { AppError } from '../../src/core/errors.ts';
import type { Progress } from '../../src/core/progress.ts';
import { languageList } from '../../src/core/languages/catalog.ts';
import { LANGUAGES_READ, toShownError } from '../../src/ui/errors/errorMessages.ts';
import { moduleLabel } from '../../src/ui/graph/graphController.ts';
import { stretchToAspect } from '../../src/ui/graph/layouts.ts';

describe('error messages', () => {
  it('maps codes to a sentence and keeps the raw message as detail', () => {
    const shown = toShownError(new AppError('NO_SOURCE_FILES', 'No Python files found in x.zip (2 files skipped).'));
    expect(shown.code).toBe('NO_SOURCE_FILES');
    expect(shown.message).toMatch(/No Python, JavaScript, TypeScript, Java, Go, Rust, C#, PHP, Ruby or C\+\+/);
    expect(shown.detail).toContain('x.zip');
    expect(toShownError(new Error('boom'))).toMatchObject({ code: 'UNKNOWN', detail: 'boom' });
    expect(toShownError({ code: 'NOT_A_CODE', message: 'x' }).code).toBe('UNKNOWN');
  });

  it('names the languages of the registry (the start screen says the same)', () => {
    expect(LANGUAGES_READ).toBe(languageList());
  });
});

describe('graph helpers', () => {
  it('labels modules by their last two segments', () => {
    expect(moduleLabel('shopkit.orders.service')).toBe('orders.service');
    expect(moduleLabel('pkg.mod')).toBe('pkg.mod');
    expect(moduleLabel('leveldb.db.db_impl.cc')).toBe('db.db_impl.cc');
    expect(moduleLabel('main')).toBe('main');
  });

  it('stretches a layout towards the canvas aspect, by at most 1.8x', () => {
    const square = new Float64Array([-10, -10, 10, 10]);
    const wide = stretchToAspect(square, 3);
    expect([...wide]).toEqual([-18, -10, 18, 10]);
    const tall = stretchToAspect(square, 0.8);
    expect(tall[0]).toBe(-10);
    expect(tall[1]).toBeCloseTo(-12.5);
    expect([...stretchToAspect(new Float64Array([0, 0]), 2)]).toEqual([0, 0]);
  });
});

describe('throttleProgress', () => {
  it('passes phase changes and final reports, drops bursts within the interval', () => {
    const seen: Progress[] = [];
    const report = throttleProgress((p) => seen.push(p), 60_000)!;
    report({ phase: 'read', done: 0, total: 100 });
    for (let i = 1; i < 99; i++) report({ phase: 'read', done: i, total: 100 });
    report({ phase: 'read', done: 100, total: 100 });
    report({ phase: 'parse', done: 0, total: 10 });
    expect(seen.map((p) => `${p.phase}:${p.done}`)).toEqual(['read:0', 'read:100', 'parse:0']);
    expect(throttleProgress(undefined)).toBeUndefined();
  });

  it('throttles each phase on its own (the read and the parse report at the same time)', () => {
    const seen: Progress[] = [];
    const report = throttleProgress((p) => seen.push(p), 60_000)!;
    for (let i = 0; i < 50; i++) {
      report({ phase: 'read', done: i, total: 100 });
      report({ phase: 'parse', done: i, total: 200 });
    }
    report({ phase: 'read', done: 100, total: 100 });
    expect(seen.map((p) => `${p.phase}:${p.done}`)).toEqual(['read:0', 'parse:0', 'read:100']);
  });
});
