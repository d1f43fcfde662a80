/**
 * @file What-if from the player (issue 9): change c, alpha, k_init, k_min, T, seed or the method
 * and re-run the same question; the current run stays as the one to compare with, and the diff
 * (RunDiffView) lists rank changes, nodes only one run visited, calls used and the first
 * iteration at which each run found the answer.
 * Runs in: the main thread.
 */
import { useState } from 'react';
import type { MctsParams } from '../../core/search/mctsParams.ts';
import type { Replay } from '../../core/search/mctsReplay.ts';
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
  const rerun = () => {
    const next: Partial<MctsParams> = {};
    for (const f of FIELDS) {
      const v = Number(values[f.key]);
      if (values[f.key].trim() !== '' && Number.isFinite(v)) next[f.key] = v;
    }
    void askQuestion(commands.service, commands.graph?.() ?? null, { question: replay.trace.query, method, params: next }, true);
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
      <button type="submit" disabled={busy} data-testid="whatif-run" title="Run the same question with these settings and compare">
        Re-run and compare
      </button>
    </form>
  );
}
