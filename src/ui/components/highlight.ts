/**
 * @file Syntax highlighting with highlight.js core and only the languages we index. Its HTML
 * output is the one string the app ever renders as HTML: hljs escapes the source text itself.
 * Large code is not highlighted (it would block the main thread); it is shown as plain text.
 * Runs in: the main thread.
 */
import hljs from 'highlight.js/lib/core';
import python from 'highlight.js/lib/languages/python';
import typescript from 'highlight.js/lib/languages/typescript';
import javascript from 'highlight.js/lib/languages/javascript';

hljs.registerLanguage('python', python);
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('javascript', javascript);

/** About 20-40 ms of highlighting on a slow core. */
export const MAX_HIGHLIGHT_CHARS = 120_000;

export function hljsLanguage(language: string | null): string | null {
  if (language === 'python') return 'python';
  if (language === 'typescript' || language === 'tsx') return 'typescript';
  if (language === 'javascript') return 'javascript';
  return null;
}

/** Highlighted HTML, or null when the code should be shown as plain text. */
export function highlightHtml(code: string, language: string | null): string | null {
  const name = hljsLanguage(language);
  if (!name || code.length > MAX_HIGHLIGHT_CHARS) return null;
  return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
}
