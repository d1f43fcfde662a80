/**
 * @file What the active database holds of the semantic layer: embedding sets (model, source,
 * dimension, count; built-ins labelled "built-in, offline") and the SIMILAR edges (count, eps,
 * k, exact or approximate top-k).
 * Runs in: the main thread.
 */
import type { SemanticStatus } from '../../core/semantic/semanticService.ts';
import { BUILTIN_NEURAL_EMBEDDER, BUILTIN_NEURAL_TAG } from '../../core/models/modelSpec.ts';
import { BUILTIN_TAG } from '../data/semanticFormat.ts';

export function StoredSemantic({ status }: { status: SemanticStatus }) {
  const { embeddings, similar } = status;
  return (
    <section className="models-section" aria-label="Stored" data-testid="semantic-stored">
      <h3>Stored in this graph</h3>
      {embeddings.length === 0 ? (
        <p className="note">No embeddings yet.</p>
      ) : (
        <table className="data-table" data-testid="embedding-sets">
          <thead>
            <tr>
              <th>Model</th>
              <th>Source</th>
              <th>Dim</th>
              <th>Vectors</th>
            </tr>
          </thead>
          <tbody>
            {embeddings.map((set) => (
              <tr key={`${set.model}:${set.source}`} data-model={set.model} data-source={set.source} data-count={set.count}>
                <td className="mono" title={set.createdAt}>
                  {set.model} {set.builtin && <span className="chip builtin-chip">{BUILTIN_TAG}</span>}
                  {set.model === BUILTIN_NEURAL_EMBEDDER.id && <span className="chip builtin-chip">{BUILTIN_NEURAL_TAG}</span>}
                </td>
                <td>{set.source}</td>
                <td className="mono">{set.dim.toLocaleString()}</td>
                <td className="mono">{set.count.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {similar ? (
        <p className="note" data-testid="similar-info" data-edges={similar.edges} data-eps={similar.eps} data-k={similar.k} data-method={similar.method}>
          <span className="edge-line dashed" style={{ borderTopColor: 'var(--edge-SIMILAR)' }} aria-hidden="true" />{' '}
          <strong>{similar.edges.toLocaleString()}</strong> SIMILAR edges · cosine ≥ {similar.eps} · top {similar.k} per node ·{' '}
          {similar.method === 'exact' ? 'exact' : 'approximate (LSH)'} · {similar.source} of <span className="mono">{similar.model}</span>
        </p>
      ) : (
        <p className="note">No SIMILAR edges yet.</p>
      )}
    </section>
  );
}
