/**
 * @file One source file -> FileIR: parse with tree-sitter, dispatch to the language's extractor (handed in:
 * ExtractorFor, languages/implementations.ts).
 * Never throws: a failing file yields an empty FileIR carrying the failure as a syntax issue,
 * so one bad file cannot stop a repository.
 * Runs in: parse workers (browser and Node threads). Layer src/core.
 */
import type { Language, SourceFile } from '../ingest/types.ts';
import { detachCode } from './fileIR.ts';
import { encodeFileIR } from './fileIRCodec.ts';
import type { FileIR } from './fileIR.ts';
import type { Tree } from 'web-tree-sitter';
import type { Parsers } from './treeSitter.ts';
import { collectSyntaxIssues, errorExtent } from './treeSitter.ts';
import type { ExtractorFor } from './extractor.ts';

/**
 * Parse a batch (a worker's unit of work), loading the grammars it needs first. The FileIRs carry
 * code offsets instead of code (detachCode): the reply is about half the size.
 */
export async function parseSourceFiles(parsers: Parsers, files: readonly SourceFile[], extractorFor: ExtractorFor): Promise<FileIR[]> {
  await parsers.load(files.map((file) => file.language));
  return files.map((file) => detachCode(parseSourceFile(parsers, file, extractorFor), file.text));
}

/** A worker's reply to one batch: parseSourceFiles, each FileIR as compact JSON (fileIRCodec.ts). */
export async function parseAndEncode(parsers: Parsers, files: readonly SourceFile[], extractorFor: ExtractorFor): Promise<string[]> {
  return (await parseSourceFiles(parsers, files, extractorFor)).map(encodeFileIR);
}

/** Parse and extract one file. Frees the tree's wasm memory before returning. */
export function parseSourceFile(parsers: Parsers, file: Pick<SourceFile, 'path' | 'language' | 'text'>, extractorFor: ExtractorFor): FileIR {
  let tree;
  try {
    const extractor = extractorFor(file.language);
    tree = parseReadable(parsers, file, extractor.parsedText);
    const ir = extractor.extract(tree, file);
    if (ir.syntaxErrors.length === 0 && tree.rootNode.hasError) ir.syntaxErrors = collectSyntaxIssues(tree);
    return ir;
  } catch (error) {
    return failedFileIR(file, `could not be parsed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    tree?.delete();
  }
}

/**
 * Characters a tree of blanked text may leave unread before the source as written is parsed too.
 * Small leftovers are mostly other macros, unread either way: on seven Debian C++ libraries, 419
 * files kept errors after blanking; the 96 of them over this limit hold 99.9% of what a second
 * parse wins back, and the other 323 are not parsed twice (every one of them cost Qt's headers
 * 0.8 s of 7.6 s end to end).
 */
const SMALL_UNREAD = 128;

/**
 * The tree of the text the language parses (LanguageExtractor.parsedText); where that differs from
 * the source and leaves more than SMALL_UNREAD characters unread, the source as written is parsed
 * too, and the tree that reads more of it is kept (errorExtent: blanking can also do harm).
 */
function parseReadable(parsers: Parsers, file: Pick<SourceFile, 'language' | 'text'>, parsedText?: (text: string) => string): Tree {
  const readable = parsedText ? parsedText(file.text) : file.text;
  const tree = parsers.parse(file.language, readable);
  if (readable === file.text || !tree.rootNode.hasError) return tree;
  const unread = errorExtent(tree);
  if (unread <= SMALL_UNREAD) return tree;
  let asWritten: Tree;
  try {
    asWritten = parsers.parse(file.language, file.text);
  } catch {
    return tree;
  }
  const keep = errorExtent(asWritten) < unread ? asWritten : tree;
  (keep === tree ? asWritten : tree).delete();
  return keep;
}

/** An empty FileIR flagged with one issue (parser crash, timeout, extractor failure). */
export function failedFileIR(file: { path: string; language: Language; text?: string }, message: string): FileIR {
  return {
    path: file.path,
    language: file.language,
    lines: file.text ? countLines(file.text) : 0,
    entities: [],
    imports: [],
    references: [],
    exports: [],
    all: null,
    docstring: null,
    syntaxErrors: [{ line: 1, column: 0, message }],
  };
}

export function countLines(text: string): number {
  let lines = text.length > 0 ? 1 : 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  if (text.endsWith('\n')) lines--;
  return lines;
}
