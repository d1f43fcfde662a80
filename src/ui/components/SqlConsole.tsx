/**
 * @file Read-only SQL over the active graph's tables. Ctrl+Enter runs; results show as a table
 * (first 500 rows); a rejected statement shows the guard's message. A query runs within Max
 * rows (10,000 by default; a cut answer says so) and 60 s; Cancel interrupts it. Values are React text.
 * Runs in: the main thread (the query runs in the repo worker).
 */
import { useState } from 'react';
import type { Row } from '../../core/pipeline/repoService.ts';
import { useCommands } from '../commands.ts';
import { errorCode, errorText } from '../errors/errorMessages.ts';
import { setState, useAppState } from '../store/appStore.ts';
import { DEFAULT_MAX_ROWS, DEFAULT_TIMEOUT_S } from '../../core/store/boundedQuery.ts';
import { parseMaxRows, truncatedNote } from '../data/cypherResults.ts';
import { QueryRunButton } from './QueryRunButton.tsx';
import { ResultTable } from './ResultTable.tsx';
import { ErrorNote } from './ErrorNote.tsx';

const MAX_ROWS_SHOWN = 500;
const EXAMPLE = "SELECT kind, count(*) AS n FROM nodes GROUP BY kind ORDER BY n DESC";

export function SqlConsole() {
  const { service } = useCommands();
  const open = useAppState((s) => s.sqlOpen);
  const active = useAppState((s) => s.activeRepoId !== null && s.storage === 'ready');
  const [sql, setSql] = useState(EXAMPLE);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failure, setFailure] = useState<{ code: string; message: string } | null>(null);
  const [running, setRunning] = useState(false);
  const [ms, setMs] = useState(0);
  const [cut, setCut] = useState<string | null>(null);
  const [maxRowsText, setMaxRowsText] = useState(String(DEFAULT_MAX_ROWS));

  const run = async () => {
    if (!active || running) return;
    setRunning(true);
    const started = performance.now();
    try {
      const result = await service.consoleSql(sql, { maxRows: parseMaxRows(maxRowsText) });
      setRows(result.rows);
      setCut(truncatedNote(result));
      setFailure(null);
    } catch (error) {
      setRows(null);
      setFailure({ code: errorCode(error), message: errorText(error) });
    } finally {
      setMs(performance.now() - started);
      setRunning(false);
    }
  };

  if (!open) return null;
  const columns = rows && rows.length > 0 ? Object.keys(rows[0]!) : [];
  return (
    <section className="sql-console" data-testid="sql-console" aria-label="SQL console">
      <header className="panel-head">
        <h2>SQL (read-only)</h2>
        <span className="muted small">tables: nodes, edges, files, unresolved, file_issues, skipped, meta · Ctrl+Enter runs</span>
        <button type="button" className="icon-button" aria-label="Close SQL console" onClick={() => setState({ sqlOpen: false })}>
          ✕
        </button>
      </header>
      <div className="sql-editor">
        <textarea
          data-testid="sql-input"
          className="mono"
          spellCheck={false}
          rows={3}
          value={sql}
          disabled={!active}
          aria-label="SQL statement"
          onChange={(e) => setSql(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void run();
            }
          }}
        />
        <QueryRunButton testIdPrefix="sql" running={running} disabled={!active} onRun={() => void run()} onCancel={() => void service.cancelQuery()} />
      </div>
      <label className="cypher-params small">
        <span className="muted">Max rows</span>
        <input className="mono" data-testid="sql-max-rows" inputMode="numeric" size={7} value={maxRowsText} onChange={(event) => setMaxRowsText(event.target.value)} />
        {running && <span className="muted">Running… (stops after {DEFAULT_TIMEOUT_S} s)</span>}
        {cut && (
          <span className="note" data-testid="sql-truncated">
            {cut}
          </span>
        )}
      </label>
      {failure && (
        <ErrorNote testId="sql-error" code={failure.code} onDismiss={() => setFailure(null)}>
          {failure.message}
        </ErrorNote>
      )}
      {rows && (
        <div className="sql-results" data-testid="sql-results" data-rows={rows.length}>
          <p className="muted small">
            {rows.length.toLocaleString()} row{rows.length === 1 ? '' : 's'} in {ms.toFixed(0)} ms
            {rows.length > MAX_ROWS_SHOWN ? ` (first ${MAX_ROWS_SHOWN} shown)` : ''}
          </p>
          {columns.length > 0 && <ResultTable columns={columns} rows={rows} maxRows={MAX_ROWS_SHOWN} />}
        </div>
      )}
    </section>
  );
}
