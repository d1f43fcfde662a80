/**
 * @file How the graph looks: one color AND one shape per node kind, one color/width/arrow per
 * edge type (the WebGL renderer draws edges solid, so types differ by color, width and arrow),
 * per theme. SIMILAR edges are also curved (WebGL draws curves) and dashed (the canvas renderer,
 * used without WebGL2 and when zoomed in close, draws dashes). The legend reads the same tables.
 * Runs in: the main thread.
 */
import type { EdgeSingular, StylesheetJson } from 'cytoscape';
import type { EdgeType, NodeKind } from '../../core/graph/types.ts';
import type { ThemeChoice } from '../store/appStore.ts';
import { playerStylesheet } from '../player/playerStyle.ts';

type Shape = 'star' | 'round-rectangle' | 'diamond' | 'ellipse' | 'round-triangle' | 'rectangle' | 'tag';

export interface KindLook {
  shape: Shape;
  size: number;
  light: string;
  dark: string;
}

export const KIND_LOOK: Record<NodeKind, KindLook> = {
  Repo: { shape: 'star', size: 30, light: '#6b7280', dark: '#9ca3af' },
  Module: { shape: 'round-rectangle', size: 26, light: '#3563c9', dark: '#6d9bf1' },
  Class: { shape: 'diamond', size: 24, light: '#c56a12', dark: '#f0a35a' },
  Function: { shape: 'ellipse', size: 17, light: '#23865c', dark: '#4cc792' },
  Method: { shape: 'round-triangle', size: 17, light: '#0f8a8a', dark: '#3cc6c6' },
  Field: { shape: 'rectangle', size: 12, light: '#8a4fb0', dark: '#c092e0' },
  GlobalVariable: { shape: 'tag', size: 14, light: '#b23a6d', dark: '#e77aa8' },
};

export interface EdgeLook {
  light: string;
  dark: string;
  width: number;
  arrow: boolean;
  label: string;
  /** Drawn dashed and curved (SIMILAR: a semantic link, not a code relation). */
  dashed?: boolean;
}

export const EDGE_LOOK: Record<EdgeType, EdgeLook> = {
  IMPORTS: { light: '#6f8fcf', dark: '#7d9ee0', width: 1.6, arrow: true, label: 'imports' },
  CONTAINS: { light: '#c3c8d1', dark: '#4b5563', width: 1, arrow: false, label: 'contains' },
  HAS_METHOD: { light: '#94cfcf', dark: '#2f6f6f', width: 1, arrow: false, label: 'has method' },
  HAS_FIELD: { light: '#cdb2de', dark: '#5f4675', width: 1, arrow: false, label: 'has field' },
  INHERITS: { light: '#c56a12', dark: '#f0a35a', width: 2.6, arrow: true, label: 'inherits' },
  USES: { light: '#37a06f', dark: '#4cc792', width: 1.2, arrow: true, label: 'uses' },
  SIMILAR: { light: '#c2417a', dark: '#e77aa8', width: 1.6, arrow: false, label: 'similar', dashed: true },
};

export const NODE_KIND_ORDER: NodeKind[] = ['Repo', 'Module', 'Class', 'Function', 'Method', 'Field', 'GlobalVariable'];

export function graphStylesheet(theme: ThemeChoice): StylesheetJson {
  const text = theme === 'dark' ? '#d7dbe2' : '#2b3240';
  const halo = theme === 'dark' ? '#161a21' : '#fbfbfd';
  const accent = theme === 'dark' ? '#ffd166' : '#111827';
  const style: StylesheetJson = [
    {
      selector: 'node',
      style: {
        label: 'data(label)',
        'font-size': 11,
        'font-family': 'system-ui, sans-serif',
        color: text,
        'text-valign': 'bottom',
        'text-margin-y': 3,
        'text-outline-color': halo,
        'text-outline-width': 2,
        'text-max-width': '140px',
        'text-wrap': 'ellipsis',
        'min-zoomed-font-size': 7,
        'border-width': 0,
      },
    },
  ];
  for (const kind of NODE_KIND_ORDER) {
    const look = KIND_LOOK[kind];
    style.push({
      selector: `node[kind = "${kind}"]`,
      style: {
        shape: look.shape,
        width: look.size,
        height: look.size,
        'background-color': look[theme],
        ...(kind === 'Module' ? { 'font-size': 12 } : {}),
      },
    });
  }
  style.push(...packageStyle(theme));
  style.push(
    { selector: 'node.expanded', style: { 'border-width': 2, 'border-color': text, 'border-opacity': 0.5 } },
    { selector: 'node.center', style: { 'border-width': 3, 'border-color': accent } },
    { selector: 'node:selected', style: { 'border-width': 4, 'border-color': accent, 'font-weight': 'bold' } },
    { selector: 'node.dimmed', style: { opacity: 0.25 } },
    {
      selector: 'edge',
      style: { 'curve-style': 'straight', 'line-opacity': 0.85, 'arrow-scale': 0.8, 'target-arrow-shape': 'none' },
    },
  );
  for (const [type, look] of Object.entries(EDGE_LOOK)) {
    style.push({
      selector: `edge[type = "${type}"]`,
      style: {
        'line-color': look[theme],
        width: type === 'IMPORTS' ? 'mapData(weight, 1, 8, 1.2, 4)' : look.width,
        'target-arrow-shape': look.arrow ? 'triangle' : 'none',
        'target-arrow-color': look[theme],
        ...(look.dashed
          ? {
              'line-style': 'dashed',
              'line-dash-pattern': [6, 4],
              'curve-style': 'unbundled-bezier',
              'control-point-distances': [24],
              'control-point-weights': [0.5],
              'line-opacity': 0.9,
            }
          : {}),
      },
    });
  }
  style.push({ selector: 'edge:selected', style: { 'line-color': accent, 'target-arrow-color': accent, width: 3 } });
  style.push(...searchTreeStyle(theme), ...playerStylesheet(theme));
  return style;
}

