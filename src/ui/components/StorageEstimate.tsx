/**
 * @file The browser's storage estimate for this site (used / quota) in the repos menu, whether
 * the storage is persistent, and a clear message when little room is left.
 * Runs in: the main thread.
 */
import { useEffect, useState } from 'react';

/** Less free room than this (or 90% used) gets the warning. */
const LOW_FREE_BYTES = 500 * 1024 * 1024;

interface Estimate {
  usage: number;
  quota: number;
  persisted: boolean;
}

function size(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(0)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

export function StorageEstimate() {
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  useEffect(() => {
    let live = true;
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.estimate) return;
    void Promise.all([storage.estimate(), storage.persisted?.() ?? Promise.resolve(false)]).then(([e, persisted]) => {
      if (live) setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0, persisted });
    });
    return () => {
      live = false;
    };
  }, []);
  if (!estimate || estimate.quota === 0) return null;
  const free = estimate.quota - estimate.usage;
  const low = free < LOW_FREE_BYTES || estimate.usage / estimate.quota > 0.9;
  return (
    <div className={`storage-estimate small${low ? ' warn' : ' muted'}`} data-testid="storage-estimate">
      Storage: {size(estimate.usage)} used of {size(estimate.quota)}
      {estimate.persisted ? ' · persistent' : ' · may be cleared by the browser when space runs short'}
      {low && (
        <div role="status">
          Only {size(Math.max(free, 0))} left: a large repository may not fit. Delete stored graphs you no longer need, or export them as bundles first.
        </div>
      )}
    </div>
  );
}
