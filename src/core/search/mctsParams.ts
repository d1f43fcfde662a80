/**
 * @file MCTS parameters: RANGER A.4 defaults (CodeSearchNet column) and the RepoQA preset of
 * Algorithm 1 ('paper' and 'repoqa'); 'default' is the guided variant (mctsGuided.ts), which
 * reads the same fields plus the reranker-pair budget.
 * Runs in: everywhere. Layer src/core.
 */
import { AppError } from '../errors.ts';
import { countKind } from './graphSnapshot.ts';
import type { GraphSnapshot } from './graphSnapshot.ts';

export interface MctsParams {
  /** Iterations T. */
  iterations: number;
  kInit: number;
  kMin: number;
  /** UCT exploration constant c. */
  c: number;
  alpha: number;
  /** Retrieval budget B: how many ranked nodes to return (Infinity: all visited). */
  budget: number;
  /** Seed of the tie-breaking PRNG. */
  seed: number;
  /** Root node index; defaults to the first 'Repo' node of the snapshot. */
  rootIndex?: number;
  /** Most reranker pairs per query (guided variant; Algorithm 1 ignores it). */
  pairBudget?: number;
}

/** 'default': the guided variant; 'paper': Algorithm 1 with A.4's defaults; 'repoqa': Algorithm 1, RepoQA column. */
export const MCTS_PRESETS = ['default', 'paper', 'repoqa'] as const;
export type MctsPreset = (typeof MCTS_PRESETS)[number];

/** Algorithm 1's parameters ('default' and 'paper' alike). A.4: k_init = N//2, k_min = 20, c = 1/(8 sqrt(ln 2N)), alpha 0.5, T 200; RepoQA: T 500, alpha 0.9, c = 1/sqrt(ln 4N). N >= 1. */
export function presetParams(moduleCount: number, preset: MctsPreset = 'default'): MctsParams {
  const n = Math.max(1, Math.floor(moduleCount));
  const common = { kInit: Math.floor(n / 2), kMin: 20, budget: Infinity, seed: 1 };
  if (preset === 'repoqa') return { ...common, iterations: 500, alpha: 0.9, c: 1 / Math.sqrt(Math.log(4 * n)) };
  return { ...common, iterations: 200, alpha: 0.5, c: 1 / (8 * Math.sqrt(Math.log(2 * n))) };
}

export function defaultMctsParams(snapshot: GraphSnapshot, preset: MctsPreset = 'default'): MctsParams {
  return presetParams(countKind(snapshot, 'Module'), preset);
}

export function validateMctsParams(params: MctsParams): void {
  const bad = (what: string) => new AppError('CONFIG_INVALID', `MCTS parameter ${what}.`);
  if (!Number.isInteger(params.iterations) || params.iterations < 0) throw bad('T must be a whole number >= 0');
  if (!Number.isInteger(params.kMin) || params.kMin < 1) throw bad('k_min must be a whole number >= 1');
  if (!Number.isInteger(params.kInit) || params.kInit < 0) throw bad('k_init must be a whole number >= 0');
  if (!(params.c >= 0) || !Number.isFinite(params.c)) throw bad('c must be a finite number >= 0');
  if (!(params.alpha >= 0 && params.alpha <= 1)) throw bad('alpha must lie in [0, 1]');
  if (!(params.budget >= 0)) throw bad('B must be >= 0');
}

/** k never below k_min; k_init below k_min means k_min. */
export function initialWidth(params: MctsParams): number {
  return Math.max(params.kMin, params.kInit);
}

/** Line 17: k <- max(k_min, k/2), halving by whole numbers. */
export function nextWidth(k: number, kMin: number): number {
  return Math.max(kMin, Math.floor(k / 2));
}
