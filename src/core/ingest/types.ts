/**
 * @file Ingest contract: archive/folder entries in, decoded source files and a skip list out.
 * Runs in: the ingest worker (app), in-process (cli, tests). Layer src/core.
 */
/** Every language of the catalog (src/core/languages/catalog.ts). */
export type Language = 'python' | 'javascript' | 'typescript' | 'tsx' | 'java' | 'go' | 'rust' | 'csharp' | 'php' | 'ruby' | 'cpp';

/** One raw entry as read from a zip or a dropped folder, before any filtering. */
export interface RawEntry {
  /** Path as stored in the archive / relative to the dropped folder root (may be hostile). */
  path: string;
  /** Uncompressed bytes, or null when not read (directory, symlink, encrypted, over the limit). */
  data: Uint8Array | null;
  /** Uncompressed size as declared by the archive (or the file size). */
  size: number;
  isDirectory?: boolean;
  isSymlink?: boolean;
  isEncrypted?: boolean;
  /** Set by the reader when it decided not to read the entry (limits, nested archive, damage). */
  skip?: { reason: SkipReason; detail?: string };
}

/** A source file ready for parsing. `path` is normalised, relative to the repo root, '/'-separated. */
export interface SourceFile {
  path: string;
  language: Language;
  text: string;
  bytes: number;
  sha256: string;
  /**
   * Decoding notes shown in the UI: 'bom', 'crlf', 'latin-1 fallback', 'nul bytes removed',
   * 'utf-16', 'coding cookie (<encoding>)'.
   */
  notes: string[];
}

/** Config files the resolvers need (tsconfig.json / jsconfig.json), kept as text. */
export interface ConfigFile {
  path: string;
  text: string;
}

export type SkipReason =
  | 'unsafe path'
  | 'symlink'
  | 'encrypted'
  | 'nested archive'
  | 'binary'
  | 'too large'
  | 'archive limit'
  | 'ignored directory'
  | 'gitignored'
  | 'duplicate path'
  | 'case collision'
  | 'not source'
  | 'unreadable'
  | 'test file';

export interface SkippedFile {
  path: string;
  reason: SkipReason;
  detail?: string;
}

export interface IngestLimits {
  /** Bytes per source file (default 25 MB: a 20 MB file is accepted, as the issue requires). */
  maxFileBytes: number;
  /** Total uncompressed bytes read from one archive (default 1 GB). */
  maxTotalBytes: number;
  /** Max compression ratio of one entry before it is treated as a bomb (default 200). */
  maxRatio: number;
  /** Max number of entries in an archive (default 200,000). */
  maxEntries: number;
}

export interface IngestResult {
  /** Name of the repo (archive/folder name with the stripped top-level folder, if any). */
  repoName: string;
  files: SourceFile[];
  configs: ConfigFile[];
  skipped: SkippedFile[];
  /** The single top-level folder that was stripped, or null. */
  strippedRoot: string | null;
}
