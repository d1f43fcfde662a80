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
import java from 'highlight.js/lib/languages/java';
import go from 'highlight.js/lib/languages/go';
import rust from 'highlight.js/lib/languages/rust';
import csharp from 'highlight.js/lib/languages/csharp';
import php from 'highlight.js/lib/languages/php';
import ruby from 'highlight.js/lib/languages/ruby';
import cpp from 'highlight.js/lib/languages/cpp';

hljs.registerLanguage('python', python);
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('java', java);
hljs.registerLanguage('go', go);
hljs.registerLanguage('rust', rust);
hljs.registerLanguage('csharp', csharp);
hljs.registerLanguage('php', php);
hljs.registerLanguage('ruby', ruby);
hljs.registerLanguage('cpp', cpp);

/** Our language ids that highlight.js knows under the same name. */
const SAME_NAME = new Set(['python', 'javascript', 'typescript', 'java', 'go', 'rust', 'csharp', 'php', 'ruby', 'cpp']);

/** About 20-40 ms of highlighting on a slow core. */
export const MAX_HIGHLIGHT_CHARS = 120_000;

export function hljsLanguage(language: string | null): string | null {
  if (language === 'tsx') return 'typescript';
  return language !== null && SAME_NAME.has(language) ? language : null;
}

/** Highlighted HTML, or null when the code should be shown as plain text. */
export function highlightHtml(code: string, language: string | null): string | null {
  const name = hljsLanguage(language);
  if (!name || code.length > MAX_HIGHLIGHT_CHARS) return null;
  return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
}
