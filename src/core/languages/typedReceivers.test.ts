/**
 * @file Members read through declared types: a parameter's, a local's (declared, or the type it
 * is constructed as) and a field's type leads a chain on to that type's members, in every
 * statically typed language on the shared walker. Small in-memory projects parsed by real
 * tree-sitter and the real extractors, then stitched.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { usesFrom } from '../../../test/fixtures/stitch/irBuilder.ts';
import { parseSources, stitchSources } from '../../../test/fixtures/stitch/parseFixture.ts';
import type { Graph } from '../graph/types.ts';

/** The stitched graph of in-memory sources, none with a syntax error. */
async function graphOf(sources: Record<string, string>): Promise<Graph> {
  return (await stitchSources(sources)).graph;
}

describe('Java: parameters, locals, `var` and fields', async () => {
  const graph = await graphOf({
    'src/shop/Repo.java': 'package shop;\npublic class Repo extends Base {\n  public void save(Order o) {}\n}\n',
    'src/shop/Base.java': 'package shop;\npublic class Base {\n  public int size;\n  public void flush() {}\n}\n',
    'src/shop/Order.java': 'package shop;\npublic class Order {\n  public Repo repo;\n  public void place() {}\n}\n',
    'src/shop/Service.java': [
      'package shop;',
      'import java.util.List;',
      'class Service {',
      '  private Repo repo;',
      '  private List<Order> orders;',
      '  void run(Order order, int n) {',
      '    order.place();',
      '    var fresh = new Order();',
      '    fresh.repo.flush();',
      '    Repo local = repo;',
      '    local.save(order);',
      '    this.repo.flush();',
      '    repo.size++;',
      '    orders.add(order);',
      '    order.missing();',
      '  }',
      '}',
    ].join('\n'),
  });

  it('reads a member of a parameter, a local, a `var` and a field through its declared type, inherited members too', () => {
    expect(usesFrom(graph, 'src.shop.Service.Service.run')).toEqual([
      'src.shop.Base.Base.flush [call]',
      'src.shop.Base.Base.size [reference]',
      'src.shop.Order.Order [annotate]',
      'src.shop.Order.Order [instantiate]',
      'src.shop.Order.Order.place [call]',
      'src.shop.Order.Order.repo [reference]',
      'src.shop.Repo.Repo [annotate]',
      'src.shop.Repo.Repo.save [call]',
      'src.shop.Service.Service.orders [reference]', // List is outside the repo: the field is read
      'src.shop.Service.Service.repo [reference]',
    ]);
  });
});

describe('C#: parameters, `var`, nullable fields and properties', async () => {
  const graph = await graphOf({
    'Shop/Repo.cs': 'namespace Shop {\n  public class Repo {\n    public void Save() {}\n    public int Count { get; set; }\n  }\n}\n',
    'App/Service.cs': [
      'using Shop;',
      'namespace App {',
      '  class Service {',
      '    private Repo? cache;',
      '    public Repo Main { get; set; }',
      '    void Run(Repo repo) {',
      '      repo.Save();',
      '      var fresh = new Repo();',
      '      var n = fresh.Count;',
      '      cache.Save();',
      '      Main.Save();',
      '    }',
      '  }',
      '}',
    ].join('\n'),
  });

  it('reads members through parameter, `var x = new T()`, nullable field and property types', () => {
    expect(usesFrom(graph, 'App.Service.Service.Run')).toEqual([
      'App.Service.Service.Main [reference]',
      'App.Service.Service.cache [reference]',
      'Shop.Repo.Repo [instantiate]',
      'Shop.Repo.Repo [reference]',
      'Shop.Repo.Repo.Count [reference]',
      'Shop.Repo.Repo.Save [call]',
    ]);
  });
});

