/**
 * @file The pure parts of mining code-search pairs in other languages than Python (mineCode.ts):
 * the training lists and the exclusion list read, which entries a set mines (held-out entries never
 * in training), the order entries are mined in, which names and Java folders are excluded,
 * a doc comment's first sentence, and code with its comment lines taken out.
 * Runs in: Node (tsx, vitest).
 */
import { readFileSync } from 'node:fs';

/** Non-blank, non-comment lines of a list file. */
export function readList(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
}

/**
 * The entries a set mines: `heldout` the held-out list's other-language entries (packages and
 * openjdk modules), `train` packages-code.txt without any held-out entry; never an excluded project.
 */
export function minedEntries(set: 'train' | 'heldout', lists: { code: readonly string[]; heldout: readonly string[] }, projects: readonly string[][]): string[] {
  const heldout = lists.heldout.filter((e) => !e.startsWith('python3-') && !e.startsWith('stdlib:'));
  const entries = set === 'heldout' ? heldout : lists.code.filter((e) => !heldout.includes(e));
  return entries.filter((e) => !excludedName(e.split(':')[0], projects));
}

/** The language family an entry is counted under (`--per-language`). */
export function family(entry: string): string {
  if (entry.startsWith('golang-')) return 'go';
  if (entry.startsWith('node-')) return 'javascript';
  if (entry.startsWith('openjdk-')) return 'java';
  if (entry.startsWith('librust-')) return 'rust';
  return 'cpp';
}

/** The entries one language at a time in turn, each language's in list order. */
export function roundRobin(entries: readonly string[]): string[] {
  const byFamily = new Map<string, string[]>();
  for (const entry of entries) byFamily.set(family(entry), [...(byFamily.get(family(entry)) ?? []), entry]);
  const queues = [...byFamily.values()];
  const out: string[] = [];
  for (let i = 0; out.length < entries.length; i++) for (const queue of queues) if (i < queue.length) out.push(queue[i]);
  return out;
}

function parts(name: string): string[] {
  return name.toLowerCase().split(/[-._]/);
}

/** excluded.txt: projects (as name parts) and Java packages ('java.time'). */
export function readExclusions(file: string): { projects: string[][]; javaPackages: string[] } {
  const entries = readList(file);
  return {
    projects: entries.filter((e) => !e.startsWith('java:')).map(parts),
    javaPackages: entries.filter((e) => e.startsWith('java:')).map((e) => e.slice('java:'.length)),
  };
}

/** A package or folder name holding an excluded project as whole '-'/'.'/'_'-separated parts. */
export function excludedName(name: string, projects: readonly string[][]): boolean {
  const words = parts(name);
  return projects.some((p) => words.some((_, i) => p.every((w, j) => words[i + j] === w)));
}

/** A path inside an excluded Java package ('java.time': any path through a java/time folder). */
export function excludedJavaPath(path: string, javaPackages: readonly string[]): boolean {
  const slashed = `${path.replaceAll('\\', '/')}/`;
  return javaPackages.some((p) => slashed.includes(`/${p.replaceAll('.', '/')}/`));
}

const BOILERPLATE = /^(copyright|license|licensed|spdx|todo|fixme|xxx|deprecated|code generated|do not edit|eslint|jshint|jscs|istanbul|global |@|#|<|=|\*|-)/i;

/**
 * The first sentence of a doc comment as the extractors clean it: its first paragraph (up to a
 * blank line or a tag line such as `@param`), inline tags unwrapped (`{@code x}` -> x), HTML tags
 * dropped, whitespace flattened, cut after the first '.', '!' or '?' that ends a sentence. '' for
 * boilerplate (licences, generated-code notices, linter directives) and under 3 words.
 */
export function firstSentence(doc: string): string {
  const paragraph: string[] = [];
  for (const line of doc.trim().split('\n')) {
    const text = line.trim();
    if (text === '' || /^[@:]\w/.test(text) || /^#+\s/.test(text)) break;
    paragraph.push(text);
  }
  const flat = paragraph.join(' ')
    .replace(/\{@\w+\s+([^}]*)\}/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = (/^.*?[.!?](?=\s+[A-Z`"'([]|$)/.exec(flat)?.[0] ?? flat).slice(0, 300);
  if (BOILERPLATE.test(sentence) || /do not edit/i.test(sentence) || sentence.split(' ').length < 3) return '';
  return sentence;
}

/**
 * The code with its comment-only lines taken out: `//` and `///` lines, and `/* ... *\/` blocks
 * that open a line (the doc comments of members inside a class's code).
 */
export function withoutComments(code: string): string {
  const kept: string[] = [];
  let inBlock = false;
  for (const line of code.split('\n')) {
    const text = line.trim();
    if (inBlock) {
      if (text.includes('*/')) inBlock = false;
      continue;
    }
    if (text.startsWith('//')) continue;
    if (text.startsWith('/*')) {
      inBlock = !text.includes('*/', 2);
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n').trim();
}
