/**
 * @file Ruby onto the schema and the stitcher: a module reopened across files (`module Shop` in
 * each), `class A::B` (which does not open A for lookups), mixins as bases, attr_* and `@x` fields, `def self.x`, lexical constant
 * lookup, implicit-self calls, `require` through lib/ and `require_relative`, locals that are
 * never uses, and what stays unresolved (gems, receivers of unknown type).
 * Small in-memory projects parsed by real tree-sitter and the real extractor, then stitched.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { edgeList } from '../../../../test/fixtures/stitch/irBuilder.ts';
import { stitchSources } from '../../../../test/fixtures/stitch/parseFixture.ts';

const SOURCES = {
  'lib/shop/price.rb': [
    'module Shop',
    '  # Money with a currency.',
    '  class Price',
    '    attr_reader :cents, :currency',
    '    def initialize(cents)',
    '      @cents = cents',
    '      @rounded = cents.round',
    '    end',
    '    def self.zero',
    '      new(0)',
    '    end',
    '    def taxed',
    '      cents * Taxed::RATE # lexical: Shop::Taxed, defined where Shop is reopened',
    '    end',
    '  end',
    'end',
  ].join('\n'),
  'lib/shop/taxed.rb': 'module Shop\n  module Taxed\n    RATE = 20\n  end\nend\n',
  'lib/shop.rb': "module Shop\n  autoload :Cart, 'shop/cart'\nend\n",
  'lib/shop/cart.rb': [
    "require 'shop/price'",
    "require_relative 'taxed'",
    "require 'bigdecimal'",
    '',
    'class Shop::Cart < Base',
    '  include Shop::Taxed',
    '  LIMIT = 10',
    '',
    '  def add(item, qty = 1)',
    '    total = Price.new(item.cents) # no use: `class Shop::Cart` does not open Shop (Module.nesting)',
    '    check(total, qty)',
    '    @items.push(item)',
    '    Shop::Price.zero',
    '    total + LIMIT + RATE',
    '  end',
    '',
    '  def check(total, qty)',
    '    qty > 0',
    '  end',
    'end',
  ].join('\n'),
};

describe('Ruby modules reopened across files, requires and members', async () => {
  const { graph, kinds } = await stitchSources(SOURCES);

  it('maps classes and modules to Class, attr_* and @x to Field once each, constants to Field', () => {
    expect(kinds('Class')).toEqual([
      'lib.shop.Shop', 'lib.shop.cart.Shop.Cart', 'lib.shop.price.Shop', 'lib.shop.price.Shop.Price', 'lib.shop.taxed.Shop', 'lib.shop.taxed.Shop.Taxed',
    ]);
    expect(kinds('Field')).toEqual([
      'lib.shop.cart.Shop.Cart.LIMIT', 'lib.shop.price.Shop.Price.cents', 'lib.shop.price.Shop.Price.currency',
      'lib.shop.price.Shop.Price.rounded', 'lib.shop.taxed.Shop.Taxed.RATE',
    ]);
    expect(kinds('Method')).toEqual(['lib.shop.cart.Shop.Cart.add', 'lib.shop.cart.Shop.Cart.check', 'lib.shop.price.Shop.Price.initialize', 'lib.shop.price.Shop.Price.taxed', 'lib.shop.price.Shop.Price.zero']);
    expect(graph.nodes.find((n) => n.qualified_name === 'lib.shop.price.Shop.Price')).toMatchObject({ docstring: 'Money with a currency.' });
  });

  it('resolves a mixin as INHERITS and names across the reopened module', () => {
    expect(edgeList(graph, 'INHERITS')).toEqual(['lib.shop.cart.Shop.Cart -> lib.shop.taxed.Shop.Taxed']);
    expect(edgeList(graph, 'USES').filter((e) => e.startsWith('lib.shop.cart.'))).toEqual([
      'lib.shop.cart.Shop.Cart.add -> lib.shop.cart.Shop.Cart.LIMIT [reference]',
      'lib.shop.cart.Shop.Cart.add -> lib.shop.cart.Shop.Cart.check [call]',
      'lib.shop.cart.Shop.Cart.add -> lib.shop.price.Shop.Price.zero [call]',
      'lib.shop.cart.Shop.Cart.add -> lib.shop.taxed.Shop.Taxed.RATE [reference]',
    ]);
    expect(edgeList(graph, 'USES').filter((e) => e.startsWith('lib.shop.price.Shop.Price.taxed'))).toEqual([
      'lib.shop.price.Shop.Price.taxed -> lib.shop.price.Shop.Price.cents [call]',
      'lib.shop.price.Shop.Price.taxed -> lib.shop.taxed.Shop.Taxed.RATE [reference]',
    ]);
  });

  it('resolves require through lib/, require_relative and autoload; gems stay unresolved', () => {
    expect(edgeList(graph, 'IMPORTS')).toEqual(['lib.shop -> lib.shop.cart', 'lib.shop.cart -> lib.shop.price', 'lib.shop.cart -> lib.shop.taxed']);
    expect(graph.unresolved.map((u) => u.module).sort()).toEqual(['bigdecimal']);
    expect(graph.nodes.find((n) => n.qualified_name === 'lib.shop.cart')).toMatchObject({ import_name: 'shop/cart' });
  });
});