describe('Go: parameters, literals, struct fields across a package', async () => {
  const graph = await graphOf({
    'go.mod': 'module example.com/shop\n',
    'store/repo.go': 'package store\n\ntype Repo struct{ Size int }\n\nfunc (r *Repo) Save() {}\n',
    'app/service.go': [
      'package app',
      '',
      'import "example.com/shop/store"',
      '',
      'type Service struct {',
      '\trepo *store.Repo',
      '}',
      '',
      'func (s *Service) Run(r *store.Repo) {',
      '\tr.Save()',
      '\tfresh := &store.Repo{}',
      '\t_ = fresh.Size',
      '\ts.repo.Save()',
      '\tvar other store.Repo',
      '\tother.Save()',
      '}',
    ].join('\n'),
  });

  it('reads members through `*T`, `pkg.T`, `&T{}` and a struct field of the receiver', () => {
    expect(usesFrom(graph, 'app.service.Service.Run')).toEqual([
      'app.service.Service.repo [reference]',
      'store.repo.Repo [annotate]',
      'store.repo.Repo [instantiate]',
      'store.repo.Repo.Save [call]',
      'store.repo.Repo.Size [reference]',
    ]);
  });
});

describe('Rust: references, smart pointers, `T::new()`, struct literals and `Self`', async () => {
  const graph = await graphOf({
    'src/lib.rs': 'pub mod store;\npub mod app;\n',
    'src/store.rs': 'pub struct Repo { pub size: usize }\n\nimpl Repo {\n    pub fn new() -> Self { Repo { size: 0 } }\n    pub fn save(&self) {}\n    pub fn merge(&self, other: &Self) { other.save(); }\n}\n',
    'src/app.rs': [
      'use crate::store::Repo;',
      '',
      'pub struct Service { repo: Box<Repo> }',
      '',
      'impl Service {',
      '    pub fn run(&self, r: &mut Repo) {',
      '        r.save();',
      '        let fresh = Repo::new();',
      '        let n = fresh.size;',
      '        self.repo.save();',
      '        let lit = Repo { size: 1 };',
      '        lit.merge(&fresh);',
      '    }',
      '}',
    ].join('\n'),
  });

  it('reads members through `&mut T`, `Box<T>` fields, `T::new()`, `T { .. }` and `&Self`', () => {
    expect(usesFrom(graph, 'src.app.Service.run')).toEqual([
      'src.app.Service.repo [reference]',
      'src.store.Repo [annotate]',
      'src.store.Repo [instantiate]',
      'src.store.Repo.merge [call]',
      'src.store.Repo.new [call]',
      'src.store.Repo.save [call]',
      'src.store.Repo.size [reference]',
    ]);
    expect(usesFrom(graph, 'src.store.Repo.merge')).toContain('src.store.Repo.save [call]');
  });
});

describe('C++: pointers, references, smart pointers, `auto` and data members', async () => {
  const graph = await graphOf({
    'src/repo.h': 'namespace shop {\nclass Repo {\n public:\n  void save();\n  int size;\n};\n}\n',
    'src/service.h': [
      '#include "repo.h"',
      '#include <memory>',
      'namespace shop {',
      'class Service {',
      ' public:',
      '  void run(const Repo& r, Repo* p) {',
      '    r.save();',
      '    p->save();',
      '    auto fresh = new Repo();',
      '    int n = fresh->size;',
      '    auto made = std::make_unique<Repo>();',
      '    made->save();',
      '    owned_->save();',
      '    Repo local;',
      '    local.size = 1;',
      '  }',
      ' private:',
      '  std::unique_ptr<Repo> owned_;',
      '};',
      '}',
    ].join('\n'),
  });

  it('reads members through `const T&`, `T*`, `auto x = new T`, `make_unique<T>`, a `unique_ptr<T>` member and a local `T`', () => {
    expect(usesFrom(graph, 'src.service.Service.run')).toEqual([
      'src.repo.Repo [annotate]',
      'src.repo.Repo [instantiate]',
      'src.repo.Repo.save [call]',
      'src.repo.Repo.size [reference]',
      'src.service.Service.owned_ [reference]',
    ]);
  });
});

