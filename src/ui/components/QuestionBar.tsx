/**
 * @file The question bar: ask the code a question in words (Enter runs), pick the method (auto =
 * the RANGER router, or one retriever), hide tests and fixtures (else ranked after the code; the
 * store's hideTests, so the package overview leaves them out too),
 * MCTS preset / iterations / seed under "Advanced" (kept in the app store's searchSettings, so
 * the player's "watch the full search" uses the same T), stop a running search, open the eval
 * panel. The "?" before the box opens a short note on what it accepts (words, a name, Cypher).
 * Distinct from the node-name search in the header.
 * Runs in: the main thread.
 */
import { useEffect, useRef, useState } from 'react';
import { SEARCH_METHODS } from '../../core/agent/searchService.ts';
import type { SearchMethod, SearchRequest } from '../../core/agent/searchService.ts';
import type { MctsPreset } from '../../core/search/mctsParams.ts';
import { useCommands } from '../commands.ts';
import { METHOD_LABELS } from '../data/searchFormat.ts';
import { askQuestion, cancelQuestion, resetSearch } from '../searchSession.ts';
import { searchSettingsParams, setState, useAppState } from '../store/appStore.ts';
import { toggleInDock } from '../layout/dock.ts';
import type { SearchSettings } from '../store/appStore.ts';
import '../styles/search.css';

