/**
 * @file Attribute-like macros that tree-sitter-cpp cannot read, blanked before the parse.
 * tree-sitter does not preprocess, so `SPDLOG_INLINE void logger::log()` is a syntax error to it,
 * and `class SPDLOG_API logger {` silently reads as a function `logger` returning a class named
 * SPDLOG_API: the class and its members are lost. Export, inline, noexcept and Qt markers are
 * written this way in most libraries. blankMacros replaces such a macro with spaces (same length,
 * same lines: every offset and line number stays the source's) where its place tells it apart:
 *   - between `class` / `struct` / `union` and the name of a type defined there;
 *   - in front of a declaration: at the start of a line, after `[[attributes]]`, a template head
 *     or a specifier,
 *     followed by a type keyword or by a type that is qualified, a template, or followed by the
 *     declared name (a pointer's too: `LEVELDB_EXPORT Env* NewMemEnv()`);
 *   - between a return type and a function's name (`void SPDLOG_INLINE pool::post()`);
 *   - after a parameter list, before its body, `;`, a constructor's `:`, `= 0`, `override` or `final`;
 *   - Clang's thread-safety annotations after a declared member (`int refs_ GUARDED_BY(mu);`) and
 *     after a function's parameter list, on the next line too (`EXCLUSIVE_LOCKS_REQUIRED(mu)`);
 *   - alone on a line between statements or declarations (`Q_OBJECT`, `QT_BEGIN_NAMESPACE`), not
 *     before a block (`JSON_TRY` stands for `try`: blanked, its block would be orphaned), not
 *     where an expression goes on (`.add(n)` on the next line) and not as an enum's last
 *     enumerator.
 * Markers with arguments on one line (`QT_DEPRECATED_X("...")`, `Q_PROPERTY(...)`) count too,
 * in front of a declaration, after a parameter list, after a declared name and alone on a line.
 * Where the blanked text still parses with errors, parseSourceFile parses the source as written
 * too and keeps the tree that reads more of the file.
 * A macro is an upper-case name with an underscore (`FMT_API`, `GTEST_API_`): `HANDLE h;`,
 * `DWORD WINAPI f()`, `struct FOO_BAR x;` and `MAX_SIZE` in expressions are left as they are.
 * Runs in: parse workers, Node. Layer src/core.
 */

const MACRO = String.raw`[A-Z][A-Z0-9]*_[A-Z0-9_]*`;
/**
 * Where a macro starts (checked before the lookbehinds, which are slow to try at every position),
 * outside preprocessor lines and their `\` continuations: a #define's body is left as written.
 */
const AT = String.raw`\b(?=[A-Z][A-Z0-9]*_)(?<!^[ \t]*#(?:[^\n]*\\\r?\n)*[^\n]*)`;
const NAME = String.raw`[A-Za-z_]\w*`;
/** Keywords a declaration's type or specifiers can start with. */
const TYPE_KEYWORDS =
  'const|volatile|void|bool|char|char8_t|char16_t|char32_t|wchar_t|short|int|long|float|double|signed|unsigned|auto|inline|static|constexpr|consteval|constinit|virtual|explicit|extern|class|struct|union|enum|template|typename|friend|operator';
const SPECIFIERS = 'static|inline|extern|virtual|constexpr|friend|explicit';

/** Arguments of a function-like marker on one line: `(2, 0)`, `("Use arg() instead")`, `(f(x))`. */
const ARGS = String.raw`(?:\((?:[^()"\n]|"[^"\n]*"|\([^()\n]*\))*\))?`;
/**
 * Clang's thread-safety annotations on a data member, under any prefix (`GUARDED_BY`,
 * `ABSL_PT_GUARDED_BY`, `ACQUIRED_AFTER`): only these names, since an upper-case name with
 * arguments after a declared name is as often a constant or an object constructed there.
 */
const LOCK_ANNOTATION = String.raw`(?:[A-Z][A-Z0-9]*_)*(?:PT_)?GUARDED_BY|(?:[A-Z][A-Z0-9]*_)*ACQUIRED_(?:AFTER|BEFORE)`;
/**
 * The same annotations on a function, which stand after its parameter list, often on the next
 * line (`Status Recover(VersionEdit* edit)\n    EXCLUSIVE_LOCKS_REQUIRED(mutex_);`).
 */
const LOCK_FUNCTION_ANNOTATION = String.raw`(?:[A-Z][A-Z0-9]*_)*(?:(?:EXCLUSIVE|SHARED)_LOCKS_REQUIRED|LOCKS_EXCLUDED|LOCK_RETURNED|NO_THREAD_SAFETY_ANALYSIS|(?:(?:EXCLUSIVE|SHARED)_)?(?:TRY)?(?:UN)?LOCK_FUNCTION)`;
/** One or more markers in a row: `Q_REQUIRED_RESULT QT_DEPRECATED_X("...")`. */
const MARKERS = String.raw`(?:${MACRO}${ARGS}[ \t]+)*${MACRO}${ARGS}`;
/**
 * The end of the line before a marker alone on a line: a statement, block, access specifier,
 * template head, another marker, a comment or a preprocessor line ended there (an empty line
 * too), or the text starts there. After `,` or an operator the line goes on an expression or a
 * list (`COLOR_GREEN` closing an enum); after a `\` it goes on a #define.
 */
