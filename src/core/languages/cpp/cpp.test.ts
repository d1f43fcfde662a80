/**
 * @file C++ onto the schema and the stitcher: nested namespaces, classes declared in a header
 * with methods defined out of line (in the header's file: Methods; in another file: Functions
 * named after the class, which read the class's members), constructors that are not the class's
 * name in lookups, a name before `::` that is no member function, data members,
 * enumerators, `this->`, `using namespace` / `using a::X`, includes from the including folder
 * and from an include root, and what stays unresolved (the standard library, other receivers).
 * Small in-memory projects parsed by real tree-sitter and the real extractor, then stitched.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { edgeList } from '../../../../test/fixtures/stitch/irBuilder.ts';
import { fixtureParsers, stitchSources } from '../../../../test/fixtures/stitch/parseFixture.ts';
import { parseSourceFile } from '../../parse/parseFile.ts';
import { collectSyntaxIssues, errorExtent } from '../../parse/treeSitter.ts';
import { blankMacros } from './cppMacros.ts';
import { extractorFor } from '../implementations.ts';

const SOURCES = {
  'include/shop/price.h': [
    '#pragma once',
    'namespace shop { namespace money { namespace detail { inline long round(long v) { return v; } } } }',
    'namespace shop { namespace money {',
    'enum class Currency { Eur, Usd };',
    '/// Money in cents.',
    'class Price {',
    ' public:',
    '  explicit Price(long cents);',
    '  long cents() const;',
    '  static Price zero();',
    ' private:',
    '  long cents_;',
    '  bool operator==(const Price& other) const { return cents_ == other.cents_; }',
    '  Currency currency_ = Currency::Eur;',
    '};',
    'inline Price Price::zero() { return Price(0); }',
    '}  // namespace money',
    '}  // namespace shop',
  ].join('\n'),
  'src/price.cpp': [
    '#include "shop/price.h"',
    'namespace shop { namespace money {',
    'Price::Price(long cents) : cents_(cents) {}',
    'long Price::cents() const { return this->cents_; }',
    'bool Price::operator<(const Price& other) const { return cents_ < other.cents_; }',
    'Price::~Price() {}',
    '} }',
  ].join('\n'),
  'src/util.h': 'inline int clamp(int v) { return v; }\n',
  'src/cart.cpp': [
    '#include <vector>',
    '#include "../include/shop/price.h"',
    '#include <repo/src/util.h> // written from above the repository (its own top folder)',
    'using namespace shop::money;',
    'using shop::money::Currency;',
    'namespace shop {',
    'struct Line { Price price; int qty; };',
    'long total(const std::vector<Line>& lines) {',
    '  long sum = Price::zero().cents();',
    '  for (const Line& line : lines) sum += line.price.cents() * line.qty;',
    '  Currency c = Currency::Usd;',
    '  return sum;',
    '}',
    '}',
  ].join('\n'),
};

describe('C++ headers, out-of-line definitions, namespaces and includes', async () => {
  const { graph, kinds } = await stitchSources(SOURCES);

  it('maps classes, structs and enums to Class; members, data members and enumerators', () => {
    expect(kinds('Class')).toEqual(['include.shop.price.Currency', 'include.shop.price.Price', 'src.cart.Line']);
    expect(kinds('Method')).toEqual([
      'include.shop.price.Price.Price', 'include.shop.price.Price.cents', 'include.shop.price.Price.operator==', 'include.shop.price.Price.zero', 'include.shop.price.Price.zero',
    ]);
    expect(kinds('Function')).toEqual(['include.shop.price.round', 'src.cart.total', 'src.price.Price.Price', 'src.price.Price.cents', 'src.price.Price.operator<', 'src.price.Price.~Price', 'src.util.clamp']);
    expect(kinds('Field')).toEqual([
      'include.shop.price.Currency.Eur', 'include.shop.price.Currency.Usd', 'include.shop.price.Price.cents_',
      'include.shop.price.Price.currency_', 'src.cart.Line.price', 'src.cart.Line.qty',
    ]);
    // The file's package is the namespace most of it defines things in, not the detail one first.
    expect(graph.nodes.find((n) => n.qualified_name === 'include.shop.price')).toMatchObject({ import_name: 'shop.money.price' });
    expect(graph.nodes.find((n) => n.qualified_name === 'include.shop.price.Price')).toMatchObject({ docstring: 'Money in cents.' });
  });

  it('resolves names through nested namespaces and using directives; the class name is the class', () => {
    expect(edgeList(graph, 'USES').filter((e) => e.startsWith('src.cart.total'))).toEqual([
      'src.cart.total -> include.shop.price.Currency [annotate]',
      'src.cart.total -> include.shop.price.Currency.Usd [reference]',
      'src.cart.total -> include.shop.price.Price.zero [call]',
      'src.cart.total -> src.cart.Line [annotate]',
    ]);
    expect(edgeList(graph, 'USES').filter((e) => e.startsWith('include.shop.price.Price.zero'))).toEqual([
      // The prototype in the class and the inline definition below it: both Methods, like overloads.
      'include.shop.price.Price.zero -> include.shop.price.Price [annotate]',
      'include.shop.price.Price.zero -> include.shop.price.Price [annotate]',
      'include.shop.price.Price.zero -> include.shop.price.Price [instantiate]',
    ]);
  });

  it('resolves includes from the including folder and from an include root, and namespace usings; the standard library stays out', () => {
    // `using namespace shop::money` reaches every file of that namespace, as C#'s `using` does.
    expect(edgeList(graph, 'IMPORTS')).toEqual([
      'src.cart -> include.shop.price [*,Currency]', 'src.cart -> src.price [*]', 'src.cart -> src.util', 'src.price -> include.shop.price',
    ]);
    expect(graph.unresolved.map((u) => `${u.module}:${u.name}`).sort()).toEqual(['vector:vector']);
  });
});

// A library written with export / inline / noexcept macros, as most are (spdlog, fmt, Qt).
const MACRO_SOURCES = {
  'include/log/logger.h': [
    '#pragma once',
    '#define LOG_API',
    '#define LOG_INLINE inline',
    '#define LOG_NOEXCEPT noexcept',
    'namespace log {',
    'const int MAX_LEVEL = 9;',
    'class LOG_API logger final {',
    ' public:',
    '  explicit logger(int level);',
    '  void log(int x) LOG_NOEXCEPT;',
    ' private:',
    '  int level_;',
    '};',
    'LOG_INLINE logger::logger(int level) : level_(level) {}',
    'LOG_INLINE void logger::log(int x) LOG_NOEXCEPT { sink(x); }',
    'void LOG_INLINE sink(int x) {}',
    '}',
  ].join('\n'),
  'src/config.cpp': [
    '#include "log/logger.h"',
    'namespace log {',
    'struct Builder { Builder& add(int x) { return *this; } };',
    'Builder DEFAULT_BUILDER;',
    'void configure() {',
    '  int n = MAX_LEVEL;',
    '  DEFAULT_BUILDER', // a name a chained call goes on from: not a marker, left as written
    '      .add(n);',
    '}',
    '}',
  ].join('\n'),
};

describe('C++ written with attribute-like macros', async () => {
  // stitchSources refuses files with syntax errors: every line here is read.
  const { graph, kinds } = await stitchSources(MACRO_SOURCES);

  it('finds the class behind an export macro and its members defined out of line behind inline macros', () => {
    expect(kinds('Class')).toEqual(['include.log.logger.logger', 'src.config.Builder']);
    expect(kinds('Method')).toEqual([
      'include.log.logger.logger.log', 'include.log.logger.logger.log', 'include.log.logger.logger.logger', 'include.log.logger.logger.logger',
      'src.config.Builder.add', // returns a reference: `Builder& add(...)`
    ]);
    expect(kinds('Function')).toEqual(['include.log.logger.sink', 'src.config.configure']);
    expect(edgeList(graph, 'USES').filter((e) => e.includes('logger.log ->'))).toEqual(['include.log.logger.logger.log -> include.log.logger.sink [call]']);
  });

  it('leaves a name that an expression goes on from', () => {
    expect(edgeList(graph, 'USES').filter((e) => e.startsWith('src.config.configure'))).toEqual([
      'src.config.configure -> include.log.logger.MAX_LEVEL [reference]',
      'src.config.configure -> src.config.Builder.add [call]', // through the variable's type
      'src.config.configure -> src.config.DEFAULT_BUILDER [reference]',
    ]);
    // Signatures and code are the source's: the macros are still in them.
    expect(graph.nodes.find((n) => n.qualified_name === 'include.log.logger.logger')?.signature).toContain('LOG_API');
  });

  it('reads a file as written where the blanked text leaves more of it unread (a header cut off inside a class)', async () => {
    const text = [
      'LIB_BEGIN_NAMESPACE',
      'class Generator',
      '{',
      '    Engine &engine() { return reinterpret_cast<Engine &>(buffer); }',
      '    const Engine &engine() const { return reinterpret_cast<const Engine &>(buffer); }',
    ].join('\n');
    const parsers = await fixtureParsers();
    const asWritten = parsers.parse('cpp', text);
    const blanked = parsers.parse('cpp', blankMacros(text));
    try {
      // Blanked, the unclosed class is one ERROR; as written, tree-sitter reads past two small ones.
      expect(errorExtent(blanked)).toBeGreaterThan(128);
      expect(errorExtent(asWritten)).toBeLessThan(errorExtent(blanked));
      expect(parseSourceFile(parsers, { path: 'gen.h', language: 'cpp', text }, extractorFor).syntaxErrors).toEqual(collectSyntaxIssues(asWritten));
    } finally {
      asWritten.delete();
      blanked.delete();
    }
  });
});

describe('C++ members defined away from their class', async () => {
  const { graph } = await stitchSources({
    'include/common.h': 'namespace spdlog { namespace level { enum level_enum { trace, debug }; } }\n',
    'include/logger.h': [
      '#include "common.h"',
      'namespace spdlog { class logger { public:',
      '  level::level_enum level() const;',
      '  bool should_log(level::level_enum l) const { return l >= level::debug; }',
      '}; }',
    ].join('\n'),
    'src/logger.cpp': [
      '#include "../include/logger.h"',
      'namespace spdlog {',
      'level::level_enum logger::level() const { return level::trace; }',
      'level::level_enum parse_level(int x) { return level::debug; }',
      '}',
    ].join('\n'),
  });

  it('are no namespace-level names: `level::` is still the namespace, not the Function logger.level', () => {
    // Nor the Method logger.level: what `::` follows is no function, in the class or out of it.
    expect(edgeList(graph, 'USES').filter((e) => e.startsWith('include.logger'))).toEqual([
      'include.logger.logger.level -> include.common.level_enum [reference]',
      'include.logger.logger.should_log -> include.common.level_enum [reference]',
    ]);
    expect(edgeList(graph, 'USES').filter((e) => e.startsWith('src.logger'))).toEqual([
      'src.logger.logger.level -> include.common.level_enum [reference]',
      'src.logger.parse_level -> include.common.level_enum [reference]',
    ]);
  });
});

describe('C++ members defined in another file than their class', async () => {
  // A header and its source in one folder, as most C++ projects keep them.
  const { graph, kinds } = await stitchSources({
    'src/shape.h': [
      '#pragma once',
      'namespace geo {',
      'inline int scale(int n) { return n; }',
      'class Base { public: Base() : id_(0) {} protected: int id_; int ident() const { return id_; } };',
      'class Shape : public Base {',
      ' public:',
      '  double area() const;',
      '  int sides() const { return n_; }',
      '  int scale() const;',
      '  struct Edge { int len() const; int n; };',
      ' private:',
      '  int n_;',
      '};',
      '}',
    ].join('\n'),
    'src/shape.cpp': [
      '#include "shape.h"',
      'namespace geo {',
      'double Shape::area() const { const Base* b = this; return sides() * this->n_ + ident(); }',
      'int Shape::scale() const { return geo::scale(n_); }',
      'int twice(const Shape& s) { return scale(2); }',
      '}',
      '// Written from outside the namespace, for a class nested in the class.',
      'int geo::Shape::Edge::len() const { return n; }',
    ].join('\n'),
  });

  it('read the members of their class (nested ones and qualified from outside the namespace too), inherited ones, as bare names and through `this->`', () => {
    expect(edgeList(graph, 'USES').filter((e) => e.startsWith('src.shape.cpp'))).toEqual([
      'src.shape.cpp.Edge.len -> src.shape.Shape.Edge.n [reference]',
      // A base class's name is the class, not its constructor (C++'s injected class name).
      'src.shape.cpp.Shape.area -> src.shape.Base [annotate]',
      'src.shape.cpp.Shape.area -> src.shape.Base.ident [call]',
      'src.shape.cpp.Shape.area -> src.shape.Shape.n_ [reference]',
      'src.shape.cpp.Shape.area -> src.shape.Shape.sides [call]',
      // The class's own member hides nothing that is written qualified; a free function stays free.
      'src.shape.cpp.Shape.scale -> src.shape.Shape.n_ [reference]',
      'src.shape.cpp.Shape.scale -> src.shape.scale [call]',
      'src.shape.cpp.twice -> src.shape.Shape [annotate]',
      'src.shape.cpp.twice -> src.shape.scale [call]',
    ]);
  });

  it('are in a module named with its extension beside the header of the same name', () => {
    expect(kinds('Module')).toEqual(['src.shape', 'src.shape.cpp']);
    expect(graph.nodes.find((n) => n.qualified_name === 'src.shape.cpp')).toMatchObject({ name: 'src.shape.cpp', file_path: 'src/shape.cpp' });
    expect(kinds('Function')).toEqual(['src.shape.cpp.Edge.len', 'src.shape.cpp.Shape.area', 'src.shape.cpp.Shape.scale', 'src.shape.cpp.twice', 'src.shape.scale']);
    expect(edgeList(graph, 'IMPORTS')).toEqual(['src.shape.cpp -> src.shape']);
  });
});

describe('C++ members defined away from their class, behind a qualifier the resolver cannot read', async () => {
  const { graph } = await stitchSources({
    'src/u.h': 'namespace lib {\nclass U {\n public:\n  int f() const;\n  int b_;\n};\n}\n',
    'src/u.cpp': '#include "u.h"\nnamespace al = lib;\nusing namespace lib;\nint al::U::f() const { return b_; }\n',
  });

  it('find the class by its own name (a namespace alias, or a namespace a macro opens)', () => {
    expect(edgeList(graph, 'USES').filter((e) => e.startsWith('src.u.cpp'))).toEqual(['src.u.cpp.U.f -> src.u.U.b_ [reference]']);
  });
});

describe('C++ declarations split by the preprocessor', async () => {
  it('define no nameless Field, nor a member named after the misread text (#ifdef / #else around a return type)', async () => {
    const text = [
      'class QString {',
      'public:',
      '    template <typename...Args>',
      '#ifdef Q_CLANG_QDOC',
      '    QString',
      '#else',
      '    typename std::enable_if<sizeof...(Args) >= 2, QString>::type',
      '#endif',
      '    arg(Args &&...args) const { return args; }',
      '    bool operator == (const QString &other) const;',
      '    void (APIENTRYP glUniform1f)(int location, float v0);',
      '    int size_;',
      '};',
    ].join('\n');
    const ir = parseSourceFile(await fixtureParsers(), { path: 'qstring.h', language: 'cpp', text }, extractorFor);
    expect(ir.entities.map((e) => `${e.kind} ${e.qualifiedName}`)).toEqual([
      'Class QString', 'Method QString.arg', 'Method QString.operator==', 'Method QString.glUniform1f', 'Field QString.size_',
    ]);
  });
});

