/**
 * @file Python: extractor (pythonExtractor.ts) and resolver (pythonResolver.ts).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageImplementation } from '../languageImplementation.ts';
import { extractPython } from './pythonExtractor.ts';
import { pythonResolver } from './pythonResolver.ts';

export const pythonImplementation: LanguageImplementation = {
  extractor: { extract: extractPython },
  resolver: pythonResolver,
};