describe('PHP: typed parameters, promoted and typed properties, `new` locals', async () => {
  const graph = await graphOf({
    'src/Repo.php': '<?php\nnamespace App;\nclass Repo {\n  public int $size = 0;\n  public function save(): void {}\n}\n',
    'src/Service.php': [
      '<?php',
      'namespace App;',
      'class Service {',
      '  private Repo $main;',
      '  public function __construct(private ?Repo $cache) {}',
      '  public function run(Repo $repo, $loose): void {',
      '    $repo->save();',
      '    $fresh = new Repo();',
      '    $n = $fresh->size;',
      '    $this->main->save();',
      '    $this->cache->save();',
      '    $loose->save();',
      '  }',
      '}',
    ].join('\n'),
  });

  it('reads members through parameter, property and `new` types; an untyped variable stays unknown', () => {
    expect(usesFrom(graph, 'src.Service.Service.run')).toEqual([
      'src.Repo.Repo [annotate]',
      'src.Repo.Repo [instantiate]',
      'src.Repo.Repo.save [call]',
      'src.Repo.Repo.size [reference]',
      'src.Service.Service.cache [reference]',
      'src.Service.Service.main [reference]',
    ]);
  });
});

describe('Ruby: locals and instance variables assigned `T.new`', async () => {
  const graph = await graphOf({
    'lib/repo.rb': 'class Repo\n  def save; end\nend\n',
    'lib/service.rb': [
      "require_relative 'repo'",
      'class Service',
      '  def initialize',
      '    @repo = Repo.new',
      '  end',
      '',
      '  def run(other)',
      '    fresh = Repo.new',
      '    fresh.save',
      '    @repo.save',
      '    other.save',
      '  end',
      'end',
    ].join('\n'),
  });

  it('reads `x.m` and `@x.m` through the class x was created as; a parameter stays unknown', () => {
    expect(usesFrom(graph, 'lib.service.Service.run')).toEqual([
      'lib.repo.Repo [instantiate]',
      'lib.repo.Repo.save [call]',
      'lib.service.Service.repo [reference]',
    ]);
  });
});

describe('PHP: a variable never hides a function of its name', async () => {
  const graph = await graphOf({
    'src/helpers.php': '<?php\nfunction cookie($name) { return $name; }\n',
    'src/Jar.php': [
      '<?php',
      "require_once __DIR__ . '/helpers.php';",
      'class Jar {',
      '  public function put($cookie) {',
      '    $cookie = cookie($cookie);',
      '    return $cookie;',
      '  }',
      '}',
    ].join('\n'),
  });

  it('still calls cookie() after `$cookie = ...`', () => {
    expect(usesFrom(graph, 'src.Jar.Jar.put')).toEqual(['src.helpers.cookie [call]']);
  });
});

describe('a name written with `::` or as a type never starts at a local', async () => {
  const graph = await graphOf({
    'src/log.h': 'namespace log {\nclass Writer {\n public:\n  Writer();\n  void add();\n};\ninline void flush() {}\n}\n',
    'src/db.h': [
      '#include "log.h"',
      'class Db {',
      ' public:',
      '  void snapshot(log::Writer* log) {',
      '    log->add();',
      '    log::flush();',
      '  }',
      '};',
    ].join('\n'),
    'Cargo.toml': '[package]\nname = "shop"\n',
    'src/lib.rs': 'pub mod io;\npub mod app;\n',
    'src/io.rs': 'pub struct Stdin;\nimpl Stdin { pub fn read(&self) {} }\npub fn stdin() -> Stdin { Stdin }\n',
    'src/app.rs': 'use crate::io;\n\npub fn run(io: &io::Stdin) {\n    io.read();\n    io::stdin();\n}\n',
  });

  it('C++: `log::Writer* log` annotates the class, `log::flush()` calls the namespace function, `log->add()` the member', () => {
    expect(usesFrom(graph, 'src.db.Db.snapshot')).toEqual(['src.log.Writer [reference]', 'src.log.Writer.add [call]', 'src.log.flush [call]']);
  });

  it('Rust: `io::stdin()` beside a parameter `io` calls the module function', () => {
    expect(usesFrom(graph, 'src.app.run')).toEqual(['src.io.Stdin [annotate]', 'src.io.Stdin.read [call]', 'src.io.stdin [call]']);
  });
});

