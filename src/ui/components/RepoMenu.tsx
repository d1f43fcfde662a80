/**
 * @file The repos menu: stored repositories (name, size, date), switch with a click or Enter,
 * delete with an inline confirmation, arrows to move; export / import a bundle; the storage
 * estimate. Closes on Esc or a click outside.
 * Runs in: the main thread.
 */
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useCommands } from '../commands.ts';
import { deleteRepo, exportActiveBundle, runIndex, switchRepo } from '../session.ts';
import { StorageEstimate } from './StorageEstimate.tsx';
import { useAppState } from '../store/appStore.ts';

export function RepoMenu({ onNew }: { onNew: () => void }) {
  const { service } = useCommands();
  const repos = useAppState((s) => s.repos);
  const activeId = useAppState((s) => s.activeRepoId);
  const busy = useAppState((s) => s.indexing !== null);
  const ready = useAppState((s) => s.storage === 'ready');
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const bundleInput = useRef<HTMLInputElement>(null);
  const active = repos.find((r) => r.id === activeId);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    rootRef.current?.querySelector<HTMLElement>('.repo-item button')?.focus();
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setConfirming(null);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(rootRef.current?.querySelectorAll<HTMLElement>('.repo-menu-list button.repo-switch') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = items[(index + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length];
    next?.focus();
  };

  return (
    <div className="repo-menu" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="repo-menu-button"
        data-testid="repo-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={!ready}
        onClick={() => setOpen(!open)}
      >
        <span className="muted">Repo:</span> {active ? active.name : 'none'} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="repo-menu-panel" role="menu" data-testid="repo-menu">
          <ul className="repo-menu-list">
            {repos.length === 0 && <li className="muted repo-empty">No stored repositories yet.</li>}
            {repos.map((repo) => (
              <li key={repo.id} className={`repo-item${repo.id === activeId ? ' active' : ''}`} data-repo-id={repo.id}>
                <button
                  type="button"
                  className="repo-switch"
                  role="menuitemradio"
                  aria-checked={repo.id === activeId}
                  disabled={busy}
                  onClick={() => {
                    setOpen(false);
                    void switchRepo(service, repo.id);
                  }}
                >
                  <span className="repo-item-name">{repo.name}</span>
                  <span className="muted small">
                    {repo.files.toLocaleString()} files · {repo.nodes.toLocaleString()} nodes · {formatDate(repo.indexedAt)}
                  </span>
                </button>
                {confirming === repo.id ? (
                  <span className="confirm">
                    Delete?{' '}
                    <button
                      type="button"
                      className="danger small"
                      data-testid="confirm-delete"
                      onClick={() => {
                        setConfirming(null);
                        void deleteRepo(service, repo.id);
                      }}
                    >
                      Delete
                    </button>{' '}
                    <button type="button" className="small" onClick={() => setConfirming(null)}>
                      Keep
                    </button>
                  </span>
                ) : (
                  <button
                    type="button"
                    className="small quiet"
                    aria-label={`Delete ${repo.name}`}
                    title="Delete this stored graph"
                    data-testid="delete-repo"
                    disabled={busy}
                    onClick={() => setConfirming(repo.id)}
                  >
                    Delete
                  </button>
                )}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="repo-new"
            onClick={() => {
              setOpen(false);
              onNew();
            }}
          >
            + Index another repository…
          </button>
          <div className="repo-bundle-actions">
            <button
              type="button"
              className="small"
              data-testid="export-bundle"
              disabled={!active || busy}
              title="Download the active graph as one file: graph, sources, descriptions, embeddings, saved runs"
              onClick={() => {
                setOpen(false);
                void exportActiveBundle(service);
              }}
            >
              Export bundle
            </button>
            <button
              type="button"
              className="small"
              data-testid="import-bundle"
              disabled={busy}
              title="Open a bundle exported from Ranger Studio (a new repo; nothing else changes)"
              onClick={() => bundleInput.current?.click()}
            >
              Import bundle…
            </button>
            <input
              ref={bundleInput}
              type="file"
              accept=".zip,application/zip"
              hidden
              data-testid="import-bundle-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                setOpen(false);
                const input = file.arrayBuffer().then((buffer) => ({ kind: 'zip' as const, name: file.name, data: new Uint8Array(buffer) }));
                void runIndex(service, input, file.name);
              }}
            />
          </div>
          <StorageEstimate />
        </div>
      )}
    </div>
  );
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
