/**
 * @file JavaScript, TypeScript and TSX: one extractor (typescriptExtractor.ts), told which of the
 * three it reads, and one resolver (tsResolver.ts, specifiers.ts).
 * Runs in: everywhere. Layer src/core.
 */
import type { LanguageImplementation } from '../languageImplementation.ts';
import { extractTypeScript } from './typescriptExtractor.ts';
import { tsResolver } from './tsResolver.ts';

function implementation(language: 'javascript' | 'typescript' | 'tsx'): LanguageImplementation {
  return {
    extractor: { extract: (tree, file) => extractTypeScript(tree, { path: file.path, text: file.text, language }) },
    resolver: tsResolver,
  };
}

export const javascriptImplementation = implementation('javascript');
export const typescriptImplementation = implementation('typescript');
export const tsxImplementation = implementation('tsx');
