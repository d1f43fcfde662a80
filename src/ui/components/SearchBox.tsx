/**
 * @file Search by name: debounced SQL over nodes, results with kind badges, arrows to move,
 * Enter to select (the node is drawn or its ego view opens), Esc to close. `/` focuses it.
 * Runs in: the main thread.
 */
import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useCommands } from '../commands.ts';
import type { SearchHit } from '../../core/reads/graphSlices.ts';
import { toShownError } from '../errors/errorMessages.ts';
import { useAppState } from '../store/appStore.ts';
import { KindBadge } from './KindBadge.tsx';

export const SearchBox = forwardRef<HTMLInputElement>(function SearchBox(_props, ref) {
  const { service, selectNode } = useCommands();
  const active = useAppState((s) => s.activeRepoId !== null && s.storage === 'ready');
  const graphVersion = useAppState((s) => s.graphVersion);
  const [text, setText] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  /** The query `hits` answer: Enter on text typed since then searches that text first. */
  const [hitsQuery, setHitsQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const listId = useId();
  /** The close scheduled by a blur (it lets a click on a hit land first); focus cancels it. */
  const closing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelClose = () => {
    if (closing.current !== null) clearTimeout(closing.current);
    closing.current = null;
  };
  useEffect(() => cancelClose, []);

  useEffect(() => {
    const query = text.trim();
    if (!query || !active) {
      setHits([]);
      setMessage(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      service.searchNodeNames(query)
        .then((found) => {
          if (!live) return;
          setHits(found);
          setHitsQuery(query);
          setCursor(0);
          setMessage(found.length === 0 ? 'No node has that name.' : null);
        })
        .catch((error: unknown) => live && setMessage(toShownError(error).message));
    }, 120);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, service, active, graphVersion]);

  const choose = (hit: SearchHit | undefined) => {
    if (!hit) return;
    selectNode(hit.id);
    setOpen(false);
    // Hand the keyboard back to the app: Enter now expands, e opens the ego view.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setCursor((c) => Math.min(hits.length - 1, c + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setCursor((c) => Math.max(0, c - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const query = text.trim();
      if (!query || query === hitsQuery) choose(hits[cursor]);
      // The list still shows an earlier prefix's hits: Enter means the best hit of what was typed.
      else service.searchNodeNames(query).then((found) => choose(found[0]), (error: unknown) => setMessage(toShownError(error).message));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open && text) setOpen(false);
      else {
        setText('');
        event.currentTarget.blur();
      }
    }
  };

  const showList = open && text.trim() !== '' && (hits.length > 0 || message !== null);
  return (
    <div className="search" role="search">
      <input
        ref={ref}
        type="search"
        className="search-input"
        data-testid="search-input"
        placeholder={active ? 'Search nodes  ( / )' : 'Search (index a repo first)'}
        disabled={!active}
        value={text}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && hits[cursor] ? `${listId}-${cursor}` : undefined}
        aria-autocomplete="list"
        onChange={(e) => {
          cancelClose();
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          // Typing right after choosing a hit must not be closed by that hit's blur.
          cancelClose();
          setOpen(true);
        }}
        onBlur={() => {
          cancelClose();
          closing.current = setTimeout(() => setOpen(false), 150);
        }}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <ul className="search-results" id={listId} role="listbox" data-testid="search-results">
          {message && <li className="muted search-message">{message}</li>}
          {hits.map((hit, i) => (
            <li
              key={hit.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === cursor}
              className={i === cursor ? 'current' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(hit);
              }}
              onMouseEnter={() => setCursor(i)}
            >
              <KindBadge kind={hit.kind} />
              <span className="hit-name">{hit.shortName}</span>
              <span className="hit-where muted">
                {hit.displayName !== hit.shortName ? hit.displayName : ''}
                {hit.filePath ? `  ${hit.filePath}:${hit.startLine}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
