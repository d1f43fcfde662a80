/**
 * @file Source code with line numbers (from the node's first line) and hljs highlighting.
 * Only hljs output is set as HTML; line numbers and notes are React text.
 * Runs in: the main thread.
 */
import { useMemo } from 'react';
import { MAX_HIGHLIGHT_CHARS, highlightHtml } from './highlight.ts';

/** Lines rendered at most; the rest is announced. */
const MAX_LINES = 4000;

export function CodeView({ code, language, firstLine }: { code: string; language: string | null; firstLine: number }) {
  const { text, cut, lineCount } = useMemo(() => {
    const lines = code.split('\n');
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    const shown = lines.slice(0, MAX_LINES);
    return { text: shown.join('\n'), cut: lines.length - shown.length, lineCount: shown.length };
  }, [code]);
  const html = useMemo(() => highlightHtml(text, language), [text, language]);
  const gutter = useMemo(
    () => Array.from({ length: lineCount }, (_, i) => String(firstLine + i)).join('\n'),
    [lineCount, firstLine],
  );
  return (
    <div className="code-view" data-testid="code-view">
      {html === null && text.length > MAX_HIGHLIGHT_CHARS && <p className="note">Too large to highlight; shown as plain text.</p>}
      <div className="code-scroll">
        <pre className="code-gutter" aria-hidden="true">{gutter}</pre>
        {html !== null ? (
          <pre className="code-text hljs" data-highlighted="true">
            <code dangerouslySetInnerHTML={{ __html: html }} />
          </pre>
        ) : (
          <pre className="code-text">
            <code>{text}</code>
          </pre>
        )}
      </div>
      {cut > 0 && <p className="note">{cut.toLocaleString()} more lines not shown.</p>}
    </div>
  );
}
