/**
 * @file Progress reports of the indexing pipeline, one per phase step, with real counts. At the
 * root of src/core: the store reports its steps in them too, and sits below the pipeline.
 * Runs in: everywhere. Layer src/core.
 */
export type Phase = 'read' | 'parse' | 'stitch' | 'store';

export interface Progress {
  phase: Phase;
  /** Units done and total in this phase (entries, files, nodes, rows). total 0 = unknown. */
  done: number;
  total: number;
  /** Short human text: 'base.py', 'resolving imports', 'edges'. */
  detail?: string;
}

export type ProgressListener = (progress: Progress) => void;
