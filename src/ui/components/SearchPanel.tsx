/**
 * @file The answer panel (left of the graph): the route (which path ran, the generated Cypher
 * and who wrote it, why; Cypher typed as the question that does not run shows with a caret at
 * its error's line and column and "Search as text instead"), the stats (the embedder whose vectors
 * answered, and one still being built meanwhile), Path 1's rows as a table, notes (nothing relevant found,
 * hidden tests, early stop, vectors still being built), and the ranked results (rank, kind, display name with its context
 * muted, file:line, relevance in percent with the raw score and its parts in the tooltip, exact
 * / test tags, other locations of a duplicated name); a click opens the node in the explorer. After an
 * MCTS run: replay it in the player, download the trace.
 * Runs in: the main thread.
 */
import type { SearchHit, SearchResponse } from '../../core/agent/searchService.ts';
import { displayContext, displayName, shortName } from '../../core/graph/displayName.ts';
import { errorPosition } from '../../core/agent/typedCypher.ts';
import { embedderDisplayName } from '../../core/models/modelSpec.ts';
import type { Row } from '../../core/pipeline/repoService.ts';
import { useCommands } from '../commands.ts';
import { METHOD_LABELS, formatScore, generatorLabel, reasonSentence, relevanceLabel, routeLabel, scoreParts } from '../data/searchFormat.ts';
import { openRun } from '../player/playerSession.ts';
import { askQuestion, downloadTrace } from '../searchSession.ts';
import { getState, searchSettingsParams, setState, useAppState } from '../store/appStore.ts';
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

function where(loc: { file_path: string | null; start_line: number | null }, fallback: string): string {
  return loc.file_path ? `${loc.file_path}${loc.start_line !== null ? `:${loc.start_line}` : ''}` : fallback;
}

/**
 * A result's display name, its context muted before its own name ('black.files' +
 * '.read_pyproject_toml'); a long context is cut at its start, so the part nearest the name shows.
 */
function HitName({ hit }: { hit: SearchHit }) {
  const full = displayName(hit);
  const context = displayContext(full, shortName(hit));
  const own = context === full ? '' : full.slice(context.length);
  return (
    <span className="hit-name mono" data-testid="hit-name" title={full}>
      {own === '' ? (
        <span className="hit-own">{full}</span>
      ) : (
        <>
          <span className="hit-context">
            <span dir="ltr">{context}</span>
          </span>
          <span className="hit-own">{own}</span>
        </>
      )}
    </span>
  );
}

