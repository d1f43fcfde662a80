/**
 * @file The answer panel (left of the graph): the route (which path ran, the generated Cypher
 * and who wrote it, why), the stats, Path 1's rows as a table, and the ranked results (rank,
 * kind, name, file:line, score and its parts); a click opens the node in the explorer. After an
 * MCTS run: show the search tree on the graph again, download the trace.
 * Runs in: the main thread.
 */
import type { SearchHit, SearchResponse } from '../../core/agent/searchService.ts';
import { embedderDisplayName } from '../../core/models/modelSpec.ts';
import type { Row } from '../../core/pipeline/repoService.ts';
import { useCommands } from '../commands.ts';
import { METHOD_LABELS, formatScore, generatorLabel, reasonSentence, routeLabel, scoreParts } from '../data/searchFormat.ts';
import { downloadTrace, showSearchTree } from '../searchSession.ts';
import { setState, useAppState } from '../store/appStore.ts';
import { KindBadge } from './KindBadge.tsx';
import { ResultTable } from './ResultTable.tsx';

const MAX_ROWS_SHOWN = 200;

const MAX_CELL_CHARS = 160;

function RowsTable({ columns, rows }: { columns: string[]; rows: Row[] }) {
  return (
    <div className="answer-rows" data-testid="cypher-rows" data-rows={rows.length}>
      <ResultTable columns={columns} rows={rows} maxRows={MAX_ROWS_SHOWN} maxChars={MAX_CELL_CHARS} cellTitles />
      {rows.length > MAX_ROWS_SHOWN && <p className="note">First {MAX_ROWS_SHOWN} of {rows.length.toLocaleString()} rows.</p>}
    </div>
  );
}

function Hit({ hit, rank, onOpen, selected }: { hit: SearchHit; rank: number; onOpen: () => void; selected: boolean }) {
  const parts = scoreParts(hit);
  return (
    <li className={`answer-hit${selected ? ' current' : ''}`} data-testid="search-hit" data-id={hit.id}>
      <button type="button" className="answer-hit-button" onClick={onOpen} title={hit.qualified_name}>
        <span className="hit-rank mono">{rank}</span>
        <span className="hit-main">
          <span className="hit-line">
            <KindBadge kind={hit.kind} />
            <span className="hit-name mono">{hit.name}</span>
            <span className="hit-score mono">{formatScore(hit.score)}</span>
          </span>
          <span className="hit-line">
            <span className="hit-where muted">{hit.file_path ? `${hit.file_path}${hit.start_line !== null ? `:${hit.start_line}` : ''}` : hit.qualified_name}</span>
            {parts.length > 0 && (
              <span className="hit-parts muted" title={parts.map((p) => `${p.label} ${p.value}`).join(' + ')}>
                {parts.map((p, i) => (
                  <span key={p.key} data-part={p.key}>
                    {i > 0 ? ' + ' : ''}
                    {p.label} {formatScore(p.value)}
                  </span>
                ))}
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

function Route({ response }: { response: SearchResponse }) {
  const { route } = response;
  const generator = generatorLabel(route.generator);
  return (
    <section className="answer-route" aria-label="Route">
      <p className="route-line">
        <span className={`route-badge route-${route.path}`} data-testid="route-path" data-path={route.path}>
          {routeLabel(route)}
        </span>
        <span className="route-reason" data-testid="route-reason">
          {reasonSentence(route.reason)}
        </span>
      </p>
      {route.cypher !== null ? (
        <>
          <pre className="route-cypher mono" data-testid="route-cypher">
            {route.cypher}
          </pre>
          <p className="note">
            Cypher {generator ?? ''}
            {route.path !== 'cypher' ? ' — tried first, then the router fell back to MCTS.' : '.'}
          </p>
        </>
      ) : (
        <p className="note" data-testid="route-cypher" data-empty="true">
          No Cypher was generated.
        </p>
      )}
      {route.cypherError && (
        <p className="error-text small" data-testid="route-cypher-error">
          {route.cypherError.message}
        </p>
      )}
    </section>
  );
}

export function SearchPanel() {
  const commands = useCommands();
  const open = useAppState((s) => s.searchPanelOpen);
  const run = useAppState((s) => s.question);
  const tree = useAppState((s) => s.searchTree);
  const viewMode = useAppState((s) => s.viewMode);
  const selected = useAppState((s) => s.selectedNodeId);
  if (!open || !run) return null;
  const response = run.response;

  return (
    <aside className="answer-panel" data-testid="search-panel" data-state={run.state} aria-label="Answer">
      <header className="panel-head answer-head">
        <h2>Answer</h2>
        <span className="muted small">{METHOD_LABELS[run.method]}</span>
        <button type="button" className="icon-button" aria-label="Close the answer panel" onClick={() => setState({ searchPanelOpen: false })}>
          ✕
        </button>
      </header>
      <p className="answer-question">{run.question}</p>
      {run.state === 'running' && (
        <p className="muted small" data-testid="search-running">
          Searching…{run.iteration > 0 ? ` MCTS iteration ${run.iteration} (${run.events.toLocaleString()} trace events)` : ''}
        </p>
      )}
      {run.state === 'cancelled' && <p className="muted small">Stopped.</p>}
      {run.error && (
        <p className="error-text small" data-testid="search-error">
          {run.error}
        </p>
      )}
      {response && (
        <>
          <Route response={response} />
          <p className="answer-stats small" data-testid="search-stats" data-reranker-calls={response.stats.reranker_calls} data-embed-calls={response.stats.embed_calls} data-ms={response.stats.ms}>
            <span>
              <b>{response.stats.reranker_calls.toLocaleString()}</b> reranker calls
            </span>
            <span>
              <b>{response.stats.embed_calls.toLocaleString()}</b> embed calls
            </span>
            <span>
              <b>{Math.round(response.stats.ms).toLocaleString()}</b> ms
            </span>
            {run.events > 0 && <span>{run.iteration.toLocaleString()} iterations</span>}
            {response.stats.embedder && (
              <span data-testid="search-embedder" data-model={response.stats.embedder} title="The embedder whose vectors scored this answer">
                embedder: {embedderDisplayName(response.stats.embedder)}
              </span>
            )}
          </p>
          {tree && (
            <div className="answer-tree">
              <button type="button" aria-pressed={viewMode === 'tree'} data-testid="show-tree" onClick={() => void showSearchTree(commands.graph?.() ?? null)} title="Draw the search tree on the graph">
                Search tree · {tree.nodes.length.toLocaleString()} nodes
              </button>
              {response.runId !== undefined && (
                <button type="button" data-testid="download-trace" onClick={() => void downloadTrace(commands.service)} title="The full trace as JSON (every event and the final ranking)">
                  Download trace
                </button>
              )}
            </div>
          )}
          {!tree && response.runId !== undefined && response.route.path !== 'cypher' && (
            <div className="answer-tree">
              <button type="button" data-testid="download-trace" onClick={() => void downloadTrace(commands.service)}>
                Download trace
              </button>
            </div>
          )}
          {response.rows && response.columns && response.route.path === 'cypher' && <RowsTable columns={response.columns} rows={response.rows} />}
          <h3 className="answer-subhead">
            {response.results.length === 0 ? 'No results' : `${response.results.length} result${response.results.length === 1 ? '' : 's'}`}
          </h3>
          <ol className="answer-hits" data-testid="search-results-list">
            {response.results.map((hit, i) => (
              <Hit key={`${hit.id}-${i}`} hit={hit} rank={i + 1} selected={hit.id === selected} onOpen={() => commands.selectNode(hit.id)} />
            ))}
          </ol>
        </>
      )}
    </aside>
  );
}
