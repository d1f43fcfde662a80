/**
 * @file nodes.import_name (docs/schema.md): the name code imports a node by, for every node whose
 * language has one. A module's comes from its naming (Python) or its language's resolver hook
 * (Java 'com.x.Foo', Go import path, Rust 'crate::a::b', Ruby require path); a definition's
 * follows from its module's by its language's DefinitionNaming, a fact of the language catalog
 * ('black.mode' + 'Mode.is_pyi' -> 'black.mode.Mode.is_pyi'; Java's 'a2.Base' + 'Calculator' ->
 * 'a2.Calculator'). The stitch and the early entity rows of a full index compute them here (no
 * Resolver needed: only the file, its naming and the config files); entityImportNameSql gives the same rule in SQL, which
 * fills the definitions of graphs stored before definitions carried their import name.
 * Runs in: everywhere (stitcher, pipeline, schema upgrade). Layer src/core.
 */
import type { ConfigFile, Language } from '../ingest/types.ts';
import type { DefinitionNaming } from '../languages/languageFacts.ts';
import { LANGUAGE_IDS, languageFacts } from '../languages/catalog.ts';
import type { NamedModule, ResolverFor } from './languageResolver.ts';
import { sqlString } from '../store/sqlConnection.ts';

/** Most languages: a definition is imported through its module ('pkg.mod' + '.' + 'Class.method'). */
const BY_MODULE: DefinitionNaming = { prefix: 'module', separator: '.' };

function definitionNaming(language: Language): DefinitionNaming {
  return languageFacts(language).definitionNames ?? BY_MODULE;
}

/** A module's import name: its naming's (Python), else its language's resolver hook, else null (TS / JS). */
export function moduleImportName(module: NamedModule & { file: { language: Language } }, configs: readonly ConfigFile[], resolverFor: ResolverFor): string | null {
  return module.naming.importName ?? resolverFor(module.file.language).importName?.(configs, module) ?? null;
}

/**
 * A definition's import name from its module's: `moduleImport` (null: the language has none, and
 * neither has the definition), the module's local name (the file stem) and the definition's
 * dotted path inside its module ('Class.method').
 */
export function definitionImportName(language: Language, moduleImport: string | null, moduleLocalName: string, path: string): string | null {
  if (moduleImport === null) return null;
  const { prefix, separator } = definitionNaming(language);
  const rest = separator === '.' ? path : path.replaceAll('.', separator);
  const head = prefix === 'module' ? moduleImport : prefix === 'package' ? packageOf(moduleImport, moduleLocalName) : '';
  return head === '' ? rest : `${head}${separator}${rest}`;
}

/** 'a2.Base' with local name 'Base' -> 'a2'; 'Base' -> ''; an import name not ending in it stays whole. */
function packageOf(moduleImport: string, localName: string): string {
  if (moduleImport === localName) return '';
  return moduleImport.endsWith(`.${localName}`) ? moduleImport.slice(0, -localName.length - 1) : moduleImport;
}

/**
 * definitionImportName in SQL, for a definition row `n` joined to its module row `m` (same
 * file_path, kind 'Module'): NULL where the module has no import name.
 */
export function entityImportNameSql(n: string, m: string): string {
  const path = `substr(${n}.qualified_name, length(${n}.module_name) + 2)`;
  const packageSql = `CASE WHEN ${m}.import_name = ${m}.local_name THEN '' WHEN ends_with(${m}.import_name, '.' || ${m}.local_name) THEN left(${m}.import_name, length(${m}.import_name) - length(${m}.local_name) - 1) ELSE ${m}.import_name END`;
  const byLanguage = LANGUAGE_IDS.map((language) => ({ language, naming: definitionNaming(language) })).filter(({ naming }) => naming !== BY_MODULE);
  const one = ({ prefix, separator }: DefinitionNaming): string => {
    const rest = separator === '.' ? path : `replace(${path}, '.', ${sqlString(separator)})`;
    if (prefix === 'none') return rest;
    const head = prefix === 'module' ? `${m}.import_name` : packageSql;
    return `CASE WHEN ${head} = '' THEN ${rest} ELSE ${head} || ${sqlString(separator)} || ${rest} END`;
  };
  const cases = byLanguage.map(({ language, naming }) => `WHEN ${sqlString(language)} THEN ${one(naming)}`).join(' ');
  return `CASE WHEN ${m}.import_name IS NULL THEN NULL ${cases ? `ELSE CASE ${m}.language ${cases} ELSE ${one(BY_MODULE)} END` : `ELSE ${one(BY_MODULE)}`} END`;
}
