/**
 * @file The selected node: kind, its name (core/graph/displayName.ts), file:lines, the qualified
 * name where it differs, signature, docstring, in/out edges
 * grouped by type (each one selects its node), code with highlighting, and for a Module its
 * unresolved imports and file issues; its description, requirement and SIMILAR neighbours.
 * Every name and path is React text, never HTML.
 * Runs in: the main thread.
 */
import { useEffect, useState } from 'react';
import { displayContext } from '../../core/graph/displayName.ts';
import { useCommands } from '../commands.ts';
import type { NodeDetails } from '../../core/reads/nodeDetails.ts';
import { toShownError } from '../errors/errorMessages.ts';
import { useAppState } from '../store/appStore.ts';
import { EDGE_LOOK } from '../graph/graphStyle.ts';
import { CodeView } from './CodeView.tsx';
import { ErrorNote } from './ErrorNote.tsx';
import { KindBadge } from './KindBadge.tsx';
import { DescriptionView, SimilarView } from './SemanticDetailsView.tsx';
import { RequirementDetails } from '../agent/RequirementDetails.tsx';

export function DetailsPane() {
  const { service, selectNode } = useCommands();
  const selected = useAppState((s) => s.selectedNodeId);
  const graphVersion = useAppState((s) => s.graphVersion);
  const semanticVersion = useAppState((s) => s.semanticVersion);
  const [details, setDetails] = useState<NodeDetails | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (selected === null) {
      setDetails(null);
      setFailure(null);
      return;
    }
    let live = true;
    setLoading(true);
    service.readNodeDetails(selected)
      .then((d) => live && (setDetails(d), setFailure(d ? null : 'This node no longer exists.')))
      .catch((error: unknown) => live && setFailure(toShownError(error).detail ?? toShownError(error).message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [service, selected, graphVersion, semanticVersion]);

  if (selected === null) {
    return (
      // Collapsed to a slim rail while nothing is selected: the graph gets the width.
      <aside className="details-pane empty" data-testid="details-pane" data-empty="true" title="/ search · double-click a module to expand it · e ego view · ? all shortcuts">
        <p className="hint">Select a node to see its details and code</p>
      </aside>
    );
  }
  if (failure) {
    return (
      <aside className="details-pane" data-testid="details-pane">
        <ErrorNote
          onDismiss={() => {
            // The error is about the selected node: dismissing it clears the selection.
            setFailure(null);
            selectNode(null);
          }}
        >
          {failure}
        </ErrorNote>
      </aside>
    );
  }
  if (!details) {
    return <aside className="details-pane" data-testid="details-pane" aria-busy="true" />;
  }
  const { node } = details;
  const lines = node.startLine !== null ? `:${node.startLine}${node.endLine !== null && node.endLine !== node.startLine ? `–${node.endLine}` : ''}` : '';
  return (
    <aside className="details-pane" data-testid="details-pane" aria-busy={loading} data-node-id={node.id}>
      <header className="details-head">
        <KindBadge kind={node.kind} />
        <h2 className="details-name" data-testid="details-name">
          {node.shortName}
        </h2>
      </header>
      <dl className="details-facts">
        <dt title="The name code imports it by, where its language has one; else the qualified name">Name</dt>
        <dd className="mono" data-testid="details-display-name">
          {node.displayName}
        </dd>
        {node.filePath && (
          <>
            <dt>File</dt>
            <dd className="mono" data-testid="details-file">
              {node.filePath}
              {lines}
            </dd>
          </>
        )}
        {node.qualifiedName !== node.displayName && (
          <>
            <dt title="qualified_name: the dotted path from the repository root, the graph's unique key (Cypher, SQL)">Qualified</dt>
            <dd className="mono" data-testid="details-qualified">
              {node.qualifiedName}
            </dd>
          </>
        )}
        {node.signature && (
          <>
            <dt>Signature</dt>
            <dd className="mono signature">{node.signature}</dd>
          </>
        )}
      </dl>
      {node.docstring && <p className="docstring">{node.docstring}</p>}
      {details.counterparts.length > 0 && (
        <section className="details-section" data-testid="details-counterparts">
          <h3>{node.kind === 'Method' ? 'Defined out of line' : 'Member of'}</h3>
          <ul className="edge-list">
            {details.counterparts.map((item) => (
              <li key={item.id}>
                <button type="button" className="link-button" onClick={() => selectNode(item.id)} title={item.displayName}>
                  <KindBadge kind={item.kind} /> <span className="edge-target">{item.shortName}</span>{' '}
                  <span className="edge-context">{displayContext(item.displayName, item.shortName)}</span>
                </button>
                <span className="muted mono"> {item.detail}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {node.kind !== 'Repo' && <DescriptionView semantic={details.semantic} />}
      <SimilarView groups={details.groups} />
      {(node.kind === 'Function' || node.kind === 'Method' || node.kind === 'Class') && <RequirementDetails key={`${node.id}:${graphVersion}:${semanticVersion}`} nodeId={node.id} />}
      {details.issues.length > 0 && (
        <section className="details-section">
          <h3>
            <span className="flag" aria-hidden="true">⚑</span> File issues
          </h3>
          <ul className="issue-list">
            {details.issues.map((issue, i) => (
              <li key={i}>
                <span className={`issue-kind issue-${issue.kind}`}>{issue.kind}</span>
                {issue.line !== null && <span className="mono"> line {issue.line}</span>} {issue.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      {details.unresolved.length > 0 && (
        <section className="details-section">
          <h3>Unresolved imports ({details.unresolved.length})</h3>
          <ul className="plain-list mono">
            {details.unresolved.map((u, i) => (
              <li key={i}>
                {u.module}
                {u.name && u.name !== u.module ? ` · ${u.name}` : ''}
                {u.alias ? ` as ${u.alias}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      {details.groups.some((g) => g.type !== 'SIMILAR') && (
        <section className="details-section">
          <h3>Edges</h3>
          {details.groups.filter((g) => g.type !== 'SIMILAR').map((group) => (
            <details key={`${group.direction}:${group.type}`} className="edge-group" open={group.total <= 12}>
              <summary>
                <span className="edge-swatch" style={{ background: `var(--edge-${group.type})` }} aria-hidden="true" />
                {group.direction === 'out' ? '→' : '←'} {EDGE_LOOK[group.type]?.label ?? group.type}{' '}
                <span className="muted">({group.total.toLocaleString()})</span>
              </summary>
              <ul className="edge-list">
                {group.items.map((item) => (
                  <li key={`${item.id}:${item.detail ?? ''}`}>
                    <button type="button" className="link-button" onClick={() => selectNode(item.id)} title={item.displayName}>
                      <KindBadge kind={item.kind} /> <span className="edge-target">{item.shortName}</span>{' '}
                      <span className="edge-context">{displayContext(item.displayName, item.shortName)}</span>
                    </button>
                    {item.detail && <span className="muted"> {item.detail}</span>}
                  </li>
                ))}
                {group.total > group.items.length && (
                  <li className="muted">{(group.total - group.items.length).toLocaleString()} more (use the SQL console)</li>
                )}
              </ul>
            </details>
          ))}
        </section>
      )}
      {details.code !== null && details.code !== '' && (
        <section className="details-section">
          <h3>Code</h3>
          <CodeView code={details.code} language={node.language} firstLine={details.codeFirstLine} />
        </section>
      )}
    </aside>
  );
}

