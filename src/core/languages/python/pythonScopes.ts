/**
 * @file Cheap scope analysis for Python references: which names a module, class or function
 * binds, and which used names survive (could resolve across files). A function drops uses whose
 * first segment it binds (parameters, assignment / loop / with / except / comprehension targets,
 * nested defs), except `self`/`cls` of a method and names declared `global`; what survives goes
 * up to the enclosing function (closures) and finally to the file. Class bodies filter only their
 * own statements: methods do not see class-level names, as in Python. A member chain from a local
 * bound only ever as one class (`repo: Repo`, `repo = Repo()`) is kept, with that class as its
 * ReferenceIR.receiver.
 * Runs in: parse workers, Node. Layer src/core.
 */
import type { ReferenceIR } from '../../parse/fileIR.ts';
import { referenceIR } from '../../parse/fileIR.ts';

export type ScopeKind = 'module' | 'class' | 'function';

export class Scope {
  /** Names bound in this scope (not counting imports, which the stitcher resolves by scope). */
  readonly bound = new Set<string>();
  /** Names declared `global` here (function scopes). */
  globals: Set<string> | null = null;
  /** Uses emitted in this scope, plus survivors of nested function scopes. */
  readonly refs: ReferenceIR[] = [];
  /** Class scopes: member name -> entity id (fields, methods, nested classes); first one wins. */
  readonly members = new Map<string, number>();
  /** Function scopes: local -> the class it is bound as, null once bound otherwise too. */
  types: Map<string, string | null> | null = null;

  constructor(
    readonly kind: ScopeKind,
    /** Entity id of the class/function; null for the module. */
    readonly entityId: number | null,
    readonly parent: Scope | null,
    /** First parameter of a (non-static) method: `self` / `cls`. */
    readonly selfName: string | null = null,
    /** Class scope of a method (for `self.x = ...` fields). */
    readonly classScope: Scope | null = null,
  ) {}

  declareGlobal(name: string): void {
    (this.globals ??= new Set()).add(name);
  }

  /**
   * Bind `name` here, as class `type` when known (null: untyped). Two different bindings leave it
   * untyped; the map is made only once some binding has a type.
   */
  bind(name: string, type: string | null): void {
    const before = this.bound.size;
    this.bound.add(name);
    const first = this.bound.size > before;
    if (type === null) {
      if (this.types?.has(name)) this.types.set(name, null);
      return;
    }
    const types = (this.types ??= new Map());
    const known = types.get(name);
    types.set(name, first || known === type ? type : null);
  }

  /** The class a local of this scope is bound as, or null. */
  typeOf(name: string): string | null {
    return this.types?.get(name) ?? null;
  }

  /** Whether a use of `first` (first name segment) refers to something bound here. */
  isLocal(first: string): boolean {
    return this.bound.has(first) && first !== this.selfName && !this.globals?.has(first);
  }
}

/** First segment of a dotted name. */
export function firstSegment(name: string): string {
  const dot = name.indexOf('.');
  return dot === -1 ? name : name.slice(0, dot);
}

/**
 * Close a class or function scope: keep its uses that are not local and pass them on to the
 * nearest enclosing function scope (closure variables are filtered there) or to `sink`.
 */
export function closeScope(scope: Scope, sink: ReferenceIR[]): void {
  let target = scope.parent;
  while (target && target.kind === 'class') target = target.parent;
  const out = target && target.kind === 'function' ? target.refs : sink;
  for (const ref of scope.refs) {
    const first = firstSegment(ref.name);
    if (ref.receiver !== undefined || !scope.isLocal(first)) out.push(ref);
    else if (first.length < ref.name.length) {
      // A member of a local bound as one class: kept, read through that class.
      const type = scope.typeOf(first);
      if (type !== null) out.push(referenceIR(ref.from, ref.name, ref.kind, ref.line, type));
    }
  }
}

/**
 * Names Python resolves from builtins (plus module dunders and keywords): uses of them are
 * dropped unless the file defines or imports the same name.
 */
export const PYTHON_BUILTINS: ReadonlySet<string> = new Set([
  'abs', 'aiter', 'all', 'anext', 'any', 'ascii', 'bin', 'bool', 'breakpoint', 'bytearray', 'bytes',
  'callable', 'chr', 'classmethod', 'compile', 'complex', 'copyright', 'credits', 'delattr', 'dict',
  'dir', 'divmod', 'enumerate', 'eval', 'exec', 'exit', 'filter', 'float', 'format', 'frozenset',
  'getattr', 'globals', 'hasattr', 'hash', 'help', 'hex', 'id', 'input', 'int', 'isinstance',
  'issubclass', 'iter', 'len', 'license', 'list', 'locals', 'map', 'max', 'memoryview', 'min', 'next',
  'object', 'oct', 'open', 'ord', 'pow', 'print', 'property', 'quit', 'range', 'repr', 'reversed',
  'round', 'set', 'setattr', 'slice', 'sorted', 'staticmethod', 'str', 'sum', 'super', 'tuple', 'type',
  'vars', 'zip', '__import__', 'unicode', 'basestring', 'long', 'xrange', 'raw_input', 'unichr',
  'reduce', 'file', 'cmp', 'execfile', 'reload', 'buffer', 'apply', 'intern', 'coerce',
  'None', 'True', 'False', 'NotImplemented', 'Ellipsis', '__debug__',
  '__name__', '__file__', '__doc__', '__spec__', '__loader__', '__package__', '__builtins__',
  '__path__', '__dict__', '__annotations__', '__class__', '__qualname__', '__module__', '__all__',
  'BaseException', 'BaseExceptionGroup', 'Exception', 'ExceptionGroup', 'ArithmeticError',
  'AssertionError', 'AttributeError', 'BlockingIOError', 'BrokenPipeError', 'BufferError',
  'BytesWarning', 'ChildProcessError', 'ConnectionAbortedError', 'ConnectionError',
  'ConnectionRefusedError', 'ConnectionResetError', 'DeprecationWarning', 'EOFError',
  'EncodingWarning', 'EnvironmentError', 'FileExistsError', 'FileNotFoundError', 'FloatingPointError',
  'FutureWarning', 'GeneratorExit', 'IOError', 'ImportError', 'ImportWarning', 'IndentationError',
  'IndexError', 'InterruptedError', 'IsADirectoryError', 'KeyError', 'KeyboardInterrupt',
  'LookupError', 'MemoryError', 'ModuleNotFoundError', 'NameError', 'NotADirectoryError',
  'NotImplementedError', 'OSError', 'OverflowError', 'PendingDeprecationWarning', 'PermissionError',
  'ProcessLookupError', 'PythonFinalizationError', 'RecursionError', 'ReferenceError',
  'ResourceWarning', 'RuntimeError', 'RuntimeWarning', 'StopAsyncIteration', 'StopIteration',
  'SyntaxError', 'SyntaxWarning', 'SystemError', 'SystemExit', 'TabError', 'TimeoutError',
  'TypeError', 'UnboundLocalError', 'UnicodeDecodeError', 'UnicodeEncodeError', 'UnicodeError',
  'UnicodeTranslateError', 'UnicodeWarning', 'UserWarning', 'ValueError', 'Warning', 'WindowsError',
  'ZeroDivisionError', 'StandardError',
  // Keywords: only error recovery turns them into identifiers.
  'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue', 'def', 'del', 'elif', 'else',
  'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not',
  'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield',
]);
