/**
 * @file What-if from the player (docs/architecture.md, "The player"): change c, alpha, k_init, k_min, T, seed or the method
 * and re-run the same question; the current run stays as the one to compare with, and the
 * compare view (RunCompare) shows both trees side by side, rank moves and nodes only one run
 * visited. The re-run keeps the engine of the run (its trace's variant: Algorithm 1 re-runs with
 * the paper preset, every field given, so a RepoQA run stays the same too; the guided default
 * with its own pair budget), so a what-if of a paper run stays a paper run.
 * A guided run that stopped on its reranker-pair budget (often after a few iterations on a small
 * repo) would give the same run whatever c or seed: the form says so and offers "lift the
 * budget" (checked by default then). Lifting keeps the guided engine and sets its pair budget to
 * k_init + T × k_min, more than T iterations can spend (the first scores at most k_init seeds,
 * each later one at most k_min), rather than switching to the paper preset: so every field of the
 * form keeps its meaning (k_init = seeds, k_min = width, α and c of the guided run) and only the
 * budget changes. "Watch the full search" (RunStopNotice) is the way to Algorithm 1.
 * Test hooks: data-testid="player-whatif", "whatif-<field>", "whatif-method", "whatif-run",
 * "whatif-budget-note", "whatif-lift-budget".
 * Runs in: the main thread.
 */
import { useState } from 'react';
import type { MctsParams, MctsPreset } from '../../core/search/mctsParams.ts';
import type { Replay } from '../../core/search/mctsReplay.ts';
import { stopReason } from '../../core/search/mctsStory.ts';
import { useCommands } from '../commands.ts';
import { askQuestion } from '../searchSession.ts';

type Field = 'c' | 'alpha' | 'kInit' | 'kMin' | 'iterations' | 'seed';
const FIELDS: { key: Field; label: string; step: string; title: string }[] = [
  { key: 'c', label: 'c', step: 'any', title: 'UCT exploration constant' },
  { key: 'alpha', label: 'α', step: 'any', title: 'weight of the reward in the final score' },
  { key: 'kInit', label: 'k_init', step: '1', title: 'first expansion width' },
  { key: 'kMin', label: 'k_min', step: '1', title: 'smallest expansion width' },
  { key: 'iterations', label: 'T', step: '1', title: 'iterations' },
  { key: 'seed', label: 'seed', step: '1', title: 'seed of the tie-breaking random numbers' },
];

/** A guided pair budget T iterations cannot spend: the first scores at most k_init seeds, each later one at most k_min pairs. */
export function liftedPairBudget(kInit: number, kMin: number, iterations: number): number {
  return Math.max(1, Math.floor(kInit)) + Math.max(0, Math.floor(iterations)) * Math.max(1, Math.floor(kMin));
}

export function WhatIf({ replay, busy }: { replay: Replay; busy: boolean }) {
  const commands = useCommands();
  const params = replay.trace.params;
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    c: String(Number(params.c.toPrecision(4))),
    alpha: String(params.alpha),
    kInit: String(params.kInit),
    kMin: String(params.kMin),
    iterations: String(params.iterations),
    seed: String(params.seed),
  }));
  const [method, setMethod] = useState<'mcts' | 'fusion'>(replay.trace.method === 'fusion' ? 'fusion' : 'mcts');
  const budgetSpent = stopReason(replay) === 'pair-budget';
  const [lift, setLift] = useState(budgetSpent);
  const guided = params.variant === 'guided';
  // Older traces name no engine: the request then leaves the preset to the engine's default.
  const preset: MctsPreset | undefined = params.variant === 'algorithm1' ? 'paper' : guided ? 'default' : undefined;
  const rerun = () => {
    const next: Partial<MctsParams> = {};
    for (const f of FIELDS) {
      const v = Number(values[f.key]);
      if (values[f.key].trim() !== '' && Number.isFinite(v)) next[f.key] = v;
    }
    if (guided && budgetSpent && lift) {
      next.pairBudget = liftedPairBudget(next.kInit ?? params.kInit, next.kMin ?? params.kMin, next.iterations ?? params.iterations);
    } else if (guided && params.pairBudget !== undefined) next.pairBudget = params.pairBudget;
    const request = { question: replay.trace.query, method, params: next, ...(preset ? { preset } : {}) };
    void askQuestion(commands.service, commands.graph?.() ?? null, request, true);
  };
  return (
    <form
      className="player-whatif"
      data-testid="player-whatif"
      onSubmit={(e) => {
        e.preventDefault();
        rerun();
      }}
    >
      {FIELDS.map((f) => (
        <label key={f.key} title={f.title}>
          {f.label}
          <input
            type="number"
            step={f.step}
            value={values[f.key]}
            data-testid={`whatif-${f.key}`}
            onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
          />
        </label>
      ))}
      <label title="search method">
        method
        <select value={method} onChange={(e) => setMethod(e.target.value as 'mcts' | 'fusion')} data-testid="whatif-method">
          <option value="mcts">MCTS</option>
          <option value="fusion">MCTS + BM25</option>
        </select>
      </label>
      {budgetSpent && (
        <p className="whatif-budget-note" data-testid="whatif-budget-note">
          This run stopped when its reranker-pair budget ({params.pairBudget ?? replay.trace.stats.rerankerCalls} pairs) was spent, after {replay.trace.stats.iterationsRun} iteration{replay.trace.stats.iterationsRun === 1 ? '' : 's'}; a change of c or seed does not matter before that.
          <label title="Re-run with a pair budget T iterations cannot spend (k_init + T × k_min), so the search runs up to its T iterations">
            <input type="checkbox" checked={lift} data-testid="whatif-lift-budget" onChange={(e) => setLift(e.target.checked)} />
            lift the budget
          </label>
        </p>
      )}
      <button type="submit" disabled={busy} data-testid="whatif-run" title="Run the same question with these settings and compare">
        Re-run and compare
      </button>
    </form>
  );
}
