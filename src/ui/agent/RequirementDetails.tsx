/**
 * @file The details pane's requirement-graph section for a Function / Method / Class: its
 * requirement with where it came from (docstring, LLM, or the structural description, labelled),
 * and its PARENT_CHILD and SIMILAR_REQUIREMENT neighbours as links to their code nodes. Nothing
 * is shown before the requirement graph is built (Agent panel or `ranger requirements`).
 * Runs in: the main thread (the read runs in the repo worker: core/reads/requirementDetails.ts).
 */
import { useEffect, useState } from 'react';
import type { RequirementDetails as RequirementInfo } from '../../core/reads/requirementDetails.ts';
import { useCommands } from '../commands.ts';

const SOURCE_LABEL: Record<string, string> = { docstring: 'from the docstring', llm: 'written by the LLM', structural: 'structural description (no docstring, no LLM)' };

export function RequirementDetails({ nodeId }: { nodeId: number }) {
  const { service, selectNode } = useCommands();
  const [info, setInfo] = useState<RequirementInfo | null>(null);
  useEffect(() => {
    let live = true;
    void service.readRequirementDetails(nodeId).then(
      (next) => live && setInfo(next),
      () => live && setInfo(null),
    );
    return () => {
      live = false;
    };
  }, [service, nodeId]);
  if (!info) return null;
  return (
    <section className="details-section" data-testid="details-requirement-graph">
      <h3>
        Requirement <span className="muted small">· {SOURCE_LABEL[info.source] ?? info.source}</span>
      </h3>
      <p className="requirement">{info.text}</p>
      {info.related.length > 0 && (
        <ul className="edge-list">
          {info.related.map((r, i) => (
            <li key={i}>
              <span className="muted small">{r.relation}{r.relation === 'similar' && r.detail ? ` ${r.detail}` : ''}</span>{' '}
              <button type="button" className="link-button" onClick={() => selectNode(r.nodeId)} title={r.displayName}>
                {r.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
