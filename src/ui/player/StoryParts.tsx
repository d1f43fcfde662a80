/**
 * @file A story's parts (core mctsStory.ts) as text with clickable node names: a name selects
 * that node in the tree and the code graph.
 * Runs in: the main thread.
 */
import { Fragment } from 'react';
import type { StoryPart } from '../../core/search/mctsStory.ts';

export function StoryParts({ parts, onNode }: { parts: readonly StoryPart[]; onNode: (id: number) => void }) {
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <button key={i} type="button" className="story-node mono" data-node={part.node} title="Select this node in the tree and the code graph" onClick={() => onNode(part.node)}>
            {part.text}
          </button>
        ),
      )}
    </>
  );
}

