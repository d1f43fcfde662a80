/**
 * @file Python: grammar, extensions, extractor (parse/python/) and resolver (graph/pythonResolver.ts).
 * Runs in: everywhere. Layer src/core.
 */
import { pythonResolver } from './pythonResolver.ts';
import { extractPython } from './pythonExtractor.ts';
import type { LanguageSupport } from '../languageFacts.ts';

export const python: LanguageSupport = {
  displayName: 'Python',
  grammar: 'tree-sitter-python.wasm',
  extensions: ['py', 'pyi'],
  extract: extractPython,
  resolver: pythonResolver,
};
