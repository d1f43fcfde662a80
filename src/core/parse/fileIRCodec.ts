/**
 * @file FileIR as compact JSON: what a parse worker posts back and what file_irs stores.
 * Entities, imports and references are flat arrays of positional fields (no property names, kind
 * as a small number, derivable qualified names left out), so the stdlib's FileIRs take about half
 * the characters of plain JSON, and JSON.parse + unpack costs less than structured clone of the
 * objects. Lossless: decodeFileIR(encodeFileIR(ir)) deep-equals ir (properties a field list does
 * not know ride along in a per-item "rest" object). decodeFileIR also reads the plain JSON of
 * FileIR objects that file_irs held before (schema version 2 databases). A decode may share one
 * string table (createStringTable) across files: names, modules and qualified names repeat across
 * a repository (`self.assertEqual` 18,000 times in 10,000 files), and JSON.parse makes a new string
 * for every occurrence (at stitch time 17 of the repo thread's 19.5 MB of strings were copies).
 * Runs in: parse workers, the repo worker (app), Node. Layer src/core.
 */
import type { EntityIR, EntityKind, ExportIR, FileIR, ImportIR, ReferenceIR, SyntaxIssue, UseKind } from './fileIR.ts';
import { referenceIR } from './fileIR.ts';

/** Marks the packed form (first array element); the number is the layout's version. */
const PACKED = 'FileIR/1';

const ENTITY_KINDS: readonly EntityKind[] = ['Class', 'Function', 'Method', 'Field', 'GlobalVariable'];
const USE_KINDS: readonly UseKind[] = ['call', 'instantiate', 'reference', 'decorate', 'annotate', 'inherit'];

const ENTITY_FIELDS = ['id', 'kind', 'name', 'qualifiedName', 'parent', 'startLine', 'endLine', 'signature', 'codeStart', 'codeEnd', 'docstring'] as const;
const IMPORT_FIELDS = ['localName', 'module', 'name', 'alias', 'level', 'dottedFolderName', 'line', 'typeOnly', 'scope'] as const;
/**
 * Per entity: the rest object (0 when empty) in id's slot (an entity's id is its index; one that
 * is not rides in the rest), then the other fields. Per import: the fields, then the rest.
 * References are four fields; a reference through a typed local has [receiver, name] in the
 * name's slot.
 */
const ENTITY_STRIDE = ENTITY_FIELDS.length;
const ENTITY_KNOWN: ReadonlySet<string> = new Set(ENTITY_FIELDS);
const IMPORT_KNOWN: ReadonlySet<string> = new Set(IMPORT_FIELDS);
const FILE_KNOWN: ReadonlySet<string> = new Set(['path', 'language', 'lines', 'entities', 'imports', 'references', 'exports', 'all', 'docstring', 'syntaxErrors']);
const IMPORT_STRIDE = IMPORT_FIELDS.length + 1;
const REFERENCE_STRIDE = 4;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The properties of `item` outside `known` (a Set: this runs for every entity and import). */
function rest(item: object, known: ReadonlySet<string>): Json {
  let out: Record<string, Json> | 0 = 0;
  for (const key in item) {
    const value = (item as Record<string, unknown>)[key];
    if (value === undefined || known.has(key)) continue;
    (out ||= {})[key] = value as Json;
  }
  return out;
}

function withRest<T extends object>(item: T, extra: Json): T {
  return extra && typeof extra === 'object' ? Object.assign(item, extra) : item;
}

function orNull<T>(value: T | undefined): T | null {
  return value === undefined ? null : value;
}

