/**
 * @file The README and the design notes in docs/ link only to files of this repository that
 * exist (a clone has nothing outside the repository, and the app must read offline).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

describe('documentation links', () => {
  it('has design notes in docs/ that the README points at', () => {
    expect(pages).toEqual(expect.arrayContaining(['docs/README.md', 'docs/architecture.md', 'docs/schema.md', 'docs/retrieval.md', 'docs/cli.md', 'docs/budgets.md']));
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('](docs/README.md)');
  });

  it.each(pages)('%s links only to existing files inside the repository', (page) => {
    const text = readFileSync(join(root, page), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      expect(target, `${page}: ${target}`).not.toMatch(/^[a-z]+:/i);
      const file = resolve(dirname(join(root, page)), target.replace(/#.*$/, ''));
      expect(relative(root, file).startsWith('..'), `${page}: ${target} leaves the repository`).toBe(false);
      expect(existsSync(file), `${page}: ${target} does not exist`).toBe(true);
    }
  });
});
