/**
 * @file A seeded synthetic Python code graph of an exact node count for the search benchmark:
 * one Repo, packaged modules (`billing.storage.invoice_cache`) holding classes, functions and
 * globals, classes holding methods and fields; CONTAINS / HAS_METHOD / HAS_FIELD structure plus
 * INHERITS, USES (calls, instantiations, references; mostly within the module or package, the
 * rest drawn towards a few popular targets) and IMPORTS, about 2.5 edges per node like the
 * indexed stdlib (97k nodes, 282k edges). Names, signatures, docstrings and code are generated
 * from a small vocabulary so that names repeat across modules as they do in real code, and each
 * body calls what its USES edges point at. Same options, same graph, in Node and in chromium.
 * Runs in: Node (bench, tests) and chromium (search bench worker).
 */
import type { EdgeRow, Graph, NodeKind, NodeRow, UsesDetail } from '../../src/core/graph/types.ts';
import { createPrng } from '../../src/core/search/prng.ts';

export interface SyntheticOptions {
  /** Exact number of nodes (>= 2: the Repo and one Module). */
  nodes: number;
  seed?: number;
}

export const SYNTHETIC_REPO = 'synthetic_shop';

const PACKAGES = ['billing', 'catalog', 'checkout', 'accounts', 'storage', 'network', 'reporting', 'search', 'notify', 'admin', 'core', 'plugins'];
const SUBPACKAGES = ['models', 'services', 'api', 'utils', 'handlers', 'backends', 'io', 'tasks', 'views', 'schemas', 'cache', 'auth'];
const VERBS = [
  'get', 'set', 'load', 'save', 'parse', 'build', 'read', 'write', 'update', 'validate', 'compute', 'render', 'fetch', 'create',
  'delete', 'find', 'resolve', 'handle', 'process', 'format', 'convert', 'register', 'apply', 'merge', 'split', 'normalize',
  'encode', 'decode', 'send', 'receive', 'open', 'close', 'flush', 'reset', 'check', 'iter', 'collect', 'filter', 'sort', 'emit',
];
const NOUNS = [
  'user', 'account', 'invoice', 'order', 'config', 'token', 'session', 'request', 'response', 'record', 'table', 'schema',
  'cache', 'file', 'path', 'buffer', 'stream', 'message', 'event', 'handler', 'item', 'node', 'graph', 'query', 'result',
  'price', 'product', 'cart', 'payment', 'refund', 'customer', 'address', 'report', 'metric', 'index', 'entry', 'header',
  'payload', 'channel', 'queue', 'worker', 'job', 'task', 'batch', 'row', 'column', 'field', 'value', 'key', 'name', 'label',
  'template', 'page', 'view', 'form', 'widget', 'plugin', 'hook', 'signal', 'lock', 'pool', 'connection', 'cursor', 'transaction',
  'backend', 'client', 'server', 'socket', 'packet', 'frame', 'image', 'document', 'section', 'rule', 'policy', 'role',
  'permission', 'group', 'tag', 'filter', 'timeout', 'retry', 'limit', 'offset', 'version', 'checksum', 'digest', 'secret',
];
const SUFFIXES = ['Manager', 'Store', 'Parser', 'Handler', 'Client', 'Service', 'Builder', 'Factory', 'Error', 'Config', 'Reader', 'Writer', 'Cache', 'Adapter', 'Mixin', 'Base', 'Request', 'Response', 'View', 'Model', 'Registry', 'Validator', 'Serializer', 'Queue'];
const DUNDERS = ['__repr__', '__eq__', '__iter__', '__len__', '__enter__', '__exit__', '__call__', '__getitem__', '__contains__', '__hash__'];
const PREPOSITIONS = ['from', 'for', 'into', 'with', 'of', 'in'];

interface Rng {
  next: () => number;
  int: (n: number) => number;
  pick: <T>(items: readonly T[]) => T;
  poisson: (mean: number) => number;
  chance: (p: number) => boolean;
  /** Index in [0, n) skewed towards 0 (a few popular targets). */
  skewed: (n: number) => number;
}

function createRng(seed: number): Rng {
  const next = createPrng(seed);
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: (items) => items[int(items.length)]!,
    poisson(mean) {
      const limit = Math.exp(-mean);
      let k = 0;
      for (let p = next(); p > limit; p *= next()) k++;
      return k;
    },
    chance: (p) => next() < p,
    skewed: (n) => Math.min(n - 1, Math.floor(n * next() ** 3)),
  };
}

const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);

interface ModuleInfo {
  id: number;
  index: number;
  name: string;
  packageIndex: number;
  /** Ids of the module's classes, functions, methods, globals (USES targets). */
  members: number[];
  classes: number[];
  callables: number[];
  lines: number;
}

