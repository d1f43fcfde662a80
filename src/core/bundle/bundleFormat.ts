/**
 * @file The repo bundle format: one zip holding `manifest.json` and one Arrow IPC
 * stream per table (`tables/<name>.arrow`). Arrow rather than Parquet because duckdb-wasm has no
 * Parquet reader offline (extensions autoload from a CDN), while Arrow goes
 * in and out of both engines. The manifest carries the schema version, the repo name, the
 * embedding models, and per table its columns, row count and the CRC-32 of its stream, so a
 * damaged or truncated bundle is refused before anything is written.
 * Runs in: everywhere. Layer src/core.
 */
import { unzipSync } from 'fflate';
import { AppError } from '../errors.ts';
import type { IndexSummary } from '../pipeline/repoService.ts';
import type { TableColumn } from '../store/tableArrow.ts';

export const BUNDLE_FORMAT = 'ranger-bundle';
export const BUNDLE_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

export interface BundleTable {
  name: string;
  file: string;
  rows: number;
  crc32: number;
  columns: TableColumn[];
}

export interface BundleModel {
  model: string;
  source: string;
  dim: number;
  count: number;
  builtin: boolean;
}

export interface BundleManifest {
  format: typeof BUNDLE_FORMAT;
  bundle_version: number;
  schema_version: number;
  repo_name: string;
  created_at: string;
  /** Embedding sets in the bundle (empty when the graph was never embedded). */
  models: BundleModel[];
  /** Summary counts for people and for checks: nodes and edges by kind/type, files. */
  counts: { files: number; nodes: Record<string, number>; edges: Record<string, number> };
  tables: BundleTable[];
}

export function tableFile(table: string): string {
  return `tables/${table}.arrow`;
}

const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Parses and checks a manifest; newer schema or bundle versions get a message that says so. */
export function parseManifest(bytes: Uint8Array | undefined, schemaVersion: number): BundleManifest {
  if (!bytes) throw new AppError('ARCHIVE_INVALID', `Not a Ranger bundle: ${MANIFEST_FILE} is missing.`);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new AppError('ARCHIVE_INVALID', `Damaged bundle: ${MANIFEST_FILE} is not valid JSON.`);
  }
  const m = value as Partial<BundleManifest> | null;
  if (!m || m.format !== BUNDLE_FORMAT) throw new AppError('ARCHIVE_INVALID', `Not a Ranger bundle: ${MANIFEST_FILE} has no format "${BUNDLE_FORMAT}".`);
  if (typeof m.schema_version !== 'number' || typeof m.bundle_version !== 'number') {
    throw new AppError('ARCHIVE_INVALID', `Damaged bundle: ${MANIFEST_FILE} lacks its schema or bundle version.`);
  }
  if (m.schema_version > schemaVersion || m.bundle_version > BUNDLE_VERSION) {
    throw new AppError(
      'INPUT_INVALID',
      `This bundle comes from a newer Ranger Studio (schema ${m.schema_version}, bundle format ${m.bundle_version}; ` +
        `this version reads schema ${schemaVersion} and bundle format ${BUNDLE_VERSION} or older). Update Ranger Studio to open it.`,
    );
  }
  if (typeof m.repo_name !== 'string' || !Array.isArray(m.tables) || !Array.isArray(m.models)) {
    throw new AppError('ARCHIVE_INVALID', `Damaged bundle: ${MANIFEST_FILE} lacks the repo name, models or tables.`);
  }
  for (const t of m.tables) {
    const ok =
      t && typeof t.name === 'string' && TABLE_NAME.test(t.name) && t.file === tableFile(t.name) &&
      Number.isInteger(t.rows) && Number.isInteger(t.crc32) && Array.isArray(t.columns) &&
      t.columns.every((c) => c && typeof c.name === 'string' && typeof c.type === 'string');
    if (!ok) throw new AppError('ARCHIVE_INVALID', `Damaged bundle: ${MANIFEST_FILE} describes a table badly.`);
  }
  if (!m.tables.some((t) => t.name === 'nodes')) throw new AppError('ARCHIVE_INVALID', 'Damaged bundle: it has no nodes table.');
  return m as BundleManifest;
}

/** Whether a zip holds a bundle manifest (only that entry is inflated; any failure means no). */
export function isBundle(zip: Uint8Array): boolean {
  try {
    const files = unzipSync(zip, { filter: (f) => f.name === MANIFEST_FILE });
    const text = files[MANIFEST_FILE] ? new TextDecoder().decode(files[MANIFEST_FILE]) : '';
    return text.includes(`"format": "${BUNDLE_FORMAT}"`) || text.includes(`"format":"${BUNDLE_FORMAT}"`);
  } catch {
    return false;
  }
}

/** What only the original index run knew, as the bundle stores it (meta.summary, file_issues). */
export interface StoredIndexFigures {
  filesWithSyntaxErrors: number;
  /** The original index time (0 when the bundle does not say). */
  ms: number;
  phaseMs?: IndexSummary['phaseMs'];
}

/**
 * The index summary shown for an imported bundle: counts from its manifest, the syntax-error
 * count and the original index time from its stored figures (the same ones a reload shows).
 */
export function summaryFromManifest(m: BundleManifest, repoId: string, stored: StoredIndexFigures, repoName = m.repo_name): IndexSummary {
  const rows = (name: string) => m.tables.find((t) => t.name === name)?.rows ?? 0;
  return {
    repoId,
    repoName,
    files: m.counts.files,
    skipped: rows('skipped'),
    nodes: m.counts.nodes,
    edges: m.counts.edges,
    unresolved: rows('unresolved'),
    filesWithSyntaxErrors: stored.filesWithSyntaxErrors,
    ms: stored.ms,
    ...(stored.phaseMs ? { phaseMs: stored.phaseMs } : {}),
  };
}