describe('C++: members that return a reference, operators, parameters passed by reference', async () => {
  const graph = await graphOf({
    'src/text.h': [
      'template <class T> class Text {',
      ' public:',
      '  Text& append(const Text& other) { return *this; }',
      '  const int& size() const;',
      '  bool operator<(const Text& other) const;',
      '  Text& operator=(const Text& other);',
      '};',
      'template <class T>',
      'inline Text<T>& Text<T>::operator=(const Text<T>& other) { other.size(); return *this; }',
      'inline int measure(const Text<int>& t) { return t.size(); }',
    ].join('\n'),
  });

  it('are Methods (an out-of-line template operator too), and a `const T&` parameter reads T', () => {
    expect(graph.nodes.filter((n) => n.kind === 'Method').map((n) => n.qualified_name).sort()).toEqual([
      'src.text.Text.append', 'src.text.Text.operator<', 'src.text.Text.operator=', 'src.text.Text.operator=', 'src.text.Text.size',
    ]);
    expect(usesFrom(graph, 'src.text.measure')).toEqual(['src.text.Text [annotate]', 'src.text.Text.size [call]']);
  });
});

describe('Python: annotations, constructed locals and fields', async () => {
  const graph = await graphOf({
    'shop/repo.py': 'class Repo:\n    size = 0\n\n    def save(self):\n        pass\n\n\nclass Audit(Repo):\n    pass\n',
    'shop/service.py': [
      'from dataclasses import dataclass',
      'from typing import Optional',
      'from .repo import Repo, Audit',
      '',
      '',
      '@dataclass',
      'class Order:',
      '    repo: Repo',
      '',
      '',
      'class Service:',
      '    def __init__(self, repo: Repo, audit: Optional[Audit] = None):',
      '        self.repo = repo',
      '        self.audit = audit',
      '',
      '    def run(self, order: "Order", rows: list[Repo], n: int):',
      '        self.repo.save()',
      '        self.audit.save()',
      '        order.repo.save()',
      '        fresh = Repo()',
      '        fresh.size',
      '        mixed = Repo()',
      '        mixed = rows[0]',
      '        mixed.save()',
      '        rows.pop()',
      '',
      '        def later():',
      '            fresh.save()',
      '        return later',
    ].join('\n'),
  });

  it('reads members through parameter annotations (quoted, Optional), `x = T()`, `self.x = param` and dataclass fields', () => {
    expect(usesFrom(graph, 'shop.service.Service.run')).toEqual([
      'shop.repo.Repo [annotate]',
      'shop.repo.Repo [instantiate]',
      'shop.repo.Repo.save [call]',
      'shop.repo.Repo.size [reference]',
      'shop.service.Order [annotate]',
      'shop.service.Order.repo [reference]',
      'shop.service.Service.audit [reference]',
      'shop.service.Service.repo [reference]',
    ]);
    // A closure reads the enclosing function's typed local.
    expect(usesFrom(graph, 'shop.service.Service.run.later')).toEqual(['shop.repo.Repo.save [call]']);
  });

  it('keeps no class for a local bound two ways, nor for a parameter annotated with a container', async () => {
    const { files } = await parseSources({
      'm.py': 'def f(rows: list[Repo], n: int):\n    mixed = Repo()\n    mixed = rows[0]\n    mixed.save()\n    rows.pop()\n    kept = Repo()\n    kept.save()\n',
    });
    expect(files[0]!.references.filter((r) => r.receiver !== undefined).map((r) => `${r.name}: ${r.receiver}`)).toEqual(['kept.save: Repo']);
  });
});

