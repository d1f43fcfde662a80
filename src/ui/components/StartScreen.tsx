/**
 * @file The start screen: a drop zone for a .zip or a folder (drop anywhere on the window also
 * works), buttons that open the file pickers, "Try the demo" (imports the prepared demo bundle:
 * described, embedded, a saved search), "Index the demo" (indexes its sources), whether to
 * leave tests and fixtures out of the graph, and whether to embed for search after the index
 * (the models panel's setting, shown here too since it applies to the next index).
 * Runs in: the main thread.
 */
import { setState, useAppState } from '../store/appStore.ts';
import { LANGUAGES_READ } from '../errors/errorMessages.ts';
import { AutoEmbedToggle } from './AutoEmbedSetting.tsx';

export function StartScreen({
  onPickZip,
  onPickFolder,
  onDemo,
  onDemoBundle,
}: {
  onPickZip: () => void;
  onPickFolder: () => void;
  onDemo: () => void;
  /** Opens the prepared demo bundle (described, embedded, a saved search to replay). */
  onDemoBundle?: () => void;
}) {
  const busy = useAppState((s) => s.indexing !== null || s.storage === 'opening');
  const locked = useAppState((s) => s.storage === 'locked');
  const opening = useAppState((s) => s.storage === 'opening');
  const skipTests = useAppState((s) => s.skipTests);
  return (
    <section className="start-screen" data-testid="start-screen">
      <div className="drop-zone" data-testid="drop-zone">
        <div className="drop-icon" aria-hidden="true">⇪</div>
        <h1>Drop a repository here</h1>
        <p className="muted">
          A <strong>.zip</strong> or a <strong>folder</strong> of {LANGUAGES_READ}. Everything stays in this browser:
          nothing is uploaded.
        </p>
        <div className="start-actions">
          <button type="button" className="primary" onClick={onPickZip} disabled={busy || locked}>
            Choose a zip…
          </button>
          <button type="button" onClick={onPickFolder} disabled={busy || locked}>
            Choose a folder…
          </button>
          {onDemoBundle && (
            <button
              type="button"
              data-testid="demo-bundle-button"
              title="The demo repository already indexed, described and embedded, with a saved search to replay: opens instantly"
              onClick={onDemoBundle}
              disabled={busy || locked}
            >
              Try the demo
            </button>
          )}
          <button
            type="button"
            data-testid="demo-button"
            title="Index the demo repository's sources here, as with a dropped zip"
            onClick={onDemo}
            disabled={busy || locked}
          >
            {onDemoBundle ? 'Index the demo' : 'Try the demo'}
          </button>
        </div>
        <div className="start-options">
          <label className="start-option" title="Files under test / tests / fixtures folders, test_*.py, *_test.go, *.test.ts and the like: listed as skipped, not parsed">
            <input type="checkbox" checked={skipTests} data-testid="skip-tests" onChange={(e) => setState({ skipTests: e.target.checked })} />
            Leave tests and fixtures out
          </label>
          <AutoEmbedToggle className="start-option" testId="start-auto-embed" />
        </div>
        <p className="muted small" aria-live="polite">
          {opening ? 'Opening the local graph storage…' : locked ? 'Storage is held by another tab.' : (
            <>
              Press <kbd>?</kbd> for keyboard shortcuts.
            </>
          )}
        </p>
      </div>
    </section>
  );
}
