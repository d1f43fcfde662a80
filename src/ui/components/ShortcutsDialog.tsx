/**
 * @file The `?` dialog: every registered action with its keys, plus the in-list shortcuts.
 * Runs in: the main thread.
 */
import { ACTIONS, LOCAL_SHORTCUTS } from '../actions/actions.ts';
import { useFocusOnOpen } from '../hooks/useFocusOnOpen.ts';
import { setState, useAppState } from '../store/appStore.ts';

export function ShortcutsDialog() {
  const open = useAppState((s) => s.dialog === 'shortcuts');
  const closeRef = useFocusOnOpen<HTMLButtonElement>(open);
  if (!open) return null;
  const close = () => setState({ dialog: null });
  const rows = [...ACTIONS.map((a) => ({ keys: a.keys, label: a.label })), ...LOCAL_SHORTCUTS];
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-label="Keyboard shortcuts" data-testid="shortcuts-dialog">
        <header className="dialog-head">
          <h2>Keyboard shortcuts</h2>
          <button ref={closeRef} type="button" className="icon-button" onClick={close} aria-label="Close">
            ✕
          </button>
        </header>
        <table className="shortcuts">
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <td className="keys">
                  {row.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 && ' '}
                      <kbd>{k}</kbd>
                    </span>
                  ))}
                </td>
                <td>{row.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
