/**
 * @file blankMacros: which macros it blanks (export, inline, noexcept and Qt markers, in the
 * places tree-sitter-cpp trips on them) and which names it leaves (types, constants, a macro
 * that stands for `try`), always keeping the text's length and lines. The graph these give
 * (classes and out-of-line members found) is tested in cpp.test.ts.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { blankMacros } from './cppMacros.ts';

/** The source with each `«X»` blanked, for readable expectations. */
function blanked(marked: string): { source: string; expected: string } {
  return {
    source: marked.replace(/[«»]/g, ''),
    expected: marked.replace(/«([^»]*)»/g, (_, macro: string) => ' '.repeat(macro.length)).replace(/[«»]/g, ''),
  };
}

describe('blankMacros', () => {
  it.each([
    ['an export macro between class and name', 'class «SPDLOG_API» logger final : public base {'],
    ['an export macro on a struct', 'struct «GTEST_API_» TestInfo {'],
    ['an inline macro before a return type', '«SPDLOG_INLINE» void logger::log(int x) {}'],
    ['an inline macro before a constructor defined out of line', '«SPDLOG_INLINE» logger::logger(std::string name) {}'],
    ['an inline macro before a qualified or template type', '«SPDLOG_INLINE» std::shared_ptr<logger> default_logger();'],
    ['two macros in a row', '«ABSL_MUST_USE_RESULT» «ABSL_ATTRIBUTE_PURE» inline int f();'],
    ['a macro after a specifier', 'static «FMT_CONSTEXPR» auto g() -> int;'],
    ['a macro after a template head', 'template <typename Char> «FMT_FUNC» Char decimal_point(locale_ref loc) {}'],
    ['a macro after [[attributes]]', '[[noreturn]] «SPDLOG_API» void throw_ex(int e);'],
    ['a macro before const', '«SPDLOG_INLINE» const std::vector<int> &logger::sinks() const {}'],
    ['a macro between return type and name', 'void «SPDLOG_INLINE» pool::post(int x) {}'],
    ['a noexcept macro before the body', 'size_t size() const «SPDLOG_NOEXCEPT» { return 0; }'],
    ['a noexcept macro before a constructor initializer', 'T(T &&o) «FMT_NOEXCEPT» : x(o.x) {}'],
    ['an override macro before ;', 'void paint() «Q_DECL_OVERRIDE»;'],
    ['a marker alone on a line', 'class W {\n    «Q_OBJECT»\npublic:\n};'],
    ['markers with arguments alone on a line', 'class W {\n    «Q_OBJECT»\n    «Q_PROPERTY(int x READ x)»\npublic:\n};'],
    ['a marker with arguments before a declaration', '// compat\n«QT_DEPRECATED_X("Use QLatin1String")»\ntypedef QLatin1String QLatin1Literal;'],
    ['markers in a row alone on a line', 'int a;\n«Q_REQUIRED_RESULT QT_DEPRECATED_X("Use split()")»\nQStringList split(QChar sep) const;'],
    ['a marker whose arguments hold parentheses', 'int a;\n«QT_DEPRECATED_X("Use arg() instead")»\nQString &sprintf(const char *f);'],
    ['a marker with arguments after a parameter list', 'QString &vsprintf(const char *f, va_list ap) «Q_ATTRIBUTE_FORMAT_PRINTF(2, 0)»;'],
    ['a namespace macro alone on a line', '«QT_BEGIN_NAMESPACE»\nclass A;\n«QT_END_NAMESPACE»\n'],
    ['an export macro before a pointer return type', '«LEVELDB_EXPORT» Env* NewMemEnv(Env* base_env);\n«LEVELDB_EXPORT» leveldb_t* leveldb_open(const char* n);'],
    ['thread-safety annotations after a parameter list, on the next line too', 'class C {\n  Status Recover(VersionEdit* edit)\n      «EXCLUSIVE_LOCKS_REQUIRED(mutex_)»;\n  void Lock() «ABSL_EXCLUSIVE_LOCK_FUNCTION()» «ABSL_LOCKS_EXCLUDED(a_)»;\n  int n() const\n      «SHARED_LOCKS_REQUIRED(mu_)» { return n_; }\n};'],
    ['thread-safety annotations after a member', 'class C {\n  int refs_ «GUARDED_BY(mu_)»;\n  std::set<int> ids_ «ABSL_PT_GUARDED_BY(mu_)» = {};\n  Mutex a_ «ACQUIRED_AFTER(b_)»;\n};'],
  ])('blanks %s', (_, marked) => {
    const { source, expected } = blanked(marked);
    const out = blankMacros(source);
    expect(out).toBe(expected);
    expect(out.length).toBe(source.length);
  });

  it.each([
    ['types without an underscore', 'HANDLE h = open();\nDWORD WINAPI run(void *p);'],
    ['a C struct type used by name', 'struct FOO_BAR x;\nTIME_ZONE_INFORMATION tz;'],
    ['a type followed by a function name', 'UINT_32 compute(int a);'],
    ['constants in expressions', 'int a = MAX_SIZE;\nif (n > MAX_SIZE) return MAX_SIZE;'],
    ['a macro that stands for try, before its block', 'JSON_TRY\n{\n  f();\n}\n'],
    ['the last enumerator of an enum', 'enum Color {\n    COLOR_RED,\n    COLOR_GREEN\n};\nenum E {\n    ONLY_ONE\n};'],
    ['a name that goes on an expression', 'int x = a +\n    MAX_SIZE\n    ;'],
    ['a name that a chained call goes on from', 'int n = 1;\nDEFAULT_BUILDER\n    .add(n);'],
    ['preprocessor lines', '#define SPDLOG_INLINE inline\n#ifdef SPDLOG_HEADER_ONLY\n#endif'],
    ['a #define body, continued lines too', '#  define qCDebug(category, ...) QT_NO_QDEBUG_MACRO()\n#define LOG(x) \\\n    LOG_IMPL(x) LOG_NOEXCEPT\nint a;'],
    ['text without macros', 'int main() { return 0; }'],
    ['constants and objects named in upper case after a type', 'static const int MAX_SIZE = 10;\nstatic Mutex GLOBAL_MU(LINKER_INITIALIZED);\nelse return MAKE_PAIR(a, b);'],
    ['a pointer expression after an upper-case name', 'int n = 1;\nSOME_VALUE * n;'],
    ['a call on the line after a condition', 'if (ready())\n  LOG_MESSAGE(format(x));'],
  ])('leaves %s', (_, source) => {
    expect(blankMacros(source)).toBe(source);
  });
});