interface Builder {
  rng: Rng;
  target: number;
  nodes: NodeRow[];
  edges: EdgeRow[];
  modules: ModuleInfo[];
  moduleNames: Set<string>;
  classes: number[];
  callables: number[];
  /** Class id -> its method ids (for class code). */
  methodsOf: Map<number, number[]>;
  /** Node id (1-based) -> module index. */
  moduleOf: number[];
}

function full(b: Builder): boolean {
  return b.nodes.length >= b.target;
}

function addNode(b: Builder, row: Omit<NodeRow, 'id' | 'language' | 'description' | 'member_descriptions' | 'requirement' | 'local_name' | 'import_name'> & Partial<NodeRow>, moduleIndex: number): number {
  const id = b.nodes.length + 1;
  b.nodes.push({
    description: null,
    member_descriptions: null,
    requirement: null,
    local_name: null,
    import_name: null,
    language: 'python',
    ...row,
    id,
  });
  b.moduleOf[id] = moduleIndex;
  return id;
}

function edge(b: Builder, src: number, dst: number, type: EdgeRow['type'], detail: string | null = null): void {
  b.edges.push({ src, dst, type, detail });
}

function functionName(rng: Rng): string {
  const base = `${rng.pick(VERBS)}_${rng.pick(NOUNS)}`;
  return rng.chance(0.3) ? `${base}_${rng.pick(NOUNS)}` : rng.chance(0.1) ? `_${base}` : base;
}

function className(rng: Rng): string {
  const head = capital(rng.pick(NOUNS));
  return rng.chance(0.4) ? `${head}${capital(rng.pick(NOUNS))}${rng.pick(SUFFIXES)}` : `${head}${rng.pick(SUFFIXES)}`;
}

function docstringFor(rng: Rng, name: string): string {
  const words = name.replace(/^_+|_+$/g, '').split('_');
  const verb = words[0] ?? 'handle';
  const object = words.slice(1).join(' ') || rng.pick(NOUNS);
  return `${capital(verb)} the ${object} ${rng.pick(PREPOSITIONS)} the ${rng.pick(NOUNS)}.`;
}

function parameters(rng: Rng, method: boolean): string {
  const params = method ? ['self'] : [];
  const count = rng.poisson(1.6);
  for (let i = 0; i < count; i++) {
    const noun = rng.pick(NOUNS);
    params.push(rng.chance(0.3) ? `${noun}_id: int` : rng.chance(0.3) ? `${noun}=None` : noun);
  }
  if (rng.chance(0.15)) params.push('**kwargs');
  return [...new Set(params)].join(', ');
}

function newModule(b: Builder): ModuleInfo {
  const { rng } = b;
  const packageIndex = rng.int(PACKAGES.length);
  let name = '';
  for (let attempt = 0; name === '' || b.moduleNames.has(name); attempt++) {
    const leaf = rng.chance(0.5) ? `${rng.pick(NOUNS)}_${rng.pick(NOUNS)}` : rng.pick(NOUNS);
    const sub = rng.chance(0.8) ? `.${rng.pick(SUBPACKAGES)}` : '';
    name = `${PACKAGES[packageIndex]}${sub}.${leaf}${attempt > 5 ? attempt : ''}`;
  }
  b.moduleNames.add(name);
  const index = b.modules.length;
  const id = addNode(
    b,
    {
      kind: 'Module',
      name,
      qualified_name: name,
      module_name: name,
      class_name: null,
      file_path: `${name.replaceAll('.', '/')}.py`,
      start_line: 1,
      end_line: 1,
      signature: null,
      code: null,
      docstring: rng.chance(0.5) ? `${capital(rng.pick(NOUNS))} ${rng.pick(NOUNS)} helpers.` : null,
      local_name: name.slice(name.lastIndexOf('.') + 1),
    },
    index,
  );
  const info: ModuleInfo = { id, index, name, packageIndex, members: [], classes: [], callables: [], lines: 3 };
  b.modules.push(info);
  edge(b, 1, id, 'CONTAINS');
  return info;
}

/** A def / class / global node with a line range in its module's file (code filled in later). */
function addMember(b: Builder, mod: ModuleInfo, kind: NodeKind, name: string, className: string | null, lines: number, signature: string | null, docstring: string | null): number {
  const qualified = className ? `${mod.name}.${className}.${name}` : `${mod.name}.${name}`;
  const start = mod.lines + 1;
  mod.lines += lines;
  const id = addNode(
    b,
    {
      kind,
      name,
      qualified_name: qualified,
      module_name: mod.name,
      class_name: className,
      file_path: `${mod.name.replaceAll('.', '/')}.py`,
      start_line: start,
      end_line: start + lines - 1,
      signature,
      code: null,
      docstring,
    },
    mod.index,
  );
  if (kind !== 'Field') mod.members.push(id);
  return id;
}

