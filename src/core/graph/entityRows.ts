/**
 * @file A file's entity node rows (every node but its Module's), built from its FileIR, its
 * module naming and its module's import name alone: the stitcher builds them, and a full index builds them as each file is
 * parsed (the store takes them while the parse goes on; the stitch then settles ids).
 * A row's id is the stitch's stable id; before the stitch, primaryEntityIds gives the id each
 * entity's identity hashes to, which is its stable id unless another identity hashed to it too
 * (stableIds.ts: about one pair in 50,000 nodes).
 * Runs in: everywhere. Layer src/core.
 */
import { NON_ASCII, entityCode } from '../parse/fileIR.ts';
import type { FileIR } from '../parse/fileIR.ts';
import { definitionImportName } from './importNames.ts';
import type { ModuleNaming } from './moduleNames.ts';
import { hash31, identityKey, twinOrdinals } from './stableIds.ts';
import type { NodeRow } from './types.ts';

/**
 * Entity rows of `file` in entity order; `idOf(i)` gives entity i's id. Every row has all fields
 * in one order (one object shape). `text`, where the caller still holds it, tells whether offsets
 * can be stored (see the comment inside). `moduleImport`: the module's import name
 * (importNames.ts moduleImportName), from which each definition's follows.
 */
export function entityRows(
  file: FileIR,
  naming: ModuleNaming,
  moduleImport: string | null,
  text: string | undefined,
  idOf: (entity: number) => number,
): NodeRow[] {
  const entities = file.entities;
  const rows: NodeRow[] = new Array(entities.length);
  // Offsets go to the store only for ASCII texts: there UTF-16 offsets are code-point offsets
  // (DuckDB's substring) and the slice is O(1); other files keep their code in the row. Without
  // the text, an entity that carries its code keeps it, and one that carries only offsets comes
  // from a FileIR in storage form (detachCode), hence from an ASCII file.
  const ascii = text === undefined ? null : !NON_ASCII.test(text);
  const indexOf = entityIndexer(file);
  for (let i = 0; i < entities.length; i++) {
    const entity = entities[i]!;
    const offsets = ascii ?? entity.code === undefined;
    const parent = entity.parent === null ? -1 : indexOf(entity.parent);
    const owner = parent >= 0 ? entities[parent]! : null;
    const ownedByClass = owner?.kind === 'Class' && (entity.kind === 'Method' || entity.kind === 'Field');
    rows[i] = {
      id: idOf(i), kind: entity.kind, name: entity.name, qualified_name: `${naming.name}.${entity.qualifiedName}`,
      module_name: naming.name, class_name: ownedByClass ? owner.name : null, file_path: file.path,
      start_line: entity.startLine, end_line: entity.endLine, signature: entity.signature, code: entityCode(entity, text),
      code_start: offsets ? (entity.codeStart ?? null) : null, code_end: offsets ? (entity.codeEnd ?? null) : null,
      docstring: entity.docstring, description: null, member_descriptions: null, requirement: null,
      language: file.language, local_name: null,
      import_name: definitionImportName(file.language, moduleImport, naming.localName, entity.qualifiedName),
    };
  }
  return rows;
}

/** Entity index of an entity id (ids are indexes; a FileIR whose are not gets a map). */
function entityIndexer(file: FileIR): (id: number) => number {
  if (file.entities.every((entity, i) => entity.id === i)) return (id) => (id >= 0 && id < file.entities.length ? id : -1);
  const byId = new Map(file.entities.map((entity, i) => [entity.id, i]));
  return (id) => byId.get(id) ?? -1;
}

/** Each entity's primary id: the hash of its identity (twins numbered in file order). */
export function primaryEntityIds(file: FileIR, naming: ModuleNaming): Int32Array {
  const ordinals = twinOrdinals(file.entities);
  return Int32Array.from(file.entities, (entity, i) =>
    hash31(identityKey({ kind: entity.kind, file_path: file.path, qualified_name: `${naming.name}.${entity.qualifiedName}` }, ordinals[i]!)),
  );
}

/** Drops what only the node rows need (signature, docstring, code) from a FileIR whose rows are out. */
export function dropNodeFields(file: FileIR): void {
  for (const entity of file.entities) {
    entity.signature = '';
    entity.docstring = null;
    entity.code = undefined;
  }
}
