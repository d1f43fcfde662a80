/**
 * @file The eval panel (dialog): build an eval set from the loaded repo the CodeSearchNet way
 * (optional path prefix, limit) or load a JSONL file (docs/cli.md, read by core's parseEvalJsonl); pick methods, k and
 * the MCTS iteration counts of the curve; run with progress and cancel; the methods x metrics
 * table (best per column bold) and quality against iterations (Fig. 3). The run and its report
 * survive closing the dialog.
 * Runs in: the main thread.
 */
import { useRef, useState } from 'react';
import { SEARCH_METHODS } from '../../core/agent/searchService.ts';
import type { EvalReport, SearchMethod } from '../../core/agent/searchService.ts';
import { toEvalJsonl } from '../../core/eval/evalSet.ts';
import { useCommands } from '../commands.ts';
import { METHOD_LABELS, METRIC_KEYS, bestPerColumn, parseIterationList } from '../data/searchFormat.ts';
import type { MetricKey } from '../data/searchFormat.ts';
import { useFocusOnOpen } from '../hooks/useFocusOnOpen.ts';
import { buildEvalSet, cancelEvaluation, loadEvalFile, runEvaluation, saveBlob } from '../searchSession.ts';
import { setState, useAppState } from '../store/appStore.ts';
import { HiddenFileInput } from './HiddenFileInput.tsx';
import { ErrorNote } from './ErrorNote.tsx';
import { QualityChart } from './QualityChart.tsx';

const METRIC_HEAD: Record<MetricKey, string> = { ndcg: 'NDCG', recall: 'Recall', mrr: 'MRR', reranker_calls: 'Reranker calls', ms: 'ms' };

function metricText(key: MetricKey, value: number): string {
  if (key === 'reranker_calls') return Math.round(value).toLocaleString();
  if (key === 'ms') return value >= 100 ? Math.round(value).toLocaleString() : value.toFixed(1);
  return value.toFixed(3);
}

