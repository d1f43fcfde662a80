/**
 * @file The display rule (displayName.ts): the import name, else the qualified name; short names
 * for graph labels and headings; the context and place shown beside a name.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { displayContext, displayName, moduleLabel, nodeText, placeOf, shortName } from './displayName.ts';

const readCache = {
  kind: 'Function',
  name: 'read_cache',
  qualified_name: 'src.black.cache.read_cache',
  import_name: 'black.cache.read_cache',
  file_path: 'src/black/cache.py',
  start_line: 42,
};
const blackPackage = { kind: 'Module', name: 'src.black', qualified_name: 'src.black', import_name: 'black', file_path: 'src/black/__init__.py', start_line: 1 };

describe('displayName', () => {
  it('is the import name where there is one, else the qualified name', () => {
    expect(displayName(readCache)).toBe('black.cache.read_cache');
    expect(displayName(blackPackage)).toBe('black');
    expect(displayName({ qualified_name: 'src.ui.App', import_name: null })).toBe('src.ui.App');
    expect(displayName({ qualified_name: 'src.ui.App' })).toBe('src.ui.App');
    expect(displayName({ qualified_name: 'src.ui.App', import_name: '' })).toBe('src.ui.App');
  });

  it('short names: a definition by its own name, a module by the last two parts of its display name', () => {
    expect(shortName(readCache)).toBe('read_cache');
    expect(shortName(blackPackage)).toBe('black');
    expect(shortName({ kind: 'Module', name: 'src.blib2to3.pgen2.driver', qualified_name: 'src.blib2to3.pgen2.driver', import_name: 'blib2to3.pgen2.driver' })).toBe('pgen2.driver');
    expect(shortName({ kind: 'Module', name: 'src.ui.App', qualified_name: 'src.ui.App', import_name: null })).toBe('ui.App');
  });

  it('module labels keep two parts in the language own notation, three for a C++ source named with its extension', () => {
    expect(moduleLabel('shopkit.orders.service')).toBe('orders.service');
    expect(moduleLabel('pkg.mod')).toBe('pkg.mod');
    expect(moduleLabel('leveldb.db.db_impl.cc')).toBe('db.db_impl.cc');
    expect(moduleLabel('crate::net::tcp::stream')).toBe('tcp::stream');
    expect(moduleLabel('example.com/shop/cmd/app')).toBe('cmd/app');
    expect(moduleLabel('main')).toBe('main');
  });

  it('the context before a short name and the place beside a name', () => {
    expect(displayContext('black.cache.read_cache', 'read_cache')).toBe('black.cache');
    expect(displayContext('crate::base::Calculator::add', 'add')).toBe('crate::base::Calculator');
    expect(displayContext('black', 'black')).toBe('');
    expect(displayContext('a2.base', 'weird')).toBe('a2.base');
    expect(placeOf(readCache)).toBe('src/black/cache.py:42');
    expect(placeOf({ file_path: 'setup.py', start_line: null })).toBe('setup.py');
    expect(placeOf({ file_path: null, start_line: null })).toBe('');
    expect(nodeText(readCache)).toBe('Function black.cache.read_cache  src/black/cache.py:42');
    expect(nodeText({ kind: 'Repo', qualified_name: 'black', file_path: null })).toBe('Repo black');
  });
});
