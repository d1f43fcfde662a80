/**
 * @file The service worker's news: "an update is ready" when a new version of the app has been
 * installed (reloading into it is the user's choice), and "not available offline" when the first
 * install failed, with the reason the service worker gave (most often the browser's storage quota
 * for the site, on a full disk); the latter can be dismissed.
 * Runs in: the main thread.
 */
import { useEffect, useState } from 'react';
import { applyUpdate, onOfflineInstallFailed, onUpdateReady } from '../pwa/serviceWorker.ts';

/** The notice's words for why the app is not stored for offline use. */
function offlineFailureText(reason: string): string {
  const failed = 'Ranger Studio could not be stored for offline use';
  if (reason === 'quota') return `${failed}: the browser gave this site too little storage. Everything works while online; free some disk space, then reload to try again.`;
  return `${failed}. ${reason ? `${reason}. ` : ''}Everything works while online; reload to try again.`;
}

export function UpdateNotice() {
  const [ready, setReady] = useState(false);
  const [offlineFailed, setOfflineFailed] = useState<string | null>(null);
  useEffect(() => onUpdateReady(setReady), []);
  useEffect(() => onOfflineInstallFailed(setOfflineFailed), []);
  if (ready) {
    return (
      <div className="update-notice" role="status" data-testid="update-ready">
        A new version of Ranger Studio is ready.{' '}
        <button type="button" className="small primary" onClick={applyUpdate}>
          Reload to update
        </button>
      </div>
    );
  }
  if (offlineFailed === null) return null;
  return (
    <div className="update-notice warn" role="status" data-testid="offline-install-failed">
      {offlineFailureText(offlineFailed)}{' '}
      <button type="button" className="small" onClick={() => setOfflineFailed(null)}>
        Dismiss
      </button>
    </div>
  );
}
