/**
 * @file The quality benchmark's packages are held out of every training set (qualitySplit.ts):
 * both splits, against the embedder's, the learned reranker's and the vocabulary's sources and
 * the outside check's packages; the splits do not overlap, every language the bench reports has a
 * repo in each split with queries to make (Java from openjdk modules held out of the embedder's
 * training), and the reranker's training packages are not excluded ones.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DEFAULT_REPO_LIST, parseRepoList } from './qualityRepos.ts';
import { heldOutProblems, parseQualityList, readQualityList, TRAINING_LISTS, vocabularySources } from './qualitySplit.ts';

describe('quality benchmark splits', () => {
  const repos = readQualityList(DEFAULT_REPO_LIST);

  it('has a tuning split and a test split with no package in both', () => {
    const tune = repos.filter((r) => r.split === 'tune').map((r) => r.package);
    const test = repos.filter((r) => r.split === 'test').map((r) => r.package);
    expect(tune.length).toBeGreaterThan(0);
    expect(test.length).toBeGreaterThan(0);
    expect(tune.filter((p) => test.includes(p))).toEqual([]);
    expect(new Set(repos.map((r) => r.package)).size).toBe(repos.length);
  });

  it('holds every bench package out of every training set and the vocabulary', () => {
    const problems = [...heldOutProblems(repos.map((r) => r.package))].filter(([, why]) => why.length > 0);
    expect(problems).toEqual([]);
  });

  it('has Python, Go, JavaScript and Java in both splits', () => {
    for (const split of ['tune', 'test'] as const) {
      const languages = new Set(repos.filter((r) => r.split === split).map((r) => r.language));
      expect([...languages].sort()).toEqual(['go', 'java', 'javascript', 'python']);
    }
  });

  it("holds the Java modules out of the embedder's training and of the outside check's packages", () => {
    const java = repos.filter((r) => r.language === 'java').map((r) => r.package);
    expect(java.length).toBeGreaterThan(0);
    const training = parseRepoList(readFileSync(TRAINING_LISTS.embedderCode, 'utf8'));
    const heldOut = parseRepoList(readFileSync(TRAINING_LISTS.embedderHeldOut, 'utf8'));
    for (const pkg of java) {
      expect(pkg).toMatch(/^openjdk-17-source:java\./);
      expect(training).not.toContain(pkg);
      expect(heldOut).toContain(pkg);
      expect(pkg).not.toMatch(/:java\.(?:time|net)\b/);
    }
  });

  it('trains the learned reranker on no excluded package', () => {
    const reranker = parseRepoList(readFileSync(TRAINING_LISTS.reranker, 'utf8'));
    const excluded = new Set(parseRepoList(readFileSync(TRAINING_LISTS.excluded, 'utf8')));
    expect(reranker.filter((p) => excluded.has(p))).toEqual([]);
  });

  it('says why a package is not held out', () => {
    const embedderPackage = parseRepoList(readFileSync(TRAINING_LISTS.embedder, 'utf8'))[0];
    const rerankerPackage = parseRepoList(readFileSync(TRAINING_LISTS.reranker, 'utf8'))[0];
    const problems = heldOutProblems([embedderPackage, rerankerPackage, 'python3-marshmallow', 'openjdk-17-source:java.base', 'openjdk-17-source:java.net.http', 'node-acorn', 'node-cheerio']);
    expect(problems.get(embedderPackage)!.join(' ')).toMatch(/embedder's training list/);
    expect(problems.get(rerankerPackage)!.join(' ')).toMatch(/learned reranker/);
    expect(problems.get('python3-marshmallow')!.join(' ')).toMatch(/outside check/);
    expect(problems.get('openjdk-17-source:java.base')!.join(' ')).toMatch(/packages-code\.txt/);
    expect(problems.get('openjdk-17-source:java.net.http')!.join(' ')).toMatch(/outside check/);
    expect(problems.get('node-acorn')!.join(' ')).toMatch(/packages-code\.txt/);
    expect(problems.get('node-cheerio')!.join(' ')).toMatch(/held-out list/);
  });

  it('reads the vocabulary sources from its generated header', () => {
    const sources = vocabularySources();
    expect(sources.stdlibWithout).not.toBeNull();
  });

  it('parses splits and languages and rejects a bad split', () => {
    expect(parseQualityList('python3-a tune\ngolang-github-x-dev test # c\nnode-y\nopenjdk-17-source:java.sql test')).toEqual([
      { package: 'python3-a', split: 'tune', language: 'python' },
      { package: 'golang-github-x-dev', split: 'test', language: 'go' },
      { package: 'node-y', split: 'test', language: 'javascript' },
      { package: 'openjdk-17-source:java.sql', split: 'test', language: 'java' },
    ]);
    expect(() => parseQualityList('python3-a train')).toThrow(/tune\|test/);
  });
});
