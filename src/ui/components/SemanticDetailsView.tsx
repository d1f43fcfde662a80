/**
 * @file The semantic part of the details pane: the node's description (purpose summary),
 * member descriptions and requirement, labelled with their generator ("structural (built-in)"
 * or the LLM id), and its SIMILAR neighbours with cosine, each selecting its node.
 * Every text is React text, never HTML.
 * Runs in: the main thread.
 */
import { displayContext } from '../../core/graph/displayName.ts';
import { useCommands } from '../commands.ts';
import type { EdgeGroup, SemanticDetails } from '../../core/reads/nodeDetails.ts';
import { similarNeighbours } from '../data/similarNeighbours.ts';
import { generatorLabel } from '../data/semanticFormat.ts';
import { KindBadge } from './KindBadge.tsx';

export function DescriptionView({ semantic }: { semantic: SemanticDetails }) {
  const { description, requirement, generator } = semantic;
  // A.9.2 answers '---None---' for a node without members: nothing to show then.
  const memberDescriptions = semantic.memberDescriptions?.trim() === '---None---' ? null : semantic.memberDescriptions;
  if (!description && !memberDescriptions && !requirement) {
    return (
      <p className="note" data-testid="details-no-description">
        No description yet (Models panel, <kbd>m</kbd>: Describe).
      </p>
    );
  }
  const by = generatorLabel(generator);
  return (
    <section className="details-section semantic-details">
      <h3>
        Description <span className="generator-tag" data-testid="details-generator" data-generator={generator ?? ''}>{by}</span>
      </h3>
      {description && (
        <p className="description" data-testid="details-description">
          {description}
        </p>
      )}
      {memberDescriptions && (
        <details className="member-descriptions" open={memberDescriptions.length < 600}>
          <summary>Members</summary>
          <p className="description small" data-testid="details-member-descriptions">
            {memberDescriptions}
          </p>
        </details>
      )}
      {requirement && (
        <>
          <h3>Requirement</h3>
          <p className="requirement" data-testid="details-requirement">
            {requirement}
          </p>
        </>
      )}
    </section>
  );
}

export function SimilarView({ groups }: { groups: readonly EdgeGroup[] }) {
  const { selectNode } = useCommands();
  const { items, total } = similarNeighbours(groups);
  if (items.length === 0) return null;
  return (
    <section className="details-section" data-testid="details-similar">
      <h3>
        <span className="edge-line dashed" style={{ borderTopColor: 'var(--edge-SIMILAR)' }} aria-hidden="true" /> Similar ({total.toLocaleString()})
      </h3>
      <ul className="edge-list">
        {items.map((item) => (
          <li key={item.id} data-node-id={item.id} data-cosine={item.cosine ?? ''}>
            <span className="mono small cosine" title="cosine similarity">
              {item.cosine !== null ? item.cosine.toFixed(3) : '—'}
            </span>{' '}
            <button type="button" className="link-button" onClick={() => selectNode(item.id)} title={item.displayName}>
              <KindBadge kind={item.kind} /> <span className="edge-target">{item.shortName}</span>{' '}
              <span className="edge-context">{displayContext(item.displayName, item.shortName)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
