/**
 * @file Tree-sitter parsers inside the repo worker (the agent's check_code tool), created once on
 * first use; grammars load per language on demand from Vite ?url assets, as in the parse worker.
 * Runs in: the repo worker.
 */
import { createBrowserParsers } from './grammarUrls.ts';
import type { Parsers } from '../../core/parse/treeSitter.ts';

let parsers: Promise<Parsers> | null = null;

export function browserParsers(): Promise<Parsers> {
  parsers ??= createBrowserParsers();
  return parsers;
}
