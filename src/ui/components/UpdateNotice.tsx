/**
 * @file "An update is ready" notice: shown when a new version of the app has been installed by
 * the service worker; reloading into it is the user's choice.
 * Runs in: the main thread.
 */
import { useEffect, useState } from 'react';
import { applyUpdate, onUpdateReady } from '../pwa/serviceWorker.ts';

export function UpdateNotice() {
  const [ready, setReady] = useState(false);
  useEffect(() => onUpdateReady(setReady), []);
  if (!ready) return null;
  return (
    <div className="update-notice" role="status" data-testid="update-ready">
      A new version of Ranger Studio is ready.{' '}
      <button type="button" className="small primary" onClick={applyUpdate}>
        Reload to update
      </button>
    </div>
  );
}
