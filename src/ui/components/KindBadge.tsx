/**
 * @file A node kind as a small badge: the kind's color and shape glyph plus its name, so kind
 * is readable without color.
 * Runs in: the main thread.
 */
import type { NodeKind } from '../../core/graph/types.ts';

const GLYPH: Record<NodeKind, string> = {
  Repo: '★',
  Module: '▭',
  Class: '◆',
  Function: '●',
  Method: '▲',
  Field: '■',
  GlobalVariable: '⬟',
};

const SHORT: Record<NodeKind, string> = {
  Repo: 'repo',
  Module: 'module',
  Class: 'class',
  Function: 'function',
  Method: 'method',
  Field: 'field',
  GlobalVariable: 'global',
};

export function KindBadge({ kind }: { kind: NodeKind }) {
  return (
    <span className={`kind-badge kind-${kind}`} title={kind}>
      <span className="kind-glyph" aria-hidden="true">
        {GLYPH[kind] ?? '•'}
      </span>
      {SHORT[kind] ?? kind}
    </span>
  );
}
