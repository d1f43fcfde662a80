/**
 * @file Mines (doc comment's first sentence, code without comments) pairs in Go, JavaScript and
 * TypeScript, Java, Rust and C++ with the project's own tree-sitter extractors (the CLI's Node
 * parsing path): every Function, Method and Class whose extractor found a doc comment gives one
 * pair, as mine.py gives for Python. Sources: packages-code.txt (training) and the other
 * languages' entries of heldout.txt (held out), Debian bookworm packages fetched with
 * `apt-get download` (all in one call; one per call where that fails, so an unknown name skips only itself) and `dpkg -x`;
 * openjdk-17-source's lib/src.zip is unzipped and mined one module at a time. excluded.txt's
 * projects (packages, vendored folders) and Java packages are never mined. Test folders, test
 * files, vendored and node_modules folders, minified bundles and declaration files are skipped, and
 * so are declarations without a body (no '{');
 * pairs are deduplicated on the code and on (name, doc) (training against the held-out pairs:
 * mine those first) and capped per source.
 * Entries are taken one language at a time in turn (Go, JavaScript, Java, Rust, C++, Go, ...), so a
 * run cut short by `--minutes` (no new entry starts after it) still holds every language.
 * Usage: npx tsx scripts/train/mineCode.ts --work DIR [--set train|heldout] [--per-language N] [--minutes M]
 * Writes DIR/pairs-code.jsonl or DIR/heldout-pairs-code.jsonl (one {"pkg", "path", "name", "doc",
 * "code", "lang"} per line) and DIR/<name>-sources.tsv (pairs per source).
 * Runs in: Node (tsx), with apt-get, dpkg-deb and unzip on the path.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { createNodeParsers } from '../../src/adapters/node/nodeParsers.ts';
import { languageOf } from '../../src/core/ingest/pathRules.ts';
import type { Language } from '../../src/core/ingest/types.ts';
import { extractorFor } from '../../src/core/languages/implementations.ts';
import { parseSourceFile } from '../../src/core/parse/parseFile.ts';
import { excludedJavaPath, excludedName, family, firstSentence, minedEntries, readExclusions, readList, roundRobin, withoutComments } from './codePairs.ts';

const HERE = dirname(import.meta.filename);
const MAX_CODE_CHARS = 2000;
const MIN_CODE_LINES = 2;
const MAX_FILE_BYTES = 200_000;
const CAPS = { train: 2500, heldout: 1500 } as const;
const SKIPPED_DIRS = new Set(['test', 'tests', 'testing', '__tests__', 'testdata', 'spec', 'specs', 'vendor', 'third_party',
  'third-party', 'node_modules', 'bower_components', 'dist', 'umd', 'min', 'examples', 'example', 'benches', 'benchmark', 'benchmarks',
  'fixtures', 'doc', 'docs', 'man', 'locale']);
const SKIPPED_FILE = /(_test\.go|\.test\.[cm]?[jt]sx?|\.spec\.[cm]?[jt]sx?|\.min\.js|\.d\.[cm]?ts|\.bundle\.js)$/;

interface Pair {
  pkg: string;
  path: string;
  name: string;
  doc: string;
  code: string;
  lang: Language;
}

function flag(argv: string[], name: string, fallback: string): string {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] !== undefined ? argv[at + 1] : fallback;
}

/** Fetches every entry's package not yet in `debs` in one apt-get call (one per call only where that fails). */
function prefetch(entries: readonly string[], debs: string): void {
  const have = readdirSync(debs);
  const missing = [...new Set(entries.map((e) => e.split(':')[0]))].filter((pkg) => !have.some((f) => f.startsWith(`${pkg}_`)));
  if (missing.length > 0) spawnSync('apt-get', ['download', ...missing], { cwd: debs, encoding: 'utf8' });
}

function download(pkg: string, debs: string): string | null {
  const find = () => readdirSync(debs).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
  let found = find();
  if (!found) {
    const result = spawnSync('apt-get', ['download', pkg], { cwd: debs, encoding: 'utf8' });
    if (result.status !== 0) {
      console.error(`  skip ${pkg}: ${result.stderr.trim().split('\n').pop() ?? 'download failed'}`);
      return null;
    }
    found = find();
  }
  return found ? join(debs, found) : null;
}

/** The folder to walk for an entry: the unpacked package, or one module of openjdk's src.zip. */
function sourceRoot(entry: string, work: string): string | null {
  const [pkg, module] = entry.split(':');
  const deb = download(pkg, join(work, 'debs'));
  if (!deb) return null;
  const tree = join(work, 'trees', pkg);
  if (!existsSync(tree)) execFileSync('dpkg', ['-x', deb, tree]);
  if (!module) return tree;
  const src = join(tree, 'src');
  if (!existsSync(src)) {
    const zip = execFileSync('find', [tree, '-name', 'src.zip'], { encoding: 'utf8' }).trim().split('\n')[0];
    execFileSync('unzip', ['-q', '-o', zip, '*.java', '-d', src]);
  }
  return join(src, module);
}

