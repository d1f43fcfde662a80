/**
 * @file Trains the code-search model's WordPiece tokenizer and pre-tokenizes the pairs.
 * With the `tokenizers` npm package (the Rust library's Node binding, installed by run.sh into the
 * work folder, not a project dependency): BertNormalizer (lowercase) + BertPreTokenizer, WordPiece
 * trained on the training pairs' docstrings and code (mine.py's Python pairs and mineCode.ts's
 * other languages' pairs, pairFiles.ts); the binding's trainer has its default
 * vocabulary size, so the vocabulary is cut to the `--vocab` most frequent entries (ids in training
 * order: the alphabet, then merges by frequency; WordPiece needs no merge table, only a vocabulary
 * holding every character) after the five BERT special tokens, and rebuilt with
 * TemplateProcessing [CLS] $A [SEP]. Writes DIR/model/tokenizer.json, and each pair set's token ids
 * as fixed-width little-endian uint16 rows (0 = [PAD]): DIR/<set>.doc.u16 (`--doc-len` wide),
 * DIR/<set>.code.u16 (`--code-len` wide), DIR/<set>.pkg.txt and DIR/<set>.lang.txt (the source
 * and the language of each row).
 * `--tokenizer FILE` takes the vocabulary of an existing tokenizer.json instead of training one
 * (run.sh --continue: the shipped model's, so its weights still fit).
 * Usage: npx tsx scripts/train/tokenize.ts --work DIR [--vocab 8000] [--doc-len 32] [--code-len 128] [--tokenizer FILE]
 * Runs in: Node (tsx), offline.
 */
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { readPairSet } from './pairFiles.ts';

interface Encoding {
  getIds(): number[];
}
interface NodeTokenizer {
  setNormalizer(n: unknown): void;
  setPreTokenizer(p: unknown): void;
  setPostProcessor(p: unknown): void;
  setDecoder(d: unknown): void;
  addSpecialTokens(tokens: string[]): void;
  train(files: string[]): void;
  getVocab(withAdded?: boolean): Record<string, number>;
  encodeBatch(texts: string[]): Promise<Encoding[]>;
  save(path: string, pretty?: boolean): void;
}
interface TokenizersLib {
  Tokenizer: new (model: unknown) => NodeTokenizer;
  WordPiece: { empty(): unknown; init(vocab: Record<string, number>, options: { unkToken: string }): unknown };
  bertNormalizer(options: { lowercase: boolean; cleanText: boolean; handleChineseChars: boolean; stripAccents: boolean }): unknown;
  bertPreTokenizer(): unknown;
  templateProcessing(single: string, pair: string, special: [string, number][]): unknown;
  wordPieceDecoder(prefix?: string, cleanup?: boolean): unknown;
}

export const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;

function flag(argv: string[], name: string, fallback: string): string {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] !== undefined ? argv[at + 1] : fallback;
}

function configure(lib: TokenizersLib, tokenizer: NodeTokenizer): void {
  tokenizer.setNormalizer(lib.bertNormalizer({ lowercase: true, cleanText: true, handleChineseChars: true, stripAccents: true }));
  tokenizer.setPreTokenizer(lib.bertPreTokenizer());
}

/** The first `size` trained entries (by id) after the special tokens, renumbered from 0. */
export function cutVocabulary(trained: Record<string, number>, size: number): Record<string, number> {
  const vocab: Record<string, number> = {};
  SPECIAL_TOKENS.forEach((token, id) => (vocab[token] = id));
  let next = SPECIAL_TOKENS.length;
  for (const [token] of Object.entries(trained).sort((a, b) => a[1] - b[1])) {
    if (next >= size) break;
    if (token in vocab) continue;
    vocab[token] = next++;
  }
  return vocab;
}

function trainVocabulary(lib: TokenizersLib, work: string, train: readonly { doc: string; code: string }[], size: number): Record<string, number> {
  const corpus = join(work, 'tokenizer-corpus.txt');
  writeFileSync(corpus, train.map((p) => `${p.doc}\n${p.code}\n`).join(''));
  const trainer = new lib.Tokenizer(lib.WordPiece.empty());
  configure(lib, trainer);
  trainer.train([corpus]);
  return cutVocabulary(trainer.getVocab(false), size);
}

async function encodeRows(tokenizer: NodeTokenizer, texts: string[], width: number): Promise<Uint16Array> {
  const rows = new Uint16Array(texts.length * width);
  const chunk = 2048;
  for (let start = 0; start < texts.length; start += chunk) {
    const encodings = await tokenizer.encodeBatch(texts.slice(start, start + chunk));
    encodings.forEach((encoding, i) => {
      const ids = encoding.getIds();
      // Keep [CLS] ... and close with [SEP] when truncated, as transformers.js truncation does.
      const kept = ids.length <= width ? ids : [...ids.slice(0, width - 1), ids[ids.length - 1]];
      rows.set(kept, (start + i) * width);
    });
  }
  return rows;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const work = resolve(flag(argv, 'work', ''));
  if (!existsSync(join(work, 'pairs.jsonl'))) throw new Error(`no ${join(work, 'pairs.jsonl')}: run mine.py first`);
  const vocabSize = Number(flag(argv, 'vocab', '8000'));
  const docLen = Number(flag(argv, 'doc-len', '32'));
  const codeLen = Number(flag(argv, 'code-len', '128'));
  const require = createRequire(join(work, 'node', 'package.json'));
  const lib = require('tokenizers') as TokenizersLib;

  const train = readPairSet(work, 'train');
  const started = Date.now();
  const existing = flag(argv, 'tokenizer', '');
  const vocab = existing ? (JSON.parse(readFileSync(existing, 'utf8')) as { model: { vocab: Record<string, number> } }).model.vocab : trainVocabulary(lib, work, train, vocabSize);

  const tokenizer = new lib.Tokenizer(lib.WordPiece.init(vocab, { unkToken: '[UNK]' }));
  configure(lib, tokenizer);
  tokenizer.setPostProcessor(lib.templateProcessing('[CLS] $A [SEP]', '[CLS] $A [SEP] $B:1 [SEP]:1', [['[CLS]', 2], ['[SEP]', 3]]));
  tokenizer.setDecoder(lib.wordPieceDecoder('##', true));
  tokenizer.addSpecialTokens([...SPECIAL_TOKENS]);
  mkdirSync(join(work, 'model'), { recursive: true });
  tokenizer.save(join(work, 'model', 'tokenizer.json'), false);
  console.error(`tokenizer: ${Object.keys(vocab).length} entries in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  for (const set of ['train', 'heldout'] as const) {
    const pairs = set === 'train' ? train : readPairSet(work, 'heldout');
    if (pairs.length === 0) continue;
    writeFileSync(join(work, `${set}.doc.u16`), await encodeRows(tokenizer, pairs.map((p) => p.doc), docLen));
    writeFileSync(join(work, `${set}.code.u16`), await encodeRows(tokenizer, pairs.map((p) => p.code), codeLen));
    writeFileSync(join(work, `${set}.pkg.txt`), pairs.map((p) => p.pkg).join('\n') + '\n');
    writeFileSync(join(work, `${set}.lang.txt`), pairs.map((p) => p.lang).join('\n') + '\n');
    console.error(`${set}: ${pairs.length} pairs tokenized`);
  }
  writeFileSync(join(work, 'tokenized.json'), JSON.stringify({ vocabSize: Object.keys(vocab).length, docLen, codeLen }));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
