/**
 * @file The details pane's requirement-graph section for a Function / Method / Class: its
 * requirement with where it came from (docstring, LLM, or the structural description, labelled),
 * and its PARENT_CHILD and SIMILAR_REQUIREMENT neighbours as links to their code nodes. Nothing
 * is shown before the requirement graph is built (Agent panel or `ranger requirements`).
 * Runs in: the main thread (queries run in the repo worker).
 */
import { displayName } from '../../core/graph/displayName.ts';
import { useEffect, useState } from 'react';
import type { RepoClient } from '../clients/repoClient.ts';
import { useCommands } from '../commands.ts';

interface Related {
  relation: 'sub-requirement' | 'parent requirement' | 'similar';
  nodeId: number;
  name: string;
  displayName: string;
  detail: string | null;
}

interface RequirementInfo {
  text: string;
  source: string;
  generator: string;
  related: Related[];
}

const SOURCE_LABEL: Record<string, string> = { docstring: 'from the docstring', llm: 'written by the LLM', structural: 'structural description (no docstring, no LLM)' };

async function loadRequirement(service: RepoClient, nodeId: number): Promise<RequirementInfo | null> {
  const id = Math.trunc(nodeId);
  const rows = await service.query(`SELECT id, text, source, generator FROM requirements WHERE node_id = ${id} LIMIT 1`).catch(() => []);
  const row = rows[0];
  if (!row) return null;
  const rid = Number(row.id);
  const edges = await service.query(
    `SELECT e.type, e.src = ${rid} AS outgoing, o.node_id, o.name, o.qualified_name, n.import_name, e.detail FROM requirement_edges e
     JOIN requirements o ON o.id = CASE WHEN e.src = ${rid} THEN e.dst ELSE e.src END LEFT JOIN nodes n ON n.id = o.node_id
     WHERE (e.src = ${rid} OR e.dst = ${rid}) AND e.type IN ('PARENT_CHILD', 'SIMILAR_REQUIREMENT') ORDER BY e.type, o.qualified_name LIMIT 60`,
  );
  return {
    text: String(row.text),
    source: String(row.source),
    generator: String(row.generator),
    related: edges.map((e) => ({
      relation: e.type === 'SIMILAR_REQUIREMENT' ? 'similar' : e.outgoing ? 'sub-requirement' : 'parent requirement',
      nodeId: Number(e.node_id),
      name: String(e.name),
      displayName: displayName({ qualified_name: String(e.qualified_name), import_name: (e.import_name as string | null) ?? null }),
      detail: e.detail === null ? null : String(e.detail),
    })),
  };
}

export function RequirementDetails({ nodeId }: { nodeId: number }) {
  const { service, selectNode } = useCommands();
  const [info, setInfo] = useState<RequirementInfo | null>(null);
  useEffect(() => {
    let live = true;
    void loadRequirement(service, nodeId).then((next) => live && setInfo(next));
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
