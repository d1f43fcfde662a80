/**
 * @file Which version of FileIR each language's extractor writes. Bump a language's number when
 * its extractor's output changes (names, fields): an incremental re-index reuses a stored FileIR
 * only when the graph's meta 'file_ir_versions' gives the same number for that language, so a
 * newer extractor never mixes with FileIRs an older one wrote. Languages not listed are at 1, and
 * so is every language of a graph stored before the versions were (no meta key).
 * Runs in: everywhere. Layer src/core.
 */
import type { Language } from '../ingest/types.ts';

/**
 * cpp 2, go 2: members defined away from their class carry EntityIR.owner (Go: named 'T.f').
 * cpp 3, go 3, java 2, csharp 2, rust 2, php 2, ruby 2, python 2: typed locals
 * (ReferenceIR.receiver) and EntityIR.declaredType.
 * cpp 4, go 4, java 3, csharp 3, rust 3: EntityIR.returnType, locals built by calls ('make()').
 * java 4, csharp 4: pattern variables (`instanceof T x`, `is T x`) are typed locals.
 * php 3: EntityIR.returnType, locals built by calls.
 */
const VERSIONS: Partial<Record<Language, number>> = { cpp: 4, go: 4, java: 4, csharp: 4, rust: 3, php: 3, ruby: 2, python: 2 };

/** meta 'file_ir_versions' of a graph indexed now. */
export function fileIRVersionsMeta(): string {
  return JSON.stringify(VERSIONS);
}

/**
 * Which languages' FileIRs, stored in a graph with this meta value, are what the extractors write
 * now (the value is read once; a damaged one makes none current).
 */
export function currentFileIRs(storedMeta: string | null): (language: Language) => boolean {
  let stored: Partial<Record<string, number>>;
  try {
    stored = storedMeta ? (JSON.parse(storedMeta) as Partial<Record<string, number>>) : {};
  } catch {
    return () => false;
  }
  return (language) => (stored[language] ?? 1) === (VERSIONS[language] ?? 1);
}
