/**
 * @file `ranger export --db <file> --out <bundle.zip>` and `ranger import <bundle.zip> --db <file>`
 *: a repo database as one portable file (src/core/bundle) and back. Import checks
 * the whole bundle before it opens the database, and replaces the graph in one transaction, so
 * a damaged or newer bundle leaves an existing --db as it was.
 * Output: export {out, bytes, tables, counts, models}; import {repo, tables, counts, models}.
 * Runs in: Node (cli).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { exportBundle } from '../core/bundle/exportBundle.ts';
import { importBundle, readBundle } from '../core/bundle/importBundle.ts';
import type { BundleManifest } from '../core/bundle/bundleFormat.ts';
import { AppError } from '../core/errors.ts';
import { openNodeDatabase } from '../adapters/node/duckdbNode.ts';
import { UsageError } from './args.ts';
import type { ParsedArgs } from './args.ts';
import { formatCounts } from './format.ts';

interface CommandResult {
  json: unknown;
  text: string;
}

function describeManifest(m: BundleManifest) {
  return {
    repo: m.repo_name,
    schema_version: m.schema_version,
    tables: Object.fromEntries(m.tables.map((t) => [t.name, t.rows])),
    counts: m.counts,
    models: m.models,
  };
}

function summaryLines(m: BundleManifest): string[] {
  const models = [...new Set(m.models.map((x) => x.model))];
  return [
    `  files:  ${m.counts.files.toLocaleString('en-US')}`,
    `  nodes:  ${formatCounts(m.counts.nodes)}`,
    `  edges:  ${formatCounts(m.counts.edges)}`,
    `  models: ${models.length > 0 ? models.join(', ') : 'none (not embedded)'}`,
    `  tables: ${m.tables.length} (${m.tables.map((t) => t.name).join(', ')})`,
  ];
}

export async function exportCommand(args: ParsedArgs): Promise<CommandResult> {
  const db = args.values.db;
  const out = args.values.out;
  if (!db || !out || args.positionals.length > 0) throw new UsageError("'export' needs --db <file> and --out <file>");
  const format = args.values.format ?? 'bundle';
  if (format !== 'bundle') {
    const { exportGraphFiles } = await import('./graphExportCommand.ts');
    return exportGraphFiles(db, out, format);
  }
  const conn = await openNodeDatabase(db, { mustExist: true, readOnly: true });
  let bundle;
  try {
    bundle = await exportBundle(conn);
  } finally {
    await conn.close();
  }
  await writeFile(out, bundle.parts);
  const json = { out, bytes: bundle.size, ...describeManifest(bundle.manifest) };
  return { json, text: [`Exported ${bundle.manifest.repo_name} to ${out} (${bundle.size.toLocaleString('en-US')} bytes)`, ...summaryLines(bundle.manifest)].join('\n') };
}

/** Imports the bundle file `input` into the database file `db` (every check first; a bad bundle changes nothing). */
export async function importBundleFile(input: string, db: string): Promise<BundleManifest> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(input));
  } catch {
    throw new AppError('INPUT_INVALID', `No such file: ${input}`);
  }
  readBundle(bytes); // every check before the database file is opened (or created)
  const conn = await openNodeDatabase(db);
  try {
    return await importBundle(conn, bytes);
  } finally {
    await conn.close();
  }
}

export async function importCommand(args: ParsedArgs): Promise<CommandResult> {
  const [input, ...extra] = args.positionals;
  const db = args.values.db;
  if (!input || extra.length > 0 || !db) throw new UsageError("'import' takes one <bundle.zip> and --db <file>");
  const manifest = await importBundleFile(input, db);
  return { json: describeManifest(manifest), text: [`Imported ${manifest.repo_name} into ${db}`, ...summaryLines(manifest)].join('\n') };
}