function* sourceFiles(root: string, javaExcluded: readonly string[], projects: readonly string[][]): Generator<[string, Language]> {
  const entries = readdirSync(root, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_DIRS.has(entry.name) || excludedName(entry.name, projects)) continue;
      if (excludedJavaPath(path, javaExcluded)) continue;
      yield* sourceFiles(path, javaExcluded, projects);
    } else if (entry.isFile() && !SKIPPED_FILE.test(entry.name)) {
      const language = languageOf(entry.name);
      if (language && language !== 'python' && statSync(path).size <= MAX_FILE_BYTES) yield [path, language];
    }
  }
}

function key(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const work = resolve(flag(argv, 'work', ''));
  const set = flag(argv, 'set', 'train') as 'train' | 'heldout';
  const perLanguage = Number(flag(argv, 'per-language', '0'));
  const minutes = Number(flag(argv, 'minutes', '0'));
  const { projects, javaPackages } = readExclusions(join(HERE, 'excluded.txt'));
  let entries = minedEntries(set, { code: readList(join(HERE, 'packages-code.txt')), heldout: readList(join(HERE, 'heldout.txt')) }, projects);
  if (perLanguage > 0) {
    const taken = new Map<string, number>();
    entries = entries.filter((e) => {
      const n = taken.get(family(e)) ?? 0;
      taken.set(family(e), n + 1);
      return n < perLanguage;
    });
  }
  const name = set === 'train' ? 'pairs-code' : 'heldout-pairs-code';
  const seen = new Set<string>();
  if (set === 'train') {
    const file = join(work, 'heldout-pairs-code.jsonl');
    if (!existsSync(file)) throw new Error('mine the held-out set first (--set heldout): training pairs are deduplicated against it');
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const pair = JSON.parse(line) as Pair;
      seen.add(key(pair.code)).add(key(`${pair.name}\0${pair.doc}`));
    }
  }
  mkdirSync(join(work, 'debs'), { recursive: true });
  mkdirSync(join(work, 'trees'), { recursive: true });
  const out = join(work, `${name}.jsonl`);
  writeFileSync(out, '');
  prefetch(entries, join(work, 'debs'));
  const parsers = await createNodeParsers([]);
  const started = Date.now();
  const mined: [string, number][] = [];
  let total = 0;
  for (const entry of roundRobin(entries)) {
    if (minutes > 0 && Date.now() - started > minutes * 60_000) {
      console.error(`--minutes ${minutes} reached: ${entry} and the entries after it not mined`);
      break;
    }
    const root = sourceRoot(entry, work);
    if (!root || !existsSync(root)) continue;
    let count = 0;
    let lines: string[] = [];
    for (const [path, language] of sourceFiles(root, javaPackages, projects)) {
      const text = readFileSync(path, 'utf8');
      if (text.length / (text.split('\n').length || 1) > 200) continue; // minified or generated
      await parsers.load([language]);
      const ir = parseSourceFile(parsers, { path: relative(root, path), language, text }, extractorFor);
      for (const entity of ir.entities) {
        if (entity.kind === 'Field' || entity.kind === 'GlobalVariable' || !entity.docstring || entity.code === undefined) continue;
        const doc = firstSentence(entity.docstring);
        const code = withoutComments(entity.code).slice(0, MAX_CODE_CHARS);
        // A declaration without a body (interface and abstract methods, trait items) says little.
        if (!doc || code.split('\n').length < MIN_CODE_LINES || !code.includes('{')) continue;
        const codeKey = key(code);
        const docKey = key(`${entity.name}\0${doc}`);
        if (seen.has(codeKey) || seen.has(docKey)) continue;
        seen.add(codeKey).add(docKey);
        lines.push(JSON.stringify({ pkg: entry, path: relative(root, path), name: entity.name, doc, code, lang: language } satisfies Pair));
        if (++count >= CAPS[set]) break;
      }
      if (count >= CAPS[set]) break;
    }
    appendFileSync(out, lines.map((l) => `${l}\n`).join(''));
    lines = [];
    total += count;
    mined.push([entry, count]);
    console.error(`${entry}: ${count} pairs (${total} total, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  writeFileSync(join(work, `${name}-sources.tsv`), mined.map(([e, n]) => `${e}\t${n}\n`).join(''));
  console.error(`${total} pairs from ${mined.length} sources in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
