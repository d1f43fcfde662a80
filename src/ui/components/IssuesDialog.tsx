/**
 * @file Paged lists read from the active database: skipped files with their reasons, and files
 * with syntax errors (each opens its module). Pages of 100 rows keep 50k entries cheap.
 * Runs in: the main thread.
 */
import { useEffect, useRef, useState } from 'react';
import { useCommands } from '../commands.ts';
import { ISSUE_PAGE as PAGE } from '../../core/reads/issueLists.ts';
import type { IssueEntry } from '../../core/reads/issueLists.ts';
import { toShownError } from '../errors/errorMessages.ts';
import { setState, useAppState } from '../store/appStore.ts';
import { ErrorNote } from './ErrorNote.tsx';

const TITLES = { skipped: 'Skipped files', syntax: 'Files with syntax errors' } as const;

export function IssuesDialog() {
  const { service, selectNode } = useCommands();
  const dialog = useAppState((s) => s.dialog);
  const kind = dialog === 'skipped' || dialog === 'syntax' ? dialog : null;
  const [offset, setOffset] = useState(0);
  const [total, setTotal] = useState(0);
  const [groups, setGroups] = useState<{ label: string; n: number }[]>([]);
  const [entries, setEntries] = useState<IssueEntry[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setOffset(0);
    closeRef.current?.focus();
  }, [kind]);

  useEffect(() => {
    if (!kind) return;
    let live = true;
    service.readIssuePage(kind, offset)
      .then((page) => {
        if (!live) return;
        setTotal(page.total);
        setGroups(page.groups);
        setEntries(page.entries);
        setFailure(null);
      })
      .catch((error: unknown) => live && setFailure(toShownError(error).detail ?? 'Could not read the list.'));
    return () => {
      live = false;
    };
  }, [kind, offset, service]);

  if (!kind) return null;
  const close = () => setState({ dialog: null });
  const openModule = async (path: string) => {
    const id = await service.readModuleIdForPath(path);
    if (id !== null) {
      close();
      selectNode(id);
    }
  };
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div className="dialog wide" role="dialog" aria-modal="true" aria-label={TITLES[kind]} data-testid={`${kind}-dialog`}>
        <header className="dialog-head">
          <h2>
            {TITLES[kind]} <span className="muted">({total.toLocaleString()})</span>
          </h2>
          <button ref={closeRef} type="button" className="icon-button" onClick={close} aria-label="Close">
            ✕
          </button>
        </header>
        {groups.length > 0 && (
          <p className="chips">
            {groups.map((g) => (
              <span key={g.label} className="chip">
                {g.label} {g.n.toLocaleString()}
              </span>
            ))}
          </p>
        )}
        {failure && <ErrorNote onDismiss={() => setFailure(null)}>{failure}</ErrorNote>}
        <table className="data-table">
          <thead>
            <tr>
              <th>Path</th>
              <th>{kind === 'skipped' ? 'Reason' : 'Issues'}</th>
              <th>Detail</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.path}>
                <td className="mono">
                  {kind === 'syntax' ? (
                    <button type="button" className="link-button" onClick={() => void openModule(entry.path)}>
                      {entry.path}
                    </button>
                  ) : (
                    entry.path
                  )}
                </td>
                <td>{entry.reason}</td>
                <td className="muted">{entry.detail ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <footer className="pager">
          <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            ← Previous
          </button>
          <span className="muted">
            {total === 0 ? 0 : offset + 1}–{Math.min(total, offset + PAGE)} of {total.toLocaleString()}
          </span>
          <button type="button" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
            Next →
          </button>
        </footer>
      </div>
    </div>
  );
}
