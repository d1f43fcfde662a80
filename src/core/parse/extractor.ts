/**
 * @file The contract between the parse and a language: its extractor (tree-sitter tree -> FileIR)
 * and, where the grammar cannot read the source as is, the text it is given instead. The
 * languages implement it in their own folders (languages/<lang>/); parseSourceFile is handed them
 * (ExtractorFor) and never imports them (docs/architecture.md).
 * Runs in: parse workers (browser and Node threads). Layer src/core.
 */
import type { Tree } from 'web-tree-sitter';
import type { Language } from '../ingest/types.ts';
import type { FileIR } from './fileIR.ts';

/** The extractor of each language (languages/implementations.ts gives the real ones). */
export type ExtractorFor = (language: Language) => LanguageExtractor;

export interface LanguageExtractor {
  /** tree-sitter tree -> FileIR. May throw: parseSourceFile turns a throw into a flagged file. */
  extract(tree: Tree, file: { path: string; text: string; language: Language }): FileIR;
  /**
   * The text tree-sitter is given, where it is not the source as is: what the grammar cannot
   * read blanked out, same length and lines (C++ macros). The extractor still reads the source.
   */
  parsedText?(text: string): string;
}
