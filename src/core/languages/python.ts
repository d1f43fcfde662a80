/**
 * @file Python: grammar, extensions, extractor (parse/python/) and resolver (graph/pythonResolver.ts).
 * Runs in: everywhere. Layer src/core.
 */
import { pythonResolver } from '../graph/pythonResolver.ts';
import { extractPython } from '../parse/python/pythonExtractor.ts';
import type { LanguageSupport } from './languageSupport.ts';

export const python: LanguageSupport = {
  displayName: 'Python',
  grammar: 'tree-sitter-python.wasm',
  extensions: ['py', 'pyi'],
  extract: extractPython,
  resolver: pythonResolver,
};
