/**
 * @file Legend of the graph, one quiet line under the canvas: node kinds (color + shape glyph)
 * and edge types (color, arrow; SIMILAR dashed, shown only while its toggle is on).
 * Runs in: the main thread.
 */
import type { EdgeType } from '../../core/graph/types.ts';
import { EDGE_LOOK, NODE_KIND_ORDER } from '../graph/graphStyle.ts';
import { useAppState } from '../store/appStore.ts';
import { KindBadge } from './KindBadge.tsx';

export function Legend() {
  const showSimilar = useAppState((s) => s.showSimilar);
  const types = (Object.keys(EDGE_LOOK) as EdgeType[]).filter((t) => t !== 'SIMILAR' || showSimilar);
  return (
    <div className="legend" data-testid="legend" aria-label="Legend">
      <ul className="legend-kinds">
        {NODE_KIND_ORDER.filter((k) => k !== 'Repo').map((kind) => (
          <li key={kind}>
            <KindBadge kind={kind} />
          </li>
        ))}
      </ul>
      <ul className="legend-edges">
        {types.map((type) => (
          <li key={type} data-edge-type={type}>
            {EDGE_LOOK[type].dashed ? (
              <span className="edge-line dashed" style={{ borderTopColor: `var(--edge-${type})` }} aria-hidden="true" />
            ) : (
              <span className="edge-line" style={{ background: `var(--edge-${type})`, height: `${Math.max(2, EDGE_LOOK[type].width)}px` }} aria-hidden="true" />
            )}
            {EDGE_LOOK[type].label}
            {EDGE_LOOK[type].arrow ? ' →' : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
