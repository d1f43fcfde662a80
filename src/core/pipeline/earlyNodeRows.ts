/**
 * @file A full index's entity node rows while the parse still runs: once the read has listed
 * every file (module names need every path), each parsed batch's entities become node rows with
 * their primary ids and import names (graph/entityRows.ts, graph/importNames.ts) and go into the
 * early store, and their FileIRs drop what only those rows needed (signature, docstring, code):
 * they are most of a FileIR's memory
 * and of the stitch's work. The stitch then emits the Module rows and the edges and settles the
 * ids; renames() moves the rare entity whose stable id is not its primary (a hash collision).
 * Runs in: the repo worker (app), Node (cli, bench). Layer src/core.
 */
import { dropNodeFields, entityRows, primaryEntityIds } from '../graph/entityRows.ts';
import { moduleImportName } from '../graph/importNames.ts';
import { nameModules } from '../graph/moduleNames.ts';
import type { ModuleNaming } from '../graph/moduleNames.ts';
import type { RenamedEntity } from '../graph/stitch.ts';
import type { NodeRow } from '../graph/types.ts';
import type { ConfigFile, Language, SourceFile } from '../ingest/types.ts';
import { resolverFor } from '../languages/implementations.ts';
import type { FileIR } from '../parse/fileIR.ts';
import { nodeRowLoad } from '../store/graphStore.ts';
import { sqlString } from '../store/sqlConnection.ts';
import type { EarlyStore } from './earlyStore.ts';

const RENAMED = '__renamed_nodes';

/** About what one stored node row takes (the stdlib: 330 bytes, uncompressed). */
export const NODE_ROW_BYTES = 330;

export class EarlyNodeRows {
  private namings: Map<string, ModuleNaming> | null = null;
  private configs: readonly ConfigFile[] = [];
  private waiting: { files: readonly SourceFile[]; irs: readonly FileIR[] }[] = [];
  /** Files whose entity rows are stored, with the primary id each entity got. */
  readonly emitted = new Map<string, Int32Array>();

  constructor(private readonly store: EarlyStore) {}

  /** Each file's module naming, by path, once the read is done (the stitch names modules the same). */
  get moduleNamings(): ReadonlyMap<string, ModuleNaming> | undefined {
    return this.namings ?? undefined;
  }

  /**
   * Every file of the index is known (the read is done): rows go out from now on. `configs`: the
   * config files the stitch gets too (Go and Rust import names read them).
   */
  named(files: readonly { path: string; language: Language }[], configs: readonly ConfigFile[]): void {
    this.configs = configs;
    const namings = nameModules(files, resolverFor);
    this.namings = new Map(files.map((file, i) => [file.path, namings[i]!]));
    const waiting = this.waiting;
    this.waiting = [];
    for (const batch of waiting) this.emit(batch.files, batch.irs);
  }

  /** A parsed batch: its files (a text still held tells entityRows about offsets) and FileIRs. */
  add(files: readonly SourceFile[], irs: readonly FileIR[]): void {
    if (this.namings) this.emit(files, irs);
    else this.waiting.push({ files, irs });
  }

  private emit(files: readonly SourceFile[], irs: readonly FileIR[]): void {
    const rows: NodeRow[] = [];
    irs.forEach((ir, i) => {
      const naming = this.namings!.get(ir.path);
      if (!naming) return; // left out after the read (tests): the stitch does not see it either
      const ids = primaryEntityIds(ir, naming);
      const moduleImport = moduleImportName({ file: ir, naming }, this.configs, resolverFor);
      for (const row of entityRows(ir, naming, moduleImport, files[i]?.text, (e) => ids[e]!)) rows.push(row);
      this.emitted.set(ir.path, ids);
      dropNodeFields(ir);
    });
    if (rows.length > 0) void this.store.load('node_rows', nodeRowLoad(rows), undefined, rows.length * NODE_ROW_BYTES);
  }

  /**
   * Moves each renamed entity's row to its stable id (queued after the loads), all at once: the
   * rows holding the ids concerned go to a temp table (a filter on the id column only: cheap),
   * leave node_rows, and come back with the renamed ones' new ids. Not an UPDATE: an updated
   * committed row stops the index build ("Cannot create index with outstanding updates"); not a
   * statement per rename either: a 50,000-file repository has ~200, and each scanned every row.
   */
  renames(renamed: readonly RenamedEntity[]): void {
    if (renamed.length === 0) return;
    const ids = [...new Set(renamed.map((r) => r.from))].join(', ');
    const cases = renamed
      .map((r) => `WHEN id = ${r.from} AND kind = ${sqlString(r.kind)} AND file_path = ${sqlString(r.filePath)} AND qualified_name = ${sqlString(r.qualifiedName)} AND start_line = ${r.startLine} AND same_line = ${r.sameLine} THEN ${r.to}`)
      .join(' ');
    this.store.execute(
      `CREATE TEMP TABLE ${RENAMED} AS SELECT *, row_number() OVER (PARTITION BY id, kind, file_path, qualified_name, start_line ORDER BY rowid) - 1 AS same_line FROM node_rows WHERE id IN (${ids})`,
    );
    this.store.execute(`DELETE FROM node_rows WHERE id IN (${ids})`);
    this.store.execute(`INSERT INTO node_rows SELECT * EXCLUDE (same_line) REPLACE (CASE ${cases} ELSE id END AS id) FROM ${RENAMED} ORDER BY rowid`);
    this.store.execute(`DROP TABLE ${RENAMED}`);
  }
}
