/**
 * @file Descriptions in the models panel (RANGER 3.3): run / pause / resume / restart, nodes
 * described of all, the node in flight, the LLM's streaming answer, and which generator wrote
 * them ("structural (built-in)" or the LLM id). Progress is stored per node, so a reload resumes.
 * Asked for while the embedding after an index runs, it waits for it (the button says so).
 * Runs in: the main thread.
 */
import type { SemanticStatus } from '../../core/semantic/semanticService.ts';
import { useCommands } from '../commands.ts';
import { generatorLabel, percent } from '../data/semanticFormat.ts';
import { cancelSemantic, pauseDescribe, runDescribe } from '../semanticSession.ts';
import { useAppState } from '../store/appStore.ts';

export function DescribeControls({ status }: { status: SemanticStatus }) {
  const { service } = useCommands();
  const task = useAppState((s) => s.semanticTask);
  const live = useAppState((s) => s.describeLive);
  const indexing = useAppState((s) => s.indexing !== null);
  const waits = useAppState((s) => s.semanticWaiting.includes('describe'));
  const running = task?.kind === 'describe';
  const progress = running && live ? live : status.describe;
  const state = running ? (task.cancelling ? 'pausing' : 'running') : progress.state;
  const pct = percent(progress.done, progress.total);
  const started = progress.done > 0 && progress.done < progress.total;
  const llm = status.llm.spec;
  const builtin = llm.source.kind === 'builtin';
  const busy = (task !== null && !task.auto) || indexing;
  const waitTitle = task?.auto ? 'Starts when the embedding after indexing ends (Esc cancels that one)' : undefined;

  return (
    <section className="models-section" aria-label="Descriptions">
      <h3>Descriptions</h3>
      <p className="note">
        Generator: <strong>{builtin ? 'structural (built-in, offline)' : llm.label}</strong>
        {progress.generator && progress.generator !== llm.id && <> · stored ones by {generatorLabel(progress.generator)}</>}
      </p>
      <div
        className="task-progress"
        data-testid="describe-progress"
        data-done={progress.done}
        data-total={progress.total}
        data-state={state}
        data-generator={progress.generator ?? ''}
      >
        <span className="bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label="Description progress">
          <span className="bar-fill" style={{ width: `${pct}%` }} />
        </span>
        <span className="mono small">
          <span title="Every node but the repository node itself is described">
            {progress.done.toLocaleString()} / {progress.total.toLocaleString()} nodes (all but the repo node) · {state}
          </span>
        </span>
      </div>
      {running && progress.current && (
        <p className="note current-node">
          Describing <span className="mono">{progress.current}</span>
        </p>
      )}
      {running && progress.streaming && (
        <pre className="streaming" data-testid="describe-streaming" aria-live="polite">
          {progress.streaming}
        </pre>
      )}
      <div className="tool-line">
        {running ? (
          <>
            <button type="button" data-testid="describe-pause" disabled={task.cancelling} onClick={() => void pauseDescribe(service)}>
              {task.cancelling ? 'Pausing…' : 'Pause'}
            </button>
            <button type="button" className="danger" disabled={task.cancelling} onClick={() => void cancelSemantic(service)}>
              Cancel (Esc)
            </button>
          </>
        ) : (
          <>
            <button type="button" className="primary" data-testid="describe-button" disabled={busy || waits} title={waitTitle} onClick={() => void runDescribe(service)}>
              {waits ? 'Waits for the embedding…' : started || progress.state === 'paused' ? 'Resume' : progress.done > 0 ? 'Describe new' : 'Describe'}
            </button>
            <button type="button" data-testid="describe-restart" disabled={busy || waits || progress.done === 0} onClick={() => void runDescribe(service, true)} title={waitTitle ?? 'Describe every node again'}>
              Restart
            </button>
          </>
        )}
      </div>
    </section>
  );
}
