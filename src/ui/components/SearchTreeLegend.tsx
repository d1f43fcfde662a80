/**
 * @file Legend of the MCTS player's canvas, a small chip in the canvas's top-left corner that
 * opens on demand (closed, it never covers the tree): colour = mean reward R/N (0 to the largest
 * mean at the scrubbed moment, rounded up; rewards are on a 0-10 scale), size = visits N, rings
 * (top-10, high reward but rarely visited), the lit path, the current expansion, "+N" bundles of
 * folded nodes; beside the chip, how many nodes are drawn, "Unfold all" / "Fold" and the way back
 * to the overview. Shown only while the player's tree is drawn.
 * Runs in: the main thread.
 */
import { useState } from 'react';
import { useCommands } from '../commands.ts';
import { REWARD_STOPS, visitSize } from '../data/searchTree.ts';
import { closePlayer, setUnfolded } from '../player/playerSession.ts';
import { useAppState } from '../store/appStore.ts';

export function SearchTreeLegend() {
  const commands = useCommands();
  const player = useAppState((s) => s.player);
  const mode = useAppState((s) => s.viewMode);
  const [open, setOpen] = useState(false);
  if (!player || mode !== 'tree' || player.total === 0) return null;
  const folded = player.view === 'tree' && !player.unfolded;
  const drawn = player.drawn ?? player.treeNodes;
  const chip = (
    <div className="tree-legend-chip small" data-testid="search-tree-legend-chip">
      <button type="button" className="small" aria-expanded={open} data-testid="legend-toggle" onClick={() => setOpen(!open)} title="What the colours, sizes and rings mean">
        Legend {open ? '▾' : '▸'}
      </button>
      <span className="muted" data-testid="tree-drawn">
        {folded && drawn < player.treeNodes ? `${drawn.toLocaleString()} of ${player.treeNodes.toLocaleString()} nodes drawn` : `${player.treeNodes.toLocaleString()} nodes`}
      </span>
      {player.view === 'tree' && (
        <button
          type="button"
          className="small"
          data-testid="tree-fold"
          onClick={() => setUnfolded(folded)}
          title={folded ? 'Draw every node of the tree, no bundles (u)' : 'Fold rarely visited subtrees into "+N" bundles (u)'}
        >
          {folded ? 'Unfold all' : 'Fold'}
        </button>
      )}
      <button
        type="button"
        className="small quiet"
        data-testid="tree-clear"
        onClick={() => {
          closePlayer();
          void commands.graph?.()?.showOverview();
        }}
      >
        Back to overview
      </button>
    </div>
  );
  if (!open) return chip;
  const gradient = `linear-gradient(to right, ${REWARD_STOPS.map((s) => `${s.color} ${(s.at / 10) * 100}%`).join(', ')})`;
  const mid = player.colorMax / 2;
  const sizes = [...new Set([1, Math.round(player.maxN / 4), player.maxN].filter((n) => n >= 1))];
  const scale = 0.5; // legend circles at half the graph size at zoom 1
  return (
    <>
    {chip}
    <div
      className="tree-legend"
      data-testid="search-tree-legend"
      data-styled={player.treeNodes}
      data-nodes={player.treeNodes}
      data-iterations={player.iteration}
      data-color-max={player.colorMax}
      aria-label="Search tree legend"
    >
      <div className="tree-legend-row">
        <span className="tree-legend-label" title="Rewards are cross-encoder scores x10, clamped to [0, 10]">
          Mean reward R/N
        </span>
        <span className="tree-legend-scale">
          <span className="tree-legend-gradient" style={{ background: gradient }} aria-hidden="true" />
          <span className="tree-legend-ticks small muted">
            <span>0</span>
            <span>{Number.isInteger(mid) ? mid : mid.toFixed(1)}</span>
            <span>{player.colorMax}</span>
          </span>
        </span>
      </div>
      <div className="tree-legend-row">
        <span className="tree-legend-label">Visits N</span>
        <span className="tree-legend-sizes">
          {sizes.map((n) => {
            const d = Math.round(visitSize(n, player.maxN) * scale);
            return (
              <span key={n} className="tree-legend-size small muted">
                <span className="tree-legend-dot" style={{ width: d, height: d }} aria-hidden="true" />
                {n}
              </span>
            );
          })}
        </span>
      </div>
      <div className="tree-legend-row small muted tree-legend-keys">
        <span><i className="key-ring top" /> top-10</span>
        <span><i className="key-ring promising" /> high reward, few visits</span>
        <span><i className="key-line path" /> selection path</span>
        <span><i className="key-ring expand" /> expansion / backprop</span>
        <span><i className="key-bundle">+N</i> folded nodes (click opens)</span>
      </div>
      <div className="tree-legend-row small muted">
        {player.treeNodes.toLocaleString()} tree nodes at iteration {player.iteration} of {player.iterations}
        {player.live ? ' (searching…)' : ''}
      </div>
    </div>
    </>
  );
}