function fillModule(b: Builder, mod: ModuleInfo): void {
  const { rng } = b;
  const classes = rng.poisson(2.5);
  for (let c = 0; c < classes && !full(b); c++) {
    const name = className(rng);
    const classId = addMember(b, mod, 'Class', name, null, 2, `class ${name}`, rng.chance(0.6) ? `${capital(rng.pick(NOUNS))} ${rng.pick(NOUNS)} ${name.match(/[A-Z][a-z]+$/)?.[0]?.toLowerCase() ?? 'object'}.` : null);
    edge(b, mod.id, classId, 'CONTAINS');
    mod.classes.push(classId);
    b.classes.push(classId);
    const methodNames = new Set<string>();
    if (rng.chance(0.75)) methodNames.add('__init__');
    for (let m = rng.poisson(6); m > 0; m--) methodNames.add(rng.chance(0.08) ? rng.pick(DUNDERS) : functionName(rng));
    const methods: number[] = [];
    for (const methodName of methodNames) {
      if (full(b)) break;
      const signature = `def ${methodName}(${parameters(rng, true)})`;
      const id = addMember(b, mod, 'Method', methodName, name, 8, signature, rng.chance(0.6) ? docstringFor(rng, methodName) : null);
      edge(b, classId, id, 'HAS_METHOD');
      methods.push(id);
      mod.callables.push(id);
      b.callables.push(id);
    }
    b.methodsOf.set(classId, methods);
    const fields = new Set<string>();
    for (let f = rng.poisson(3); f > 0; f--) fields.add(rng.pick(NOUNS));
    for (const field of fields) {
      if (full(b)) break;
      const id = addMember(b, mod, 'Field', field, name, 1, null, null);
      b.nodes[id - 1]!.code = `self.${field} = ${field}`;
      edge(b, classId, id, 'HAS_FIELD');
    }
  }
  for (let f = rng.poisson(4); f > 0 && !full(b); f--) {
    const name = functionName(rng);
    const id = addMember(b, mod, 'Function', name, null, 8, `def ${name}(${parameters(rng, false)})`, rng.chance(0.6) ? docstringFor(rng, name) : null);
    edge(b, mod.id, id, 'CONTAINS');
    mod.callables.push(id);
    b.callables.push(id);
  }
  for (let g = rng.poisson(1.5); g > 0 && !full(b); g--) {
    const name = `${rng.pick(['DEFAULT', 'MAX', 'MIN', 'BASE'])}_${rng.pick(NOUNS).toUpperCase()}`;
    const id = addMember(b, mod, 'GlobalVariable', name, null, 1, null, null);
    b.nodes[id - 1]!.code = `${name} = ${rng.int(100)}`;
    edge(b, mod.id, id, 'CONTAINS');
  }
}

/** A USES / INHERITS / IMPORTS target: the same module, the same package, or a popular one anywhere. */
function pickTarget(b: Builder, mod: ModuleInfo, pool: (m: ModuleInfo) => readonly number[], global: readonly number[], local: number): number | undefined {
  const { rng } = b;
  const roll = rng.next();
  if (roll < local) {
    const own = pool(mod);
    if (own.length > 0) return rng.pick(own);
  }
  if (roll < local + 0.3) {
    const other = b.modules[rng.int(b.modules.length)]!;
    if (other.packageIndex === mod.packageIndex || rng.chance(0.5)) {
      const theirs = pool(other);
      if (theirs.length > 0) return rng.pick(theirs);
    }
  }
  return global.length > 0 ? global[rng.skewed(global.length)] : undefined;
}

function usesDetail(kind: NodeKind): UsesDetail {
  return kind === 'Class' ? 'instantiate' : kind === 'GlobalVariable' ? 'reference' : 'call';
}

function linkGraph(b: Builder): Map<number, number[]> {
  const { rng } = b;
  const uses = new Map<number, number[]>();
  const popular = [...b.callables, ...b.classes];
  for (const classId of b.classes) {
    if (!rng.chance(0.35)) continue;
    const mod = b.modules[b.moduleOf[classId]!]!;
    const parent = pickTarget(b, mod, (m) => m.classes, b.classes, 0.3);
    if (parent !== undefined && parent !== classId) edge(b, classId, parent, 'INHERITS');
  }
  for (const src of b.callables) {
    const mod = b.modules[b.moduleOf[src]!]!;
    const targets = new Set<number>();
    for (let k = Math.min(12, rng.poisson(2.4)); k > 0; k--) {
      const dst = pickTarget(b, mod, (m) => m.members, popular, 0.5);
      if (dst !== undefined && dst !== src) targets.add(dst);
    }
    for (const dst of targets) edge(b, src, dst, 'USES', usesDetail(b.nodes[dst - 1]!.kind));
    uses.set(src, [...targets]);
  }
  const moduleIds = b.modules.map((m) => m.id);
  for (const mod of b.modules) {
    const imported = new Set<number>();
    for (let k = rng.poisson(3); k > 0; k--) {
      const dst = pickTarget(b, mod, () => [], moduleIds, 0);
      if (dst !== undefined && dst !== mod.id) imported.add(dst);
    }
    for (const dst of imported) {
      const theirs = b.modules[b.moduleOf[dst]!]!;
      const names = theirs.members.filter((id) => b.nodes[id - 1]!.kind !== 'Method').slice(0, 2).map((id) => b.nodes[id - 1]!.name);
      edge(b, mod.id, dst, 'IMPORTS', names.length > 0 ? names.join(',') : null);
    }
  }
  return uses;
}

