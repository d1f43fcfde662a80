/**
 * @file The banner's error is cleared by the next action of its own kind that succeeds, and only
 * by that kind (clearError).
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { clearError, getState, setState } from './appStore.ts';

describe('clearError', () => {
  it('clears the error of the kind that succeeded and keeps the others', () => {
    setState({ error: { code: 'UNKNOWN', message: 'The view could not be drawn.', source: 'graph' } });
    clearError('semantic');
    expect(getState().error?.source).toBe('graph');
    clearError('graph');
    expect(getState().error).toBeNull();
  });

  it('keeps an error without a kind and does nothing without an error', () => {
    setState({ error: { code: 'UNKNOWN', message: 'x' } });
    clearError('repo');
    expect(getState().error?.message).toBe('x');
    setState({ error: null });
    clearError('index');
    expect(getState().error).toBeNull();
  });
});
