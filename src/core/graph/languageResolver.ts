/**
 * @file The contract between the stitcher and a language: the import and name rules one
 * language's resolver gives the shared Resolver (memo, cycle guard). The languages implement it
 * in their own folders (languages/<lang>/); the stitch is handed them (ResolverFor) and never
 * imports them, so the stitcher stays below the languages (docs/architecture.md).
 * Runs in: everywhere (stitcher). Layer src/core.
 */
import type { ConfigFile, Language } from '../ingest/types.ts';
import type { ExportIR, FileIR, ImportIR } from '../parse/fileIR.ts';
import type { ModuleInfo, Target } from './bindings.ts';
import type { ModuleNaming, ModuleNamesHook } from './moduleNames.ts';
import type { Resolver } from './resolver.ts';

/** The resolver of each language (languages/implementations.ts gives the real ones). */
export type ResolverFor = (language: Language) => LanguageResolver;

/** What one import statement (or re-export) gives the IMPORTS edges and the counts. */
export interface ImportOutcome {
  /** The modules the statement names (a file, or every file of a Go / Java / C# package). */
  statements: readonly ModuleInfo[];
  /** What the import resolves to (null: unresolved). */
  target: Target | null;
  resolved: boolean;
}

/** The stitcher's per-language rules. Every method is given the shared Resolver (memo, cycles). */
export interface LanguageResolver {
  /** IMPORTS edge targets and the resolved flag of one import placeholder. */
  importOutcome(r: Resolver, module: ModuleInfo, imp: ImportIR): ImportOutcome;
  /** What an import placeholder binds its local name to (null: outside the repo, or missing). */
  importBinding(r: Resolver, module: ModuleInfo, imp: ImportIR): Target | null;
  /** A bare name at module level (own definitions, imports, same package), never entity `exclude`. */
  moduleName(r: Resolver, module: ModuleInfo, name: string, exclude: number): Target | null;
  /** `mod.name` where `mod` is this module's node. */
  moduleMember(r: Resolver, module: ModuleInfo, name: string): Target | null;
  /** `pkg.name` where `pkg` is a package target of this language (see Target 'package'). */
  packageMember?(r: Resolver, key: string, name: string): Target | null;
  /** `ns.name` where `ns` is a namespace target of this language (see Target 'namespace'). */
  namespaceMember?(r: Resolver, target: Extract<Target, { kind: 'namespace' }>, name: string): Target | null;
  /** The module as written in the import, for the unresolved table ('..pkg.mod', './x', 'java.util'). */
  writtenModule?(imp: ImportIR): string;
  /** TS/JS `export ... from`: counted like an import. */
  reexportOutcome?(r: Resolver, module: ModuleInfo, exp: ExportIR): ImportOutcome | null;
  /** Java / C#: a bare name inside a method may be a member of the enclosing class or its bases. */
  implicitThis?: boolean;
  /**
   * C++ and Go: a Function 'T.f' at file level whose T names a class of another file is T's
   * member defined away from it: `this->m` (Go: the receiver) and, with implicitThis, bare names
   * inside it reach T's members (inherited too).
   */
  outOfLineMembers?: boolean;
  /** C++: a name that `::` or `.` follows is a namespace, type or variable, never a function. */
  qualifiersAreNoFunctions?: boolean;
  /** Ruby: member `name` of a class that another file reopens (defined there, not here). */
  reopenedMember?(r: Resolver, classNode: number, name: string): Target | null;
  /**
   * nodes.import_name of a module when naming does not give one (Java 'com.x.Foo', Go import
   * path). Reads only the module's file, its naming and the config files: a full index names
   * definitions before the stitch builds a resolver (graph/importNames.ts).
   */
  importName?(configs: readonly ConfigFile[], module: NamedModule): string | null;
  /**
   * This language's module names, where the plain ones (dotted path, file stem) are not right:
   * given the language's files of the repository, in order, and their plain namings, the namings
   * to use (Python's packages and import names, C++'s source beside its header). Reads only the
   * paths: a full index names modules before any file is parsed (graph/moduleNames.ts).
   */
  moduleNames?: ModuleNamesHook;
}

/** What importName reads of a module (a ModuleInfo is one). */
export interface NamedModule {
  file: Pick<FileIR, 'path' | 'packageName'>;
  naming: ModuleNaming;
}