function bodyLines(b: Builder, id: number, uses: readonly number[]): string[] {
  const { rng } = b;
  const lines: string[] = [];
  for (const dst of uses) {
    const target = b.nodes[dst - 1]!;
    const variable = rng.pick(NOUNS);
    if (target.kind === 'Class') lines.push(`${variable} = ${target.name}(${rng.pick(NOUNS)})`);
    else if (target.kind === 'GlobalVariable') lines.push(`if ${variable} > ${target.name}:`, `    ${variable} = ${target.name}`);
    else if (target.kind === 'Method') lines.push(`${variable} = self.${rng.pick(NOUNS)}.${target.name}(${variable})`);
    else lines.push(`${variable} = ${target.name}(${rng.pick(NOUNS)}, ${rng.pick(NOUNS)})`);
  }
  for (let extra = rng.poisson(2); extra > 0; extra--) lines.push(`${rng.pick(NOUNS)} = ${rng.pick(NOUNS)}.${rng.pick(VERBS)}()`);
  lines.push(`return ${b.nodes[id - 1]!.kind === 'Method' && rng.chance(0.3) ? 'self' : rng.pick(NOUNS)}`);
  return lines;
}

function defCode(b: Builder, id: number, uses: readonly number[], indent: string): string {
  const node = b.nodes[id - 1]!;
  const lines = [`${indent}${node.signature}:`];
  if (node.docstring) lines.push(`${indent}    """${node.docstring}"""`);
  for (const line of bodyLines(b, id, uses)) lines.push(`${indent}    ${line}`);
  return lines.join('\n');
}

/** Code for defs (bodies call their USES targets) and classes (header + their methods). */
function writeCode(b: Builder, uses: Map<number, number[]>): void {
  for (const id of b.callables) {
    const node = b.nodes[id - 1]!;
    node.code = defCode(b, id, uses.get(id) ?? [], node.kind === 'Method' ? '    ' : '');
    const lines = node.code.split('\n').length;
    node.end_line = (node.start_line ?? 1) + lines - 1;
  }
  for (const classId of b.classes) {
    const node = b.nodes[classId - 1]!;
    const head = `class ${node.name}:`;
    const docstring = node.docstring ? [`    """${node.docstring}"""`] : [];
    const methods = (b.methodsOf.get(classId) ?? []).map((m) => b.nodes[m - 1]!.code ?? '');
    node.code = [head, ...docstring, ...methods].join('\n');
  }
}

/** Adds the base classes to class signatures and code headers (after INHERITS is known). */
function writeBases(b: Builder): void {
  const bases = new Map<number, string[]>();
  for (const e of b.edges) {
    if (e.type !== 'INHERITS') continue;
    const list = bases.get(e.src) ?? [];
    list.push(b.nodes[e.dst - 1]!.name);
    bases.set(e.src, list);
  }
  for (const [classId, names] of bases) {
    const node = b.nodes[classId - 1]!;
    node.signature = `class ${node.name}(${names.join(', ')})`;
    node.code = (node.code ?? '').replace(/^class [^:]*:/, `${node.signature}:`);
  }
}

export function syntheticGraph(options: SyntheticOptions): Graph {
  const target = Math.floor(options.nodes);
  if (!(target >= 2)) throw new RangeError(`A synthetic graph needs at least 2 nodes, got ${options.nodes}`);
  const b: Builder = {
    rng: createRng(options.seed ?? 1),
    target,
    nodes: [],
    edges: [],
    modules: [],
    moduleNames: new Set(),
    classes: [],
    callables: [],
    methodsOf: new Map(),
    moduleOf: [],
  };
  addNode(
    b,
    { kind: 'Repo', name: SYNTHETIC_REPO, qualified_name: SYNTHETIC_REPO, module_name: null, class_name: null, file_path: null, start_line: null, end_line: null, signature: null, code: null, docstring: null },
    -1,
  );
  while (!full(b)) fillModule(b, newModule(b));
  const uses = linkGraph(b);
  writeCode(b, uses);
  writeBases(b);
  return { nodes: b.nodes, edges: b.edges, unresolved: [] };
}