function Hit({ hit, rank, onOpen, selected }: { hit: SearchHit; rank: number; onOpen: (id: number) => void; selected: boolean }) {
  const parts = scoreParts(hit);
  const fullName = displayName(hit);
  const location = where(hit, fullName);
  const scoreTitle = `score ${formatScore(hit.score)}${parts.length > 0 ? ` = ${parts.map((p) => `${p.label} ${formatScore(p.value)}`).join(' + ')}` : ''}`;
  return (
    <li className={`answer-hit${selected ? ' current' : ''}${hit.is_test ? ' is-test' : ''}`} data-testid="search-hit" data-id={hit.id} data-test={hit.is_test ? 'true' : undefined}>
      <button
        type="button"
        className="answer-hit-button"
        onClick={() => onOpen(hit.id)}
        title={fullName !== hit.qualified_name ? `${fullName}\nqualified name: ${hit.qualified_name}\n${location}` : `${fullName}\n${location}`}
      >
        <span className="hit-rank mono">{rank}</span>
        <span className="hit-main">
          <span className="hit-line">
            <KindBadge kind={hit.kind} />
            <HitName hit={hit} />
            {hit.exact && <span className="hit-tag" title="The question names this definition exactly">exact</span>}
            {hit.is_test && <span className="hit-tag muted" title="In a test or fixture file (ranked after the code)">test</span>}
            <span className="hit-score mono" data-testid="hit-score" title={scoreTitle}>
              {hit.relevance !== undefined ? relevanceLabel(hit.relevance) : formatScore(hit.score)}
            </span>
          </span>
          <span className="hit-line">
            <span className="hit-where muted" data-testid="hit-where" title={location}>
              {location}
            </span>
            {parts.length > 0 && (
              <span className="hit-parts muted" title={scoreTitle}>
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
      {hit.duplicates && hit.duplicates.length > 0 && (
        <p className="hit-duplicates small muted" data-testid="hit-duplicates" data-count={hit.duplicates.length}>
          also defined at{' '}
          {hit.duplicates.map((d, i) => (
            <span key={d.id}>
              {i > 0 ? ', ' : ''}
              <button type="button" className="link-button mono" title={`Open ${where(d, fullName)}`} onClick={() => onOpen(d.id)}>
                {where(d, fullName)}
              </button>
            </span>
          ))}
        </p>
      )}
    </li>
  );
}

/** Cypher with the line and column its error names marked by a caret under it. */
function PositionedCypher({ query, message }: { query: string; message: string }) {
  const at = errorPosition(message);
  const lines = query.split('\n');
  return (
    <pre className="route-cypher mono" data-testid="route-cypher" data-error-line={at?.line ?? ''} data-error-column={at?.column ?? ''}>
      {lines.map((line, i) => (
        <span key={i}>
          {line}
          {'\n'}
          {at && at.line === i + 1 && (
            <span className="cypher-caret" aria-label={`error at line ${at.line}, column ${at.column}`}>
              {`${' '.repeat(Math.max(0, at.column - 1))}^\n`}
            </span>
          )}
        </span>
      ))}
    </pre>
  );
}

function Route({ response, question }: { response: SearchResponse; question: string }) {
  const commands = useCommands();
  const { route } = response;
  const generator = generatorLabel(route.generator);
  const typedError = route.generator === 'user' && route.cypherError;
  const searchAsText = () => {
    const { searchSettings } = getState();
    const request = { question, method: 'auto' as const, k: 10, preset: searchSettings.preset, params: searchSettingsParams(searchSettings), asText: true };
    void askQuestion(commands.service, commands.graph?.() ?? null, request);
  };
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
          {typedError ? (
            <PositionedCypher query={route.cypher} message={route.cypherError!.message} />
          ) : (
            <pre className="route-cypher mono" data-testid="route-cypher">
              {route.cypher}
            </pre>
          )}
          <p className="note">
            Cypher {generator ?? ''}
            {route.path === 'mcts' ? ' — tried first, then the router fell back to MCTS.' : route.path === 'cypher+mcts' ? ' — its hits first, then MCTS’s results.' : '.'}
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
      {typedError && (
        <button type="button" className="small" data-testid="search-as-text" onClick={searchAsText} title="Search for these words with MCTS instead of running them as Cypher">
          Search as text instead
        </button>
      )}
    </section>
  );
}

export function SearchPanel() {
  const commands = useCommands();
  const open = useAppState((s) => s.searchPanelOpen);
  const run = useAppState((s) => s.question);
  const player = useAppState((s) => s.player);
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
          <Route response={response} question={run.question} />
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
              <span
                data-testid="search-embedder"
                data-model={response.stats.embedder}
                data-pending={response.stats.vectorsPending ?? ''}
                title={response.stats.vectorsPending ? 'The embedder whose vectors scored this answer, while the vectors of another were still being built (see the note below)' : 'The embedder whose vectors scored this answer'}
              >
                embedder: {embedderDisplayName(response.stats.embedder)}
                {response.stats.vectorsPending && (
                  <span className="muted"> · {response.stats.vectorsPending === response.stats.embedder ? 'its other set' : embedderDisplayName(response.stats.vectorsPending)} still being built</span>
                )}
              </span>
            )}
          </p>
          {response.runId !== undefined && response.traceHead && (
            <div className="answer-tree">
              <button
                type="button"
                aria-pressed={viewMode === 'tree' && player?.runId === response.runId}
                data-testid="show-tree"
                onClick={() => void openRun(commands.service, response.runId!)}
                title="Replay this run's search in the MCTS player"
              >
                Search tree · {response.traceHead.stats.treeSize.toLocaleString()} nodes
              </button>
              <button type="button" data-testid="download-trace" onClick={() => void downloadTrace(commands.service)} title="The full trace as JSON (every event, parameters, models, graph fingerprint)">
                Download trace
              </button>
            </div>
          )}
          {response.rows && response.columns && response.route.path === 'cypher' && !response.route.cypherError && <RowsTable columns={response.columns} rows={response.rows} />}
          {/* Cypher typed as the question: its rows (or its error) are the answer; nodes only when the rows name some. */}
          {!(response.route.generator === 'user' && response.results.length === 0) && (
          <h3 className="answer-subhead" data-testid="results-head">
            {response.nothingRelevant
              ? 'Nothing relevant found'
              : response.results.length === 0
                ? 'No results'
                : `${response.results.length} result${response.results.length === 1 ? '' : 's'}`}
          </h3>
          )}
          {response.notes && response.notes.length > 0 && (
            <ul className="answer-notes small" data-testid="answer-notes">
              {response.notes.map((note) => (
                <li key={note}>{reasonSentence(note)}</li>
              ))}
            </ul>
          )}
          <ol className="answer-hits" data-testid="search-results-list">
            {response.results.map((hit, i) => (
              <Hit key={`${hit.id}-${i}`} hit={hit} rank={i + 1} selected={hit.id === selected} onOpen={(id) => commands.selectNode(id)} />
            ))}
          </ol>
        </>
      )}
    </aside>
  );
}
