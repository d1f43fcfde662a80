/**
 * @file The Cypher console: a CodeMirror 6 editor with Cypher highlighting and schema-aware
 * completion (labels, relationship types, properties), Ctrl+Enter runs the read-only subset in
 * the repo worker; the rows show as a table (whole nodes as `Kind display name  file:line`, click a row
 * to select its node) and the nodes they mention are highlighted as a subgraph on the explorer.
 * An error shows its message and marks its line:column in the editor. A JSON box below the
 * editor gives $name parameters (checked before the query runs; the text is kept). A query runs
 * within Max rows (10,000 by default; a cut answer says so) and 60 s; Cancel interrupts it.
 * Runs in: the main thread (the query runs in the repo worker).
 */
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { CypherResult } from '../../core/agent/searchService.ts';
import { useCommands } from '../commands.ts';
import { DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S } from '../../core/store/boundedQuery.ts';
import { CYPHER_EXAMPLE, cypherVocabulary, errorPosition, highlightSubgraph, parseCypherParams, parseMaxRows, rowNodeId, runConsoleCypher, showCypherSubgraph, truncatedNote } from '../data/cypherResults.ts';
import { errorCode, errorText } from '../errors/errorMessages.ts';
import { getState, useAppState } from '../store/appStore.ts';
import { cypherExtensions, rangeAt, setErrorMark } from './cypherEditor.ts';
import { QueryRunButton } from './QueryRunButton.tsx';
import { ResultTable } from './ResultTable.tsx';
import { ErrorNote } from './ErrorNote.tsx';

const MAX_ROWS_SHOWN = 500;

// Open/closed state of the console (kept here so the app store stays untouched).
let consoleOpen = false;
const openListeners = new Set<() => void>();

export function setCypherConsoleOpen(open: boolean): void {
  if (open === consoleOpen) return;
  consoleOpen = open;
  for (const listener of openListeners) listener();
}

export function toggleCypherConsole(): void {
  setCypherConsoleOpen(!consoleOpen);
}

export function isCypherConsoleOpen(): boolean {
  return consoleOpen;
}

export function useCypherConsoleOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      openListeners.add(listener);
      return () => openListeners.delete(listener);
    },
    () => consoleOpen,
  );
}

