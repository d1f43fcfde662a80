/**
 * @file Legend of the MCTS search tree on the graph: colour = mean reward R/N (0 to the largest
 * mean, rounded up; rewards are on a 0-10 scale),
 * size = visits N, emphasised edges = expansions (parent -> child); a way back to the overview.
 * Shown only while the tree is drawn.
 * Runs in: the main thread.
 */
import { useCommands } from '../commands.ts';
import { REWARD_STOPS, visitSize } from '../data/searchTree.ts';
import { useAppState } from '../store/appStore.ts';

export function SearchTreeLegend() {
  const commands = useCommands();
  const tree = useAppState((s) => s.searchTree);
  const mode = useAppState((s) => s.viewMode);
  if (!tree || mode !== 'tree') return null;
  const gradient = `linear-gradient(to right, ${REWARD_STOPS.map((s) => `${s.color} ${(s.at / 10) * 100}%`).join(', ')})`;
  const mid = tree.colorMax / 2;
  const sizes = [...new Set([1, Math.round(tree.maxN / 4), tree.maxN].filter((n) => n >= 1))];
  const scale = 0.5; // legend circles at half the graph size at zoom 1
  return (
    <div className="tree-legend" data-testid="search-tree-legend" data-styled={tree.styled} data-nodes={tree.nodes.length} data-iterations={tree.iterations} data-color-max={tree.colorMax} aria-label="Search tree legend">
      <div className="tree-legend-row">
        <span className="tree-legend-label" title="Rewards are cross-encoder scores x10, clamped to [0, 10]">Mean reward R/N</span>
        <span className="tree-legend-scale">
          <span className="tree-legend-gradient" style={{ background: gradient }} aria-hidden="true" />
          <span className="tree-legend-ticks small muted">
            <span>0</span>
            <span>{Number.isInteger(mid) ? mid : mid.toFixed(1)}</span>
            <span>{tree.colorMax}</span>
          </span>
        </span>
      </div>
      <div className="tree-legend-row">
        <span className="tree-legend-label">Visits N</span>
        <span className="tree-legend-sizes">
          {sizes.map((n) => {
            const d = Math.round(visitSize(n, tree.maxN) * scale);
            return (
              <span key={n} className="tree-legend-size small muted">
                <span className="tree-legend-dot" style={{ width: d, height: d }} aria-hidden="true" />
                {n}
              </span>
            );
          })}
        </span>
      </div>
      <div className="tree-legend-row small muted">
        <span className="tree-legend-edge" aria-hidden="true" /> expansion (parent → child) · bold ring: a result · {tree.styled.toLocaleString()} nodes, {tree.iterations} iterations
        {tree.hidden > 0 ? ` · ${tree.hidden.toLocaleString()} least visited not drawn` : ''}
      </div>
      <button type="button" className="small" data-testid="tree-clear" onClick={() => void commands.graph?.()?.showOverview()}>
        Back to overview
      </button>
    </div>
  );
}