/**
 * The package overview: closed packages are boxes sized by module count with their name inside,
 * open ones dashed frames titled above, groups (loose modules, name ranges) lighter; links by
 * weight, their count shown on hover and around the keyboard focus.
 */
function packageStyle(theme: ThemeChoice): StylesheetJson {
  const fill = theme === 'dark' ? '#2f3d57' : '#d6e0f3';
  const groupFill = theme === 'dark' ? '#262d3b' : '#eceff5';
  const border = theme === 'dark' ? '#6d9bf1' : '#3563c9';
  const box = theme === 'dark' ? '#1d2330' : '#f1f4fa';
  const link = theme === 'dark' ? '#8fa7d6' : '#5b77b3';
  const focus = theme === 'dark' ? '#ffd166' : '#c2410c';
  return [
    {
      selector: 'node.package',
      style: {
        shape: 'round-rectangle',
        width: 'data(w)',
        height: 'data(h)',
        'background-color': fill,
        'border-width': 1.5,
        'border-color': border,
        'font-size': 12,
        'font-weight': 'bold',
        'text-valign': 'center',
        'text-halign': 'center',
        'text-margin-y': 0,
        'text-wrap': 'wrap',
        'text-max-width': '400px',
        'line-height': 1.35,
        'text-outline-width': 0,
      },
    },
    { selector: 'node.package.group', style: { 'background-color': groupFill, 'border-style': 'dashed', 'font-weight': 'normal' } },
    {
      selector: 'node.package.open',
      style: {
        'background-color': box,
        'background-opacity': 0.6,
        'border-width': 1,
        'border-style': 'dashed',
        'border-opacity': 0.7,
        'text-valign': 'top',
        'text-halign': 'center',
        'text-margin-y': -3,
        'text-wrap': 'none',
        padding: '10px',
      },
    },
    {
      selector: 'edge.package-link',
      style: {
        width: 'data(width)',
        'line-color': link,
        'target-arrow-shape': 'triangle',
        'target-arrow-color': link,
        'line-opacity': (edge: EdgeSingular) => Number(edge.data('opacity') ?? 0.5),
        'arrow-scale': 0.7,
        'curve-style': 'bezier',
      },
    },
    {
      selector: 'edge.package-link.hover, edge.package-link.focus-link',
      style: {
        label: 'data(label)',
        'font-size': 11,
        color: theme === 'dark' ? '#d7dbe2' : '#2b3240',
        'text-background-color': theme === 'dark' ? '#161a21' : '#fbfbfd',
        'text-background-opacity': 0.9,
        'text-background-padding': '2px',
        'line-opacity': 0.9,
        'z-compound-depth': 'top',
      },
    },
    { selector: 'node.kbd-focus', style: { 'overlay-color': focus, 'overlay-opacity': 0.18, 'overlay-padding': 5, 'border-color': focus, 'border-width': 3 } },
    { selector: 'node.package.open.kbd-focus', style: { 'overlay-opacity': 0, 'border-style': 'solid', 'border-width': 2.5, 'border-opacity': 1 } },
  ];
}

/** The MCTS search-tree view: size by visits and colour by mean reward come from node data. */
function searchTreeStyle(theme: ThemeChoice): StylesheetJson {
  const text = theme === 'dark' ? '#d7dbe2' : '#2b3240';
  const treeEdge = theme === 'dark' ? '#ffd166' : '#b45309';
  return [
    {
      selector: 'node.tree-node',
      style: {
        width: 'data(treeSize)',
        height: 'data(treeSize)',
        'background-color': 'data(treeColor)',
        label: 'data(treeLabel)',
        'border-width': 1.5,
        'border-color': text,
        'border-opacity': 0.55,
      },
    },
    { selector: 'node.tree-root', style: { 'border-width': 3, 'border-opacity': 1 } },
    { selector: 'node.tree-hit', style: { 'border-width': 3, 'border-color': treeEdge, 'border-opacity': 1, 'font-weight': 'bold' } },
    { selector: 'edge.tree-faint', style: { 'line-opacity': 0.18, width: 1 } },
    {
      selector: 'edge.tree-edge',
      style: { 'line-color': treeEdge, width: 2, 'line-opacity': 0.8, 'target-arrow-shape': 'triangle', 'target-arrow-color': treeEdge, 'arrow-scale': 0.7, 'curve-style': 'straight' },
    },
    { selector: 'node.tree-node:selected', style: { 'border-width': 4, 'border-color': theme === 'dark' ? '#ffd166' : '#111827', 'border-opacity': 1 } },
  ];
}
