/**
 * @file Models panel tools: "Load models" (downloads what is needed, status streams into the
 * rows), "Check devices" (WASM vs WebGPU: largest difference and time each), the browser cache
 * of model files with "Clear cache", and the hub host (advanced: a mirror or a local server).
 * Load and Check asked for while the embedding after an index runs wait for it.
 * Runs in: the main thread.
 */
import { useEffect, useState } from 'react';
import { isBuiltin, isShipped } from '../../core/models/modelSpec.ts';
import type { DeviceCheck, SemanticStatus } from '../../core/semantic/semanticService.ts';
import { useCommands } from '../commands.ts';
import { formatBytes } from '../data/semanticFormat.ts';
import { applyHubHost, checkDevices, clearModelCache, loadModels } from '../semanticSession.ts';
import { useAppState } from '../store/appStore.ts';

export function ModelTools({ status }: { status: SemanticStatus }) {
  const { service } = useCommands();
  const task = useAppState((s) => s.semanticTask);
  const indexing = useAppState((s) => s.indexing !== null);
  const waiting = useAppState((s) => s.semanticWaiting);
  const [checks, setChecks] = useState<DeviceCheck[] | null>(null);
  const [host, setHost] = useState(status.hubHost);
  useEffect(() => setHost(status.hubHost), [status.hubHost]);
  const busy = task !== null || indexing;
  // Load and Check may be asked for during the embedding after an index: they wait for it.
  const taskBusy = (task !== null && !task.auto) || indexing;
  const waitTitle = task?.auto ? 'Starts when the embedding after indexing ends (Esc cancels that one)' : undefined;
  // Built-ins and the shipped neural embedder come with the app: nothing to download.
  const allBuiltin = [status.embedder, status.reranker, status.llm].every((m) => isBuiltin(m.spec) || isShipped(m.spec));

  return (
    <section className="models-section" aria-label="Load and check">
      <div className="tool-line">
        <button
          type="button"
          className={allBuiltin ? undefined : 'primary'}
          disabled={taskBusy || waiting.includes('load')}
          title={waitTitle}
          data-testid="load-models"
          onClick={() => void loadModels(service)}
        >
          {waiting.includes('load') ? 'Waits…' : task?.kind === 'load' ? 'Loading…' : 'Load models'}
        </button>
        <button
          type="button"
          disabled={taskBusy || waiting.includes('check')}
          data-testid="check-devices"
          title={waitTitle ?? (status.webgpu ? 'Run the embedder and reranker on WASM and on WebGPU and compare' : 'No WebGPU adapter was found: the check will say so')}
          onClick={() => void checkDevices(service).then((result) => result && setChecks(result))}
        >
          {waiting.includes('check') ? 'Waits…' : task?.kind === 'check' ? 'Checking…' : 'Check devices'}
        </button>
        <span className="muted small">{status.webgpu ? 'WebGPU available' : 'no WebGPU: models run on WASM'}</span>
      </div>
      {allBuiltin && <p className="note">The built-ins (the shipped neural embedder included) need no download: "Load models" only matters for hub, folder and web-llm models.</p>}
      {checks && (
        <table className="data-table device-check" data-testid="device-check-result">
          <thead>
            <tr>
              <th>Model</th>
              <th>max |WASM − WebGPU|</th>
              <th>WASM</th>
              <th>WebGPU</th>
            </tr>
          </thead>
          <tbody>
            {checks.map((c) => (
              <tr key={c.role} data-role={c.role} data-max-abs-diff={c.maxAbsDiff}>
                <td>{c.role}</td>
                <td className="mono">{c.maxAbsDiff.toExponential(2)}</td>
                <td className="mono">{c.wasmMs.toFixed(0)} ms</td>
                <td className="mono">{c.webgpuMs.toFixed(0)} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="tool-line">
        <span>
          Model cache{' '}
          <strong className="mono" data-testid="cache-bytes" data-bytes={status.cacheBytes}>
            {formatBytes(status.cacheBytes)}
          </strong>
        </span>
        <button type="button" className="small" disabled={busy || status.cacheBytes === 0} data-testid="clear-cache" onClick={() => void clearModelCache(service)}>
          Clear cache
        </button>
      </div>
      <details className="advanced">
        <summary>Advanced: hub host</summary>
        <form
          className="hub-form"
          onSubmit={(e) => {
            e.preventDefault();
            void applyHubHost(service, host.trim() === '' ? null : host.trim());
          }}
        >
          <input type="url" value={host} aria-label="Hub host" data-testid="hub-host" spellCheck={false} onChange={(e) => setHost(e.target.value)} />
          <button type="submit" className="small" disabled={busy}>
            Apply
          </button>
          <button type="button" className="small" disabled={busy} onClick={() => void applyHubHost(service, null)}>
            Default
          </button>
        </form>
        <p className="note">Hub ids download from here (a mirror, or a local server laid out like the hub).</p>
      </details>
    </section>
  );
}
