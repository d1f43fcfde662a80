/**
 * @file Types for highlight.js per-language modules (the package ships none for them).
 */
declare module 'highlight.js/lib/languages/*' {
  import type { LanguageFn } from 'highlight.js';
  const language: LanguageFn;
  export default language;
}
