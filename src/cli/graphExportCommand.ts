/**
 * @file `ranger export --db <file> --out <dir> --format neo4j|kuzu`: the graph as CSV files
 * (src/core/bundle/graphExport.ts) in a folder, ready for neo4j-admin import or Kuzu COPY.
 * Runs in: Node (cli).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exportGraphFiles as graphFiles, GRAPH_EXPORT_FORMATS } from '../core/bundle/graphExport.ts';
import type { GraphExportFormat } from '../core/bundle/graphExport.ts';
import { openNodeDatabase } from '../adapters/node/duckdbNode.ts';
import { UsageError } from './args.ts';

export async function exportGraphFiles(db: string, out: string, format: string): Promise<{ json: unknown; text: string }> {
  if (!GRAPH_EXPORT_FORMATS.includes(format as GraphExportFormat)) {
    throw new UsageError(`--format must be bundle, ${GRAPH_EXPORT_FORMATS.join(' or ')} (got '${format}')`);
  }
  const conn = await openNodeDatabase(db, { mustExist: true, readOnly: true });
  let files: Record<string, string>;
  try {
    files = await graphFiles(conn, format as GraphExportFormat);
  } finally {
    await conn.close();
  }
  await mkdir(out, { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(join(out, name), text);
  const names = Object.keys(files).sort();
  return { json: { out, format, files: names }, text: `Wrote ${names.length} files for ${format} to ${out}: ${names.join(', ')}` };
}
