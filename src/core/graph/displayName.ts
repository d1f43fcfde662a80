/**
 * @file How a node is named to a person, one rule for every reader (docs/schema.md "Names"): its
 * import name where its language has one (nodes.import_name: 'black.cache.read_cache'), else its
 * qualified name (the graph's unique key, path-based: 'src.black.cache.read_cache'); its short
 * form where room is short (graph labels, the player); and its place (file:line), shown beside it.
 * The app, the CLI, the agent and the rendering of Cypher rows all name nodes through here.
 * Runs in: everywhere. Layer src/core.
 */

/** What naming reads of a node (a row of `nodes`, a search hit, a whole node in a Cypher row). */
export interface NameSource {
  qualified_name: string;
  import_name?: string | null;
}

/** The name a person reads: the import name, else the qualified name. */
export function displayName(node: NameSource): string {
  return node.import_name || node.qualified_name;
}

/** A C++ source named with its extension beside its header ('db.db_impl.cc', moduleNames.ts). */
const WITH_EXTENSION = /\.(cc|cpp|cxx|c\+\+|hh|hpp|hxx|inl|ipp)$/;

/**
 * A module's name in a graph box: its last two segments ('orders.service'; Rust 'a::b', Go and
 * Ruby 'a/b'); a C++ source named with its extension keeps three ('db.db_impl.cc').
 */
export function moduleLabel(name: string): string {
  const separator = name.includes('::') ? '::' : name.includes('/') ? '/' : '.';
  const parts = name.split(separator);
  const keep = separator === '.' && WITH_EXTENSION.test(name) ? 3 : 2;
  return parts.length > keep ? parts.slice(-keep).join(separator) : name;
}

/**
 * Where room is short (graph labels, headings, the player's story): a module by moduleLabel of its
 * display name, a definition by its own name.
 */
export function shortName(node: NameSource & { kind: string; name: string }): string {
  return node.kind === 'Module' ? moduleLabel(displayName(node)) : node.name;
}

/** Where a node lives: its display name without its short name ('black.mode' for 'Mode'; '' if nothing is left). */
export function displayContext(displayName: string, shortName: string): string {
  if (displayName === shortName) return '';
  for (const separator of ['.', '::', '/']) if (displayName.endsWith(`${separator}${shortName}`)) return displayName.slice(0, -shortName.length - separator.length);
  return displayName;
}

/** 'src/black/cache.py:42' ('' for a node without a file, the Repo). */
export function placeOf(node: { file_path?: string | null; start_line?: number | null }): string {
  if (!node.file_path) return '';
  return node.start_line === null || node.start_line === undefined ? node.file_path : `${node.file_path}:${node.start_line}`;
}

/** 'Function black.cache.read_cache  src/black/cache.py:42': a node in one line of text. */
export function nodeText(node: NameSource & { kind: string; file_path?: string | null; start_line?: number | null }): string {
  const place = placeOf(node);
  return `${node.kind} ${displayName(node)}${place ? `  ${place}` : ''}`;
}