export function CypherConsole() {
  const { service, selectNode, graph } = useCommands();
  const open = useCypherConsoleOpen();
  const active = useAppState((s) => s.activeRepoId !== null && s.storage === 'ready');
  const [result, setResult] = useState<CypherResult | null>(null);
  const [failure, setFailure] = useState<{ code: string; message: string } | null>(null);
  const [running, setRunning] = useState(false);
  const [drawn, setDrawn] = useState<number | null>(null);
  const [paramsText, setParamsText] = useState('');
  const [maxRowsText, setMaxRowsText] = useState(String(DEFAULT_MAX_ROWS));
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const textRef = useRef(CYPHER_EXAMPLE);
  const runRef = useRef<() => void>(() => {});
  const highlighted = useRef<readonly number[]>([]);
  const theme = useAppState((s) => s.theme);
  const highlightNodes = useCallback(
    (ids: readonly number[]) => {
      highlighted.current = ids;
      return showCypherSubgraph(graph?.() ?? null, ids, getState().egoDepth);
    },
    [graph],
  );

  useEffect(() => {
    // A theme change replaces the graph's stylesheet: draw the highlight again after it.
    if (highlighted.current.length === 0) return;
    const frame = requestAnimationFrame(() => {
      const cy = graph?.()?.cy;
      if (cy) highlightSubgraph(cy, highlighted.current);
    });
    return () => cancelAnimationFrame(frame);
  }, [theme, graph]);

  const run = useCallback(async () => {
    const view = viewRef.current;
    if (!active || running) return;
    setRunning(true);
    view?.dispatch({ effects: setErrorMark.of(null) });
    const parsed = parseCypherParams(paramsText);
    if ('error' in parsed) {
      setResult(null);
      setFailure({ code: 'INPUT_INVALID', message: parsed.error });
      setRunning(false);
      return;
    }
    try {
      const next = await runConsoleCypher(service, textRef.current, parsed.params, { maxRows: parseMaxRows(maxRowsText) });
      setResult(next);
      setFailure(null);
      setDrawn(await highlightNodes(next.nodeIds));
    } catch (error) {
      const message = errorText(error);
      setResult(null);
      setDrawn(null);
      void highlightNodes([]);
      setFailure({ code: errorCode(error), message });
      const at = errorPosition(message);
      const range = at && view ? rangeAt(view.state, at.line, at.column) : null;
      if (view && range) view.dispatch({ effects: setErrorMark.of(range), selection: { anchor: range.from } });
    } finally {
      setRunning(false);
    }
  }, [active, running, service, highlightNodes, paramsText, maxRowsText]);
  runRef.current = () => void run();

  useEffect(() => {
    if (!open || !hostRef.current) return;
    const view = new EditorView({
      parent: hostRef.current,
      state: EditorState.create({
        doc: textRef.current,
        extensions: cypherExtensions(
          cypherVocabulary(),
          () => runRef.current(),
          (text) => {
            textRef.current = text;
          },
        ),
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [open]);

  useEffect(() => {
    // Closing the console removes its highlight from the graph.
    if (!open) void highlightNodes([]);
  }, [open, highlightNodes]);

  if (!open) return null;
  const rows = result?.rows ?? [];
  const columns = result?.columns ?? [];
  return (
    <section className="sql-console cypher-console" data-testid="cypher-console" aria-label="Cypher console">
      <header className="panel-head">
        <h2>Cypher (read-only)</h2>
        <span className="muted small">labels Repo, Module, Class, Function, Method, Field, GlobalVariable · Ctrl+Space completes · Ctrl+Enter runs</span>
        <button type="button" className="icon-button" aria-label="Close Cypher console" onClick={() => setCypherConsoleOpen(false)}>
          ✕
        </button>
      </header>
      <div className="sql-editor">
        <div ref={hostRef} className="cypher-editor" style={{ flex: 1, minWidth: 0 }} />
        <QueryRunButton testIdPrefix="cypher" running={running} disabled={!active} onRun={() => void run()} onCancel={() => void service.cancelQuery()} />
      </div>
      <label className="cypher-params small">
        <span className="muted">Parameters (JSON)</span>
        <textarea
          className="mono"
          data-testid="cypher-params"
          rows={1}
          spellCheck={false}
          placeholder='{"name": "Cart"}  (for $name in the query)'
          value={paramsText}
          onChange={(event) => setParamsText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void run();
            }
          }}
        />
      </label>
      <label className="cypher-params small">
        <span className="muted">Max rows</span>
        <input className="mono" data-testid="cypher-max-rows" inputMode="numeric" size={7} value={maxRowsText} onChange={(event) => setMaxRowsText(event.target.value)} />
        {running && <span className="muted" data-testid="cypher-running">Running… (stops after {DEFAULT_TIMEOUT_S} s)</span>}
      </label>
      {failure && (
        <ErrorNote testId="cypher-error" code={failure.code} onDismiss={() => setFailure(null)}>
          {failure.message}
        </ErrorNote>
      )}
      {result && (
        <div className="sql-results" data-testid="cypher-results" data-rows={rows.length} data-nodes={result.nodeIds.length} data-highlighted={drawn ?? 0}>
          <p className="muted small">
            {rows.length.toLocaleString()} row{rows.length === 1 ? '' : 's'} in {result.ms.toFixed(0)} ms · {result.nodeIds.length.toLocaleString()} node
            {result.nodeIds.length === 1 ? '' : 's'}
            {drawn !== null && result.nodeIds.length > 0 ? ` (${drawn} highlighted on the graph)` : ''}
            {rows.length > MAX_ROWS_SHOWN ? ` (first ${MAX_ROWS_SHOWN} rows shown)` : ''}
          </p>
          {truncatedNote(result) && (
            <p className="note small" data-testid="cypher-truncated">
              {truncatedNote(result)}
            </p>
          )}
          <details className="small">
            <summary className="muted">SQL</summary>
            <pre className="mono" data-testid="cypher-sql" style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>
              {result.sql}
            </pre>
          </details>
          {columns.length > 0 && (
            <ResultTable columns={columns} rows={rows} maxRows={MAX_ROWS_SHOWN} rowNode={(row) => rowNodeId(row, columns, result.nodeIds)} onSelect={selectNode} />
          )}
        </div>
      )}
    </section>
  );
}
