/**
 * @file One model role in the models panel: label and id, source ("built-in, offline" for the
 * built-ins, "built-in neural, offline" for the shipped embedder, with its lexical stand-in when it
 * cannot load), dtype, the device it actually runs on, its state, per-file download bars with
 * bytes, and the error of a failed load (the other roles keep working).
 * Runs in: the main thread.
 */
import { useState } from 'react';
import type { ModelStatus } from '../../core/semantic/semanticService.ts';
import { isShipped } from '../../core/models/modelSpec.ts';
import { deviceLabel, fileBytes, percent, ROLE_LABEL, sourceLabel } from '../data/semanticFormat.ts';
import { ErrorNote } from './ErrorNote.tsx';

export function ModelRow({ status }: { status: ModelStatus }) {
  const { spec, state, device, files, error } = status;
  const builtin = spec.source.kind === 'builtin';
  const shipped = isShipped(spec);
  const dtype = 'dtype' in spec && !builtin ? spec.dtype : null;
  // The ✕ hides this load error; a new one (another try that failed) shows again.
  const [dismissed, setDismissed] = useState<string | null>(null);
  return (
    <li className={`model-row state-${state}`} data-testid={`model-row-${status.role}`} data-state={state} data-device={device ?? ''} data-model-id={spec.id}>
      <div className="model-row-head">
        <span className="model-role">{ROLE_LABEL[status.role]}</span>
        <span className="model-label" title={spec.id}>
          {spec.label}
        </span>
        <span className={`model-state ${state}`} data-testid={`model-state-${status.role}`}>
          {state}
        </span>
      </div>
      <div className="model-facts">
        {builtin || shipped ? <span className="chip builtin-chip">{sourceLabel(spec)}</span> : <span className="chip">{sourceLabel(spec)}</span>}
        {!builtin && !shipped && <span className="mono muted model-id">{spec.id}</span>}
        {dtype && <span className="chip">{dtype}</span>}
        <span className="chip" title="Where it runs">
          {deviceLabel(device)}
        </span>
      </div>
      {files.length > 0 && (
        <ul className="file-progress">
          {files.map((file) => {
            const pct = file.done ? 100 : percent(file.loaded, file.total);
            return (
              <li key={file.file} data-file={file.file} data-done={file.done}>
                <span className="mono file-name" title={file.file}>
                  {file.file}
                </span>
                <span className="bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={`${file.file} download`}>
                  <span className="bar-fill" style={{ width: `${pct}%` }} />
                </span>
                <span className="mono small file-bytes">{fileBytes(file)}</span>
              </li>
            );
          })}
        </ul>
      )}
      {status.fallback && (
        <p className="note small model-fallback" data-testid={`model-fallback-${status.role}`}>
          {status.fallback}
        </p>
      )}
      {error && error.message !== dismissed && (
        <ErrorNote small className="model-error" testId={`model-error-${status.role}`} onDismiss={() => setDismissed(error.message)}>
          {error.message}
        </ErrorNote>
      )}
    </li>
  );
}
