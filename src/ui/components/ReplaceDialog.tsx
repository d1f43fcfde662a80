/**
 * @file Asked before an index replaces a stored repo that is not the open one: "Replace" re-indexes
 * and replaces it, "Keep both" adds the new one under a unique name ("black (2)").
 * Runs in: the main thread.
 */
import { answerReplace } from '../session.ts';
import { useAppState } from '../store/appStore.ts';

export function ReplaceDialog() {
  const ask = useAppState((s) => s.replaceAsk);
  if (!ask) return null;
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-label="Replace a stored repository?" data-testid="replace-dialog">
        <header className="dialog-head">
          <h2>Replace “{ask.name}”?</h2>
        </header>
        <p>
          A repository named <strong>{ask.name}</strong> is already stored. Replace it with this index, or keep it and add this
          one as <strong>{ask.newName}</strong>?
        </p>
        <footer className="dialog-actions" style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <button type="button" data-testid="replace-keep" autoFocus onClick={() => answerReplace(false)}>
            Keep both
          </button>
          <button type="button" className="danger" data-testid="replace-confirm" onClick={() => answerReplace(true)}>
            Replace {ask.name}
          </button>
        </footer>
      </div>
    </div>
  );
}