describe("a local built by a call reads members through the callee's declared return type", async () => {
  const graph = await graphOf({
    'src/shop/Repo.java': 'package shop;\npublic class Repo {\n  public static Repo open() { return new Repo(); }\n  public Repo child() { return this; }\n  public void save() {}\n}\n',
    'src/shop/Job.java': 'package shop;\nclass Job {\n  void run(Repo given) {\n    var r = Repo.open();\n    var c = given.child();\n    c.save();\n  }\n}\n',
    'go.mod': 'module example.com/shop\n',
    'store/repo.go': 'package store\n\ntype Repo struct{}\n\nfunc Open() (*Repo, error) { return &Repo{}, nil }\n\nfunc (r *Repo) Save() {}\n',
    'app/job.go': 'package app\n\nimport "example.com/shop/store"\n\nfunc Run() {\n\tr, err := store.Open()\n\t_ = err\n\tr.Save()\n}\n',
    'Cargo.toml': '[package]\nname = "shop"\n',
    'src/lib.rs': 'pub mod store;\npub mod job;\n',
    'src/store.rs': 'pub struct Repo;\nimpl Repo {\n    pub fn save(&self) {}\n}\npub fn open() -> Result<Repo, String> { Ok(Repo) }\n',
    'src/job.rs': 'use crate::store;\n\npub fn run() -> Result<(), String> {\n    let r = store::open()?;\n    r.save();\n    Ok(())\n}\n',
    'src/make.h': 'class Widget {\n public:\n  void draw();\n};\ninline Widget* make_widget() { return nullptr; }\ninline void paint() {\n  auto w = make_widget();\n  w->draw();\n}\n',
  });

  it('Java: `var r = Repo.open()`, `var c = given.child()`', () => {
    expect(usesFrom(graph, 'src.shop.Job.Job.run')).toEqual([
      'src.shop.Repo.Repo [annotate]', 'src.shop.Repo.Repo.child [call]', 'src.shop.Repo.Repo.open [call]', 'src.shop.Repo.Repo.save [call]',
    ]);
  });

  it('Go: the first result of `(*Repo, error)`; Rust: `open()?` of a `Result<Repo, _>`', () => {
    expect(usesFrom(graph, 'app.job.Run')).toEqual(['store.repo.Open [call]', 'store.repo.Repo.Save [call]']);
    expect(usesFrom(graph, 'src.job.run')).toEqual(['src.store.Repo.save [call]', 'src.store.open [call]']);
  });

  it('C++: `auto w = make_widget()` with a declared `Widget*` return', () => {
    expect(usesFrom(graph, 'src.make.paint')).toEqual(['src.make.Widget.draw [call]', 'src.make.make_widget [call]']);
  });
});

describe('pattern variables are locals of their type', async () => {
  const graph = await graphOf({
    'src/shop/Repo.java': 'package shop;\npublic class Repo {\n  public void save() {}\n}\n',
    'src/shop/Check.java': [
      'package shop;',
      'class Check {',
      '  void f(Object o) {',
      '    if (o instanceof Repo r) { r.save(); }',
      '  }',
      '  void g(Object o) {',
      '    switch (o) { case Repo q -> q.save(); default -> {} }',
      '  }',
      '}',
    ].join('\n'),
    'Shop/Repo.cs': 'namespace Shop { public class Repo { public void Save() {} } }\n',
    'Shop/Check.cs': 'namespace Shop { class Check { void F(object o) { if (o is Repo r) { r.Save(); } } } }\n',
  });

  it('Java `instanceof Repo r` and `case Repo q ->`, C# `is Repo r`', () => {
    expect(usesFrom(graph, 'src.shop.Check.Check.f')).toEqual(['src.shop.Repo.Repo [annotate]', 'src.shop.Repo.Repo.save [call]']);
    expect(usesFrom(graph, 'src.shop.Check.Check.g')).toEqual(['src.shop.Repo.Repo [annotate]', 'src.shop.Repo.Repo.save [call]']);
    expect(usesFrom(graph, 'Shop.Check.Check.F')).toEqual(['Shop.Repo.Repo [reference]', 'Shop.Repo.Repo.Save [call]']);
  });
});

describe('PHP: locals built by calls with declared return types', async () => {
  const graph = await graphOf({
    'src/Repo.php': '<?php\nnamespace App;\nclass Repo {\n  public static function create(): static { return new static(); }\n  public function child(): ?Repo { return $this; }\n  public function save(): void {}\n}\nfunction open_repo(): Repo { return new Repo(); }\n',
    'src/Job.php': [
      '<?php',
      'namespace App;',
      "require_once __DIR__ . '/Repo.php';",
      'class Job {',
      '  private Repo $repo;',
      '  public function run(): void {',
      '    $a = Repo::create();',
      '    $a->save();',
      '    $b = $this->repo->child();',
      '    $b->save();',
      '    $c = open_repo();',
      '    $c->child();',
      '  }',
      '}',
    ].join('\n'),
  });

  it('reads `Repo::create()` (static), `$this->repo->child()` (?Repo) and `open_repo()` (Repo)', () => {
    expect(usesFrom(graph, 'src.Job.Job.run')).toEqual([
      'src.Job.Job.repo [reference]', 'src.Repo.Repo.child [call]', 'src.Repo.Repo.create [call]', 'src.Repo.Repo.save [call]', 'src.Repo.open_repo [call]',
    ]);
  });
});
