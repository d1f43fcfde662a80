/**
 * @file PHP onto the schema and the stitcher: namespaces, every `use` form, traits, interfaces,
 * enums, promoted constructor properties, `define()`, `self::` / `parent::` / `$this->`, the
 * global-namespace fallback, require / include as file imports, and what stays unresolved
 * (vendor namespaces and files, other receivers).
 * Small in-memory projects parsed by real tree-sitter and the real extractor, then stitched.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { edgeList } from '../../../../test/fixtures/stitch/irBuilder.ts';
import { stitchSources } from '../../../../test/fixtures/stitch/parseFixture.ts';

const SOURCES = {
  'src/Util/Str.php': [
    '<?php',
    'namespace App\\Util;',
    'const LIMIT = 10;',
    'function helper(int $n): int { return $n; }',
    'final class Str { public static function pad(): string { return ""; } }',
  ].join('\n'),
  'src/Models/User.php': '<?php\nnamespace App\\Models;\nclass User {}\ninterface HasName {}\n',
  'src/bootstrap.php': [
    '<?php',
    "require_once __DIR__ . '/Calc.php';",
    "include 'Util/Str.php';",
    "require ABSPATH . WPINC . '/Models/User.php';",
    'require $dynamic;',
    "require_once 'vendor/autoload.php';",
  ].join('\n'),
  'src/Calc.php': [
    '<?php',
    'namespace App;',
    '',
    'use App\\Util\\Str as S;',
    'use function App\\Util\\helper;',
    'use const App\\Util\\LIMIT;',
    'use App\\Models\\{User, HasName};',
    'use Vendor\\Lib\\Thing;',
    '',
    "define('APP_VERSION', '1.0');",
    '',
    'trait Greets { public function hi(): string { return "hi"; } }',
    '',
    'abstract class BaseCalc { protected function base(): int { return 1; } }',
    '',
    '/** Adds things. */',
    'class Calc extends BaseCalc implements HasName',
    '{',
    '    use Greets;',
    '    public const MAX = 10;',
    '    private int $value = 0;',
    '    public function __construct(private User $owner) {}',
    '    public function add(int $a): int',
    '    {',
    '        $user = new User();',
    '        $user->save();',
    '        return $this->value + helper($a) + self::MAX + LIMIT + parent::base() + $this->hi() + strlen(APP_VERSION);',
    '    }',
    '    public function getOwner(): User { S::pad(); return $this->owner; }',
    '    public function thing(): Thing { return new Thing(); }',
    '}',
    '',
    'enum Suit: string { case Hearts = "H"; }',
  ].join('\n'),
};

describe('PHP namespaces, use forms and members', async () => {
  const { graph, kinds } = await stitchSources(SOURCES);

  it('maps classes, interfaces, traits and enums to Class; properties, constants and cases to Field', () => {
    expect(kinds('Class')).toEqual(['src.Calc.BaseCalc', 'src.Calc.Calc', 'src.Calc.Greets', 'src.Calc.Suit', 'src.Models.User.HasName', 'src.Models.User.User', 'src.Util.Str.Str']);
    expect(kinds('Field')).toEqual(['src.Calc.Calc.MAX', 'src.Calc.Calc.owner', 'src.Calc.Calc.value', 'src.Calc.Suit.Hearts']);
    expect(kinds('GlobalVariable')).toEqual(['src.Calc.APP_VERSION', 'src.Util.Str.LIMIT']);
    expect(kinds('Function')).toEqual(['src.Util.Str.helper']);
    expect(graph.nodes.find((n) => n.qualified_name === 'src.Calc.Calc')).toMatchObject({ docstring: 'Adds things.' });
  });

  it('resolves extends, implements and trait use as INHERITS through group uses', () => {
    expect(edgeList(graph, 'INHERITS')).toEqual(['src.Calc.Calc -> src.Calc.BaseCalc', 'src.Calc.Calc -> src.Calc.Greets', 'src.Calc.Calc -> src.Models.User.HasName']);
  });

  it('resolves use aliases, use function / const, self::, parent::, $this-> and global constants', () => {
    expect(edgeList(graph, 'USES').filter((e) => e.startsWith('src.Calc.Calc.'))).toEqual([
      'src.Calc.Calc.__construct -> src.Models.User.User [annotate]',
      'src.Calc.Calc.add -> src.Calc.APP_VERSION [reference]',
      'src.Calc.Calc.add -> src.Calc.BaseCalc.base [call]',
      'src.Calc.Calc.add -> src.Calc.Calc.MAX [reference]',
      'src.Calc.Calc.add -> src.Calc.Calc.value [reference]',
      'src.Calc.Calc.add -> src.Calc.Greets.hi [call]',
      'src.Calc.Calc.add -> src.Models.User.User [instantiate]',
      'src.Calc.Calc.add -> src.Util.Str.LIMIT [reference]',
      'src.Calc.Calc.add -> src.Util.Str.helper [call]',
      'src.Calc.Calc.getOwner -> src.Calc.Calc.owner [reference]',
      'src.Calc.Calc.getOwner -> src.Models.User.User [annotate]',
      'src.Calc.Calc.getOwner -> src.Util.Str.Str.pad [call]',
    ]);
    expect(graph.nodes.find((n) => n.qualified_name === 'src.Util.Str')).toMatchObject({ import_name: 'App.Util.Str', language: 'php' });
  });

  it('reads require / include as file imports; leaves vendor namespaces and files unresolved', () => {
    expect(edgeList(graph, 'IMPORTS').filter((e) => e.startsWith('src.bootstrap'))).toEqual([
      'src.bootstrap -> src.Calc', 'src.bootstrap -> src.Models.User', 'src.bootstrap -> src.Util.Str',
    ]);
    expect(graph.unresolved.map((u) => `${u.module}:${u.name}`).sort()).toEqual(['Vendor.Lib:Thing', 'vendor/autoload.php:vendor/autoload.php']);
  });
});
