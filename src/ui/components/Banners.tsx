/**
 * @file The one error banner (messages come from errors/errorMessages.ts; its ✕ or Esc dismisses
 * it, and the next action of the same kind that succeeds clears it) and the plain banner a second
 * tab gets when another tab holds the storage lock.
 * Runs in: the main thread.
 */
import { setState, useAppState } from '../store/appStore.ts';

export function ErrorBanner() {
  const error = useAppState((s) => s.error);
  if (!error) return null;
  return (
    <div className="banner error" role="alert" data-testid="error-banner" data-code={error.code}>
      <span className="banner-icon" aria-hidden="true">!</span>
      {/* Scripts find a failed index by this test id: on the visible text, so screen readers read it once. */}
      <div className="banner-text" data-testid={error.source === 'index' ? 'index-error' : undefined}>
        <strong>{error.message}</strong>
        {error.detail && <span className="banner-detail">{error.detail}</span>}
      </div>
      <button type="button" className="icon-button" data-testid="dismiss-error" aria-label="Dismiss error" title="Dismiss (Esc)" onClick={() => setState({ error: null })}>
        ✕
      </button>
    </div>
  );
}

export function StorageBanner() {
  const storage = useAppState((s) => s.storage);
  const persistent = useAppState((s) => s.persistent);
  if (storage === 'locked') {
    return (
      <div className="banner locked" role="status" data-testid="storage-locked">
        <span className="banner-icon" aria-hidden="true">!</span>
        <div className="banner-text">
          <strong>Ranger Studio is already open in another tab.</strong>
          <span className="banner-detail">That tab holds the graph database. Close it, then reload this tab.</span>
        </div>
      </div>
    );
  }
  if (storage === 'ready' && !persistent) {
    return (
      <div className="banner note" role="status" data-testid="storage-transient">
        <span className="banner-text">Storage is not persistent here: graphs last until this tab closes.</span>
      </div>
    );
  }
  return null;
}
