/**
 * @file The start screen: a drop zone for a .zip or a folder (drop anywhere on the window also
 * works), buttons that open the file pickers, and "Try the demo".
 * Runs in: the main thread.
 */
import { useAppState } from '../store/appStore.ts';

export function StartScreen({ onPickZip, onPickFolder, onDemo }: { onPickZip: () => void; onPickFolder: () => void; onDemo: () => void }) {
  const busy = useAppState((s) => s.indexing !== null || s.storage === 'opening');
  const locked = useAppState((s) => s.storage === 'locked');
  const opening = useAppState((s) => s.storage === 'opening');
  return (
    <section className="start-screen" data-testid="start-screen">
      <div className="drop-zone" data-testid="drop-zone">
        <div className="drop-icon" aria-hidden="true">⇪</div>
        <h1>Drop a repository here</h1>
        <p className="muted">
          A <strong>.zip</strong> or a <strong>folder</strong> of Python, JavaScript, TypeScript, Java, Go, Rust or C#. Everything stays in this browser:
          nothing is uploaded.
        </p>
        <div className="start-actions">
          <button type="button" className="primary" onClick={onPickZip} disabled={busy || locked}>
            Choose a zip…
          </button>
          <button type="button" onClick={onPickFolder} disabled={busy || locked}>
            Choose a folder…
          </button>
          <button type="button" data-testid="demo-button" onClick={onDemo} disabled={busy || locked}>
            Try the demo
          </button>
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