const LINE_BEFORE = String.raw`(?:(?<![\s\S])|(?:^|[;}:)\]>]|\b${MACRO}|\*\/|\/\/[^\n]*|#[^\n]*[^\\\n])[ \t]*\r?\n)[ \t]*`;
/**
 * How the line after a marker alone on a line starts: a declaration or statement, a comment, a
 * preprocessor line, or nothing. Not a block (`JSON_TRY` stands for `try`), nor `.`, `->`, `(`
 * or an operator: there the name goes on an expression (`DEFAULT_BUILDER` then `.add(n)`).
 */
const LINE_AFTER = String.raw`(?:[A-Za-z_~#/]|\[\[|\r?\n|$)`;
/** The same after a line that opens a block: the marker must not be all the block holds (`enum E {\n ONLY_ONE\n}`). */
const BLOCK_BEFORE = String.raw`\{[ \t]*\r?\n[ \t]*`;

const PATTERNS: readonly RegExp[] = [
  // class SPDLOG_API logger final : public base {
  new RegExp(String.raw`${AT}(?<=\b(?:class|struct|union)\s+)(?:${MACRO}\s+)+(?=${NAME}(?:\s+final)?\s*(?:\{|:(?!:)))`, 'gm'),
  // SPDLOG_INLINE void f() / static FMT_CONSTEXPR auto g() / SPDLOG_INLINE std::string h() / QT_DEPRECATED_X("...") T<M>::T()
  // / LEVELDB_EXPORT Env* NewMemEnv()
  new RegExp(
    String.raw`${AT}(?<=^[ \t]*|\]\][ \t]*|\btemplate[ \t]*<[^\n]*>[ \t]+|\b(?:${SPECIFIERS})[ \t]+)(?:${MACRO}${ARGS}[ \t]+)+(?=(?:${TYPE_KEYWORDS})\b|~|${NAME}(?:::|<|[ \t]+[A-Za-z_~*&]|[ \t]*[*&]+[ \t]*[A-Za-z_]))`,
    'gm',
  ),
  // void SPDLOG_INLINE pool::post() / std::string SPDLOG_INLINE getenv()
  new RegExp(String.raw`${AT}(?<=[\w>*&][ \t]+)${MACRO}(?=[ \t]+[A-Za-z_~][\w:<>~]*[ \t]*\()`, 'gm'),
  // size_t size() const SPDLOG_NOEXCEPT { / void f() Q_DECL_OVERRIDE; / T(T &&o) FMT_NOEXCEPT : x(o.x) / f(...) Q_ATTRIBUTE_FORMAT_PRINTF(2, 0);
  new RegExp(String.raw`${AT}(?<=\)[ \t]*(?:const[ \t]*)?)${MACRO}${ARGS}(?=[ \t]*(?:\{|;|:(?!:)|=[ \t]*(?:0|default|delete)\b|override\b|final\b|->|$))`, 'gm'),
  // Q_OBJECT / QT_BEGIN_NAMESPACE / Q_PROPERTY(...) / Q_REQUIRED_RESULT QT_DEPRECATED_X(...) alone
  // on a line, between statements or declarations (a block's only line: an enum's one enumerator)
  new RegExp(String.raw`${AT}(?<=${LINE_BEFORE})${MARKERS}(?=[ \t]*\r?\n[ \t]*(?:${LINE_AFTER}|\}))`, 'gm'),
  new RegExp(String.raw`${AT}(?<=${BLOCK_BEFORE})${MARKERS}(?=[ \t]*\r?\n[ \t]*${LINE_AFTER})`, 'gm'),
];

/** Clang's thread-safety annotations, tried only on a text that names one (each pattern is a scan). */
const LOCK_PATTERNS: readonly RegExp[] = [
  // void f()\n    EXCLUSIVE_LOCKS_REQUIRED(mu_) LOCKS_EXCLUDED(b_); (after a parameter list, on the next line too)
  new RegExp(String.raw`${AT}(?=(?:${LOCK_FUNCTION_ANNOTATION})\()(?<=\)\s*(?:const\s*)?(?:${MACRO}${ARGS}\s+)*)(?:${LOCK_FUNCTION_ANNOTATION})${ARGS}(?=\s*(?:\{|;|:(?!:)|=|override\b|final\b|${MACRO}))`, 'gm'),
  // int refs_ GUARDED_BY(mu_); / std::set<int> ids_ ABSL_PT_GUARDED_BY(mu_) = {}; (after a declared name)
  new RegExp(String.raw`${AT}(?=(?:${LOCK_ANNOTATION})\()(?<=\w[ \t]+)(?:${LOCK_ANNOTATION})\([^()\n]*\)(?=[ \t]*[;=,{])`, 'gm'),
];
const LOCK_CANDIDATE = /GUARDED_BY|LOCKS_(?:REQUIRED|EXCLUDED)|LOCK_(?:FUNCTION|RETURNED)|ACQUIRED_|THREAD_SAFETY/;

const CANDIDATE = /[A-Z0-9]_|_[A-Z]/;

/** `text` with the attribute-like macros blanked out (the same string when there are none). */
export function blankMacros(text: string): string {
  if (!CANDIDATE.test(text)) return text;
  let out = text;
  const patterns = LOCK_CANDIDATE.test(text) ? [...PATTERNS, ...LOCK_PATTERNS] : PATTERNS;
  for (const pattern of patterns) out = out.replace(pattern, (macro) => macro.replace(/\S/g, ' '));
  return out;
}