export function encodeFileIR(ir: FileIR): string {
  const entities: Json[] = [];
  ir.entities.forEach((e, i) => {
    // Decoding derives a name from its parent's, so only from a parent that comes before it.
    const parent = e.parent === null ? null : e.parent < i ? ir.entities[e.parent] : undefined;
    const derived = parent === undefined ? undefined : parent ? `${parent.qualifiedName}.${e.name}` : e.name;
    const extra = rest(e, ENTITY_KNOWN);
    entities.push(
      e.id === i ? extra : { ...((extra || {}) as Record<string, Json>), id: e.id },
      ENTITY_KINDS.indexOf(e.kind),
      e.name,
      e.qualifiedName === derived ? 0 : e.qualifiedName,
      e.parent,
      e.startLine,
      e.endLine,
      e.signature,
      orNull(e.codeStart),
      orNull(e.codeEnd),
      e.docstring,
    );
  });
  const imports: Json[] = [];
  for (const i of ir.imports) {
    imports.push(i.localName, i.module, i.name, i.alias, i.level, i.dottedFolderName, i.line, i.typeOnly === undefined ? 0 : i.typeOnly ? 1 : 2, i.scope, rest(i, IMPORT_KNOWN));
  }
  const references: Json[] = [];
  for (const r of ir.references) references.push(r.from, r.receiver === undefined ? r.name : [r.receiver, r.name], USE_KINDS.indexOf(r.kind), r.line);
  const head = rest(ir, FILE_KNOWN);
  return JSON.stringify([PACKED, ir.path, ir.language, ir.lines, ir.all, ir.docstring, head, entities, imports, references, ir.exports as unknown as Json, ir.syntaxErrors as unknown as Json]);
}

/** Returns one string object per distinct value it has seen (itself for a new value). */
export type StringTable = (value: string) => string;

/** A string table for the FileIRs of one index: it lives as long as the caller keeps it. */
export function createStringTable(): StringTable {
  const seen = new Map<string, string>();
  return (value) => {
    const known = seen.get(value);
    if (known !== undefined) return known;
    seen.set(value, value);
    return value;
  };
}

const asIs: StringTable = (value) => value;

function shared(table: StringTable, value: string | null): string | null {
  return value === null ? null : table(value);
}

/** The FileIR of encodeFileIR's output, or of a plain FileIR JSON object (older file_irs rows). */
export function decodeFileIR(json: string, table: StringTable = asIs): FileIR {
  const data = JSON.parse(json) as unknown;
  if (!Array.isArray(data) || data[0] !== PACKED) return data as FileIR;
  const [, path, language, lines, all, docstring, head, e, i, r, exports, syntaxErrors] = data as [
    string, string, FileIR['language'], number, string[] | null, string | null, Json, Json[], Json[], Json[], ExportIR[], SyntaxIssue[],
  ];
  const entities: EntityIR[] = [];
  for (let k = 0; k < e.length; k += ENTITY_STRIDE) {
    const index = k / ENTITY_STRIDE;
    const name = table(e[k + 2] as string);
    const parent = e[k + 4] as number | null;
    const written = e[k + 3];
    // One property order for every entity (one object shape for the stitcher's hot loops).
    const entity: EntityIR = {
      id: index,
      kind: ENTITY_KINDS[e[k + 1] as number]!,
      name,
      qualifiedName: written === 0 ? (parent === null ? name : table(`${entities[parent]!.qualifiedName}.${name}`)) : table(written as string),
      parent,
      startLine: e[k + 5] as number,
      endLine: e[k + 6] as number,
      signature: e[k + 7] as string,
      codeStart: (e[k + 8] as number | null) ?? undefined,
      codeEnd: (e[k + 9] as number | null) ?? undefined,
      docstring: e[k + 10] as string | null,
    };
    entities.push(withRest(entity, e[k]!));
  }
  const imports: ImportIR[] = [];
  for (let k = 0; k < i.length; k += IMPORT_STRIDE) {
    const item: ImportIR = {
      localName: table(i[k] as string),
      module: table(i[k + 1] as string),
      name: shared(table, i[k + 2] as string | null),
      alias: shared(table, i[k + 3] as string | null),
      level: i[k + 4] as number,
      dottedFolderName: table(i[k + 5] as string),
      line: i[k + 6] as number,
      scope: i[k + 8] as number | null,
    };
    if (i[k + 7] !== 0) item.typeOnly = i[k + 7] === 1;
    imports.push(withRest(item, i[k + 9]!));
  }
  const references: ReferenceIR[] = new Array(r.length / REFERENCE_STRIDE);
  for (let k = 0; k < r.length; k += REFERENCE_STRIDE) {
    const written = r[k + 1] as string | [string, string];
    references[k / REFERENCE_STRIDE] =
      typeof written === 'string'
        ? referenceIR(r[k] as number | null, table(written), USE_KINDS[r[k + 2] as number]!, r[k + 3] as number)
        : referenceIR(r[k] as number | null, table(written[1]), USE_KINDS[r[k + 2] as number]!, r[k + 3] as number, table(written[0]));
  }
  const ir: FileIR = { path, language, lines, entities, imports, references, exports, all, docstring, syntaxErrors };
  return withRest(ir, head);
}