function ReportTable({ report }: { report: EvalReport }) {
  const best = bestPerColumn(report.methods);
  const rows = SEARCH_METHODS.filter((m) => report.methods[m]);
  return (
    <table className="data-table eval-table" data-testid="eval-table" data-methods={rows.length}>
      <thead>
        <tr>
          <th>Method</th>
          {METRIC_KEYS.map((key) => (
            <th key={key} className="num">
              {METRIC_HEAD[key]}
              {key === 'ndcg' || key === 'recall' || key === 'mrr' ? `@${report.k}` : ''}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((method) => {
          const r = report.methods[method]!;
          return (
            <tr key={method} data-method={method}>
              <td>{METHOD_LABELS[method]}</td>
              {METRIC_KEYS.map((key) => (
                <td key={key} className={`num mono${best[key].has(method) ? ' best' : ''}`}>
                  {metricText(key, r[key])}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function EvalDialog() {
  const { service } = useCommands();
  const open = useAppState((s) => s.dialog === 'eval');
  const run = useAppState((s) => s.evalRun);
  const [prefix, setPrefix] = useState('');
  const [limit, setLimit] = useState('50');
  const [methods, setMethods] = useState<Set<SearchMethod>>(() => new Set(SEARCH_METHODS));
  const [k, setK] = useState('10');
  const [curveText, setCurveText] = useState('10, 25, 50, 100, 200');
  const [formError, setFormError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const closeRef = useFocusOnOpen<HTMLButtonElement>(open);
  if (!open) return null;

  const close = () => setState({ dialog: null });
  const toggle = (method: SearchMethod) =>
    setMethods((current) => {
      const next = new Set(current);
      if (next.has(method)) next.delete(method);
      else next.add(method);
      return next;
    });
  const start = () => {
    try {
      const curve = parseIterationList(curveText);
      const atK = Math.floor(Number(k));
      if (!(atK >= 1)) throw new Error('k must be a positive whole number');
      if (methods.size === 0) throw new Error('pick at least one method');
      setFormError(null);
      void runEvaluation(service, { methods: SEARCH_METHODS.filter((m) => methods.has(m)), k: atK, curve: curve.length > 0 ? curve : undefined });
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    }
  };
  const progress = run.progress;
  const pct = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div className="dialog wide eval-dialog" role="dialog" aria-modal="true" aria-label="Evaluate" data-testid="eval-dialog">
        <header className="dialog-head">
          <h2>Evaluate retrieval</h2>
          <button ref={closeRef} type="button" className="icon-button" aria-label="Close" title="Close (Esc)" onClick={close}>
            ✕
          </button>
        </header>

        <section className="eval-section" aria-label="Eval set">
          <h3>Eval set</h3>
          <div className="eval-row">
            <label>
              Path prefix
              <input type="text" placeholder="all files" value={prefix} data-testid="eval-prefix" onChange={(e) => setPrefix(e.target.value)} />
            </label>
            <label>
              Limit
              <input type="number" min={1} step={1} value={limit} data-testid="eval-limit" className="narrow" onChange={(e) => setLimit(e.target.value)} />
            </label>
            <button
              type="button"
              data-testid="eval-build"
              disabled={run.busy !== null}
              onClick={() => void buildEvalSet(service, { pathPrefix: prefix.trim() || undefined, limit: Number(limit) >= 1 ? Math.floor(Number(limit)) : undefined })}
              title="First docstring sentence of each definition is the query, the definition the answer; docstrings are hidden from the methods during the run"
            >
              {run.busy === 'building' ? 'Building…' : 'Build eval set from this repo'}
            </button>
            <span className="muted small">or</span>
            <button type="button" data-testid="eval-load" disabled={run.busy !== null} onClick={() => fileRef.current?.click()}>
              Load JSONL…
            </button>
            <HiddenFileInput
              inputRef={fileRef}
              accept=".jsonl,.json,.txt"
              testId="eval-file"
              label="Eval set JSONL file"
              onFile={(file) => void loadEvalFile(file)}
            />
          </div>
          {run.set && (
            <p className="small" data-testid="eval-set" data-queries={run.set.queries.length}>
              <b>{run.set.queries.length.toLocaleString()}</b> queries · {run.source}
              {run.set.hiddenDocstrings ? ` · ${run.set.hiddenDocstrings.length.toLocaleString()} docstrings hidden from the methods` : ''}
              {' · '}
              <button type="button" className="link-button small" onClick={() => saveBlob(new Blob([toEvalJsonl(run.set!)], { type: 'application/jsonl' }), 'eval-set.jsonl')}>
                save as JSONL
              </button>
            </p>
          )}
          {run.set && run.set.queries[0] && <p className="note eval-example">e.g. “{run.set.queries[0].query}”</p>}
        </section>

        <section className="eval-section" aria-label="Methods">
          <h3>Methods</h3>
          <div className="eval-methods">
            {SEARCH_METHODS.map((m) => (
              <label key={m} className="eval-method">
                <input type="checkbox" checked={methods.has(m)} data-testid={`eval-method-${m}`} onChange={() => toggle(m)} />
                {METHOD_LABELS[m]}
              </label>
            ))}
          </div>
          <div className="eval-row">
            <label>
              k
              <input type="number" min={1} step={1} value={k} className="narrow" data-testid="eval-k" onChange={(e) => setK(e.target.value)} />
            </label>
            <label>
              Curve: MCTS iterations
              <input type="text" value={curveText} data-testid="eval-curve" onChange={(e) => setCurveText(e.target.value)} title="One MCTS run per count and query; empty: no curve" />
            </label>
            <span className="toolbar-spacer" />
            {run.busy === 'running' ? (
              <button type="button" className="danger" data-testid="eval-cancel" disabled={run.cancelling} onClick={() => void cancelEvaluation(service)}>
                {run.cancelling ? 'Stopping…' : 'Cancel'}
              </button>
            ) : (
              <button type="button" className="primary" data-testid="eval-run" disabled={!run.set || run.busy !== null} onClick={start}>
                Run
              </button>
            )}
          </div>
          {run.busy === 'running' && (
            <div className="eval-progress" data-testid="eval-progress" data-done={progress?.done ?? 0} data-total={progress?.total ?? 0}>
              <span className="bar">
                <span className="bar-fill" style={{ width: `${pct}%` }} />
              </span>
              <span className="small muted">
                {progress ? `${progress.method === 'curve' ? 'curve' : METHOD_LABELS[progress.method]}: ${progress.done} / ${progress.total}` : 'Starting…'}
              </span>
            </div>
          )}
          {(formError ?? run.error) && (
            <ErrorNote
              small
              testId="eval-error"
              onDismiss={() => {
                setFormError(null);
                setState((s) => ({ evalRun: { ...s.evalRun, error: null } }));
              }}
            >
              {formError ?? run.error}
            </ErrorNote>
          )}
        </section>

        {run.report && (
          <section className="eval-section" aria-label="Results" data-testid="eval-report">
            <h3>
              Results · {run.report.queries.toLocaleString()} queries, k = {run.report.k}
            </h3>
            <ReportTable report={run.report} />
            <p className="note">Reranker calls count (query, document) pairs scored by the cross-encoder; ms is time spent. Best per column in bold.</p>
            {run.report.curve && run.report.curve.length > 0 && (
              <>
                <h3>Quality against MCTS iterations</h3>
                <QualityChart curve={run.report.curve} k={run.report.k} reference={run.report.methods['rerank-all']?.ndcg} />
              </>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
