/**
 * @file Cytoscape styles of the MCTS player (docs/architecture.md, "The player"), per phase in the spirit of Go analysis
 * tools: size = visits, colour = mean reward (node data set by playerView), a ring for the current
 * top-K, a dashed ring for "high reward but rarely visited", the selection path lit, the new
 * children of an expansion outlined, simulated children and backpropagated nodes marked; nodes
 * not yet in the tree at the scrubbed moment are not drawn.
 * Runs in: the main thread.
 */
import type { StylesheetJson } from 'cytoscape';
import type { ThemeChoice } from '../store/appStore.ts';

/** A "+N" bundle's box (its label sits inside it). */
export const BUNDLE_WIDTH = 40;
export const BUNDLE_HEIGHT = 22;

export function playerStylesheet(theme: ThemeChoice): StylesheetJson {
  const dark = theme === 'dark';
  const path = dark ? '#ffd166' : '#c2410c';
  const expand = dark ? '#7dd3fc' : '#0369a1';
  const top = dark ? '#f472b6' : '#be185d';
  const text = dark ? '#e5e7eb' : '#111827';
  const halo = dark ? '#111827' : '#ffffff';
  return [
    { selector: '.future', style: { display: 'none' } },
    {
      selector: 'node.player-node',
      style: {
        label: 'data(treeLabel)',
        // Labels are placed so none overlaps another (playerView.ts): large enough to read zoomed out.
        'font-size': 14,
        color: text,
        'text-outline-color': halo,
        'text-outline-width': 2,
        'text-valign': 'bottom',
        'text-margin-y': 3,
        'text-wrap': 'wrap',
        'text-max-width': '180px',
        'min-zoomed-font-size': 6,
      },
    },
    {
      selector: 'node.player-bundle',
      style: {
        shape: 'round-rectangle',
        width: BUNDLE_WIDTH,
        height: BUNDLE_HEIGHT,
        'background-color': dark ? '#374151' : '#e5e7eb',
        'border-width': 1,
        'border-style': 'dashed',
        'border-color': dark ? '#9ca3af' : '#6b7280',
        label: 'data(treeLabel)',
        'font-size': 12,
        color: text,
        'text-valign': 'center',
        'text-halign': 'center',
      },
    },
    { selector: 'edge.bundle-edge', style: { 'line-style': 'dashed', 'line-opacity': 0.35, width: 1, 'target-arrow-shape': 'none' } },
    { selector: 'edge.tree-edge.player-edge', style: { 'line-opacity': 0.45, width: 1.2, 'arrow-scale': 0.5 } },
    { selector: 'edge.tree-edge.leaf-edge', style: { 'line-opacity': 0.12, width: 0.8, 'target-arrow-shape': 'none' } },
    { selector: 'node.topk', style: { 'border-width': 3, 'border-color': top, 'border-opacity': 1, 'border-style': 'solid' } },
    { selector: 'node.promising', style: { 'border-width': 3, 'border-color': top, 'border-opacity': 0.9, 'border-style': 'dashed' } },
    { selector: 'node.exhausted', style: { opacity: 0.55 } },
    { selector: 'node.on-path', style: { 'border-width': 4, 'border-color': path, 'border-opacity': 1, 'font-weight': 'bold', 'z-index': 20 } },
    { selector: 'edge.on-path', style: { 'line-color': path, 'target-arrow-color': path, width: 4, 'line-opacity': 1, 'z-index': 20 } },
    { selector: 'node.expanding', style: { 'border-width': 3, 'border-color': expand, 'border-opacity': 1, 'border-style': 'double', 'z-index': 15 } },
    { selector: 'edge.expanding', style: { 'line-color': expand, 'target-arrow-color': expand, width: 2.5, 'line-opacity': 1 } },
    { selector: 'node.simulated', style: { 'border-width': 4, 'border-color': 'data(treeColor)', 'border-opacity': 1, 'z-index': 15 } },
    { selector: 'node.backprop', style: { 'border-width': 4, 'border-color': expand, 'border-opacity': 1, 'z-index': 18 } },
    { selector: 'edge.backprop', style: { 'line-color': expand, 'target-arrow-color': expand, width: 3, 'line-opacity': 1 } },
  ];
}