export function QuestionBar() {
  const commands = useCommands();
  const { service } = commands;
  const active = useAppState((s) => s.activeRepoId !== null && s.storage === 'ready' && s.indexing === null);
  const running = useAppState((s) => s.question?.state === 'running');
  const iteration = useAppState((s) => (s.question?.state === 'running' ? s.question.iteration : 0));
  const panelOpen = useAppState((s) => s.searchPanelOpen);
  const hasAnswer = useAppState((s) => s.question !== null);
  const [text, setText] = useState('');
  const [method, setMethod] = useState<SearchMethod>('auto');
  const settings = useAppState((s) => s.searchSettings);
  const { preset, iterations, seed } = settings;
  const setSettings = (patch: Partial<SearchSettings>) => setState((s) => ({ searchSettings: { ...s.searchSettings, ...patch } }));
  const [advanced, setAdvanced] = useState(false);
  const [help, setHelp] = useState(false);
  const helpRef = useRef<HTMLDivElement>(null);
  const helpButtonRef = useRef<HTMLButtonElement>(null);
  const hideTests = useAppState((s) => s.hideTests);
  const advancedRef = useRef<HTMLDivElement>(null);
  const repoId = useAppState((s) => s.activeRepoId);
  const graphVersion = useAppState((s) => s.graphVersion);

  useEffect(() => {
    // A switched or re-indexed graph: the last answer, tree and eval results no longer apply.
    resetSearch(service);
  }, [service, repoId, graphVersion]);

  useEffect(() => {
    if (!advanced) return;
    const onDown = (event: MouseEvent) => {
      if (!advancedRef.current?.contains(event.target as Node)) setAdvanced(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [advanced]);

  useEffect(() => {
    if (!help) return;
    const onDown = (event: MouseEvent) => {
      if (!helpRef.current?.contains(event.target as Node)) setHelp(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [help]);

  const run = () => {
    const question = text.trim();
    if (!question || running) return;
    const params: SearchRequest['params'] = searchSettingsParams(settings);
    void askQuestion(service, commands.graph?.() ?? null, { question, method, k: 10, preset, params, tests: hideTests ? 'hide' : 'after' });
  };
  const usesMcts = method === 'auto' || method === 'mcts' || method === 'fusion';

  return (
    <div className="question-bar" role="search" aria-label="Ask a question">
      <div
        className="question-help"
        ref={helpRef}
        onKeyDown={(e) => {
          if (e.key !== 'Escape' || !help) return;
          e.preventDefault(); // the window's Esc handler skips it
          setHelp(false);
          helpButtonRef.current?.focus();
        }}
      >
        <button
          ref={helpButtonRef}
          type="button"
          className="question-mark"
          data-testid="question-help"
          aria-label="What can I ask here?"
          aria-expanded={help}
          aria-controls="question-help-note"
          title="What can I ask here?"
          onClick={() => setHelp(!help)}
        >
          ?
        </button>
        {help && (
          <div id="question-help-note" className="question-help-note" data-testid="question-help-note" role="note" aria-label="What the question box accepts">
            <p>Ask the code in one of three ways, then press Enter:</p>
            <ul>
              <li>
                <strong>A question in words</strong>, e.g. “which function reads the config file”: the search ranks the code that answers it.
              </li>
              <li>
                <strong>A name</strong> of a class, function or method: its definition comes first.
              </li>
              <li>
                <strong>Cypher</strong>, starting with <code>MATCH</code>, e.g. <code>MATCH (c:Class)-[:INHERITS]-&gt;(b) RETURN c.name, b.name</code>: runs as written.
              </li>
            </ul>
            <p className="muted">Method picks one retriever instead of the router; Advanced sets the MCTS preset, T and seed. Press q to come back to this box.</p>
          </div>
        )}
      </div>
      <input
        type="text"
        className="question-input"
        data-testid="question-input"
        placeholder={active ? 'Ask about the code: “Where is CatalogSearch defined?”, “how are prices discounted for a cart”  (Enter)' : 'Index a repo to ask questions'}
        aria-label="Question"
        disabled={!active}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            run();
          }
        }}
      />
      <select value={method} data-testid="method-select" aria-label="Method" disabled={!active} onChange={(e) => setMethod(e.target.value as SearchMethod)} title="auto: the router (Cypher first, then MCTS); the others run one retriever directly">
        {SEARCH_METHODS.map((m) => (
          <option key={m} value={m}>
            {METHOD_LABELS[m]}
          </option>
        ))}
      </select>
      <label className="hide-tests" title="Leave test and fixture files out of answers (by default they come after the code) and of the package overview">
        <input type="checkbox" checked={hideTests} data-testid="hide-tests" disabled={!active} onChange={(e) => setState({ hideTests: e.target.checked })} />
        Hide tests
      </label>
      <div className="advanced" ref={advancedRef}>
        <button type="button" aria-expanded={advanced} data-testid="search-advanced" disabled={!active} onClick={() => setAdvanced(!advanced)} title="MCTS preset, iterations, seed">
          Advanced ▾
        </button>
        {advanced && (
          <div className="advanced-popover" role="group" aria-label="MCTS parameters">
            <label>
              MCTS preset
              <select value={preset} data-testid="mcts-preset" onChange={(e) => setSettings({ preset: e.target.value as MctsPreset })}>
                <option value="default">Guided (default: 10% reranker pairs, seeded)</option>
                <option value="paper">Paper (Algorithm 1, A.4: T 200, α 0.5)</option>
                <option value="repoqa">RepoQA (Algorithm 1, A.4: T 500, α 0.9)</option>
              </select>
            </label>
            <label>
              Iterations T
              <input type="number" min={1} step={1} placeholder="preset" value={iterations} data-testid="mcts-iterations" onChange={(e) => setSettings({ iterations: e.target.value })} />
            </label>
            <label>
              Seed
              <input type="number" step={1} placeholder="1" value={seed} data-testid="mcts-seed" onChange={(e) => setSettings({ seed: e.target.value })} />
            </label>
            <p className="note">{usesMcts ? 'Used by auto (Path 2), mcts and fusion.' : 'This method does not run MCTS.'}</p>
          </div>
        )}
      </div>
      {running ? (
        <button type="button" className="danger" data-testid="cancel-question" onClick={() => void cancelQuestion(service)}>
          Stop{iteration > 0 ? ` · ${iteration}` : ''}
        </button>
      ) : (
        <button type="button" className="primary" data-testid="run-question" disabled={!active || text.trim() === ''} onClick={run}>
          Ask
        </button>
      )}
      {hasAnswer && (
        <button type="button" aria-pressed={panelOpen} data-testid="answer-toggle" onClick={() => toggleInDock('answer')} title="Show / hide the answer (a tab of the side dock)">
          Answer
        </button>
      )}
      <button type="button" data-testid="eval-open" disabled={!active} onClick={() => setState({ dialog: 'eval' })} title="Evaluate the methods on an eval set">
        Evaluate…
      </button>
    </div>
  );
}
