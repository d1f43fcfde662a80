/**
 * @file The training sources keep out what they must: no project or Java package of excluded.txt
 * (an outside check measures the model on them) in any training or held-out list, and no
 * quality-benchmark repository (scripts/bench/quality*repos*.txt) in training: its non-Python
 * repos (openjdk modules too) are held out, so the code miner never trains on them. Also the pure
 * helpers of the miner (codePairs.ts) on small inputs. Reads the real lists; fakes nothing.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { excludedJavaPath, excludedName, firstSentence, minedEntries, readExclusions, readList, roundRobin, withoutComments } from './codePairs.ts';

const HERE = dirname(import.meta.filename);
const exclusions = readExclusions(join(HERE, 'excluded.txt'));
const TRAINING_LISTS = ['packages.txt', 'packages-code.txt'];
const ALL_LISTS = [...TRAINING_LISTS, 'heldout.txt'];

describe('excluded.txt', () => {
  it('names every project and Java package the outside check uses', () => {
    const names = readList(join(HERE, 'excluded.txt'));
    for (const project of ['marshmallow', 'poetry', 'black', 'locust', 'openai', 'web3', 'torch-geometric', 'gin', 'logrus', 'viper', 'lodash', 'express', 'commander']) {
      expect(names).toContain(project);
    }
    expect(exclusions.javaPackages).toEqual(expect.arrayContaining(['java.time', 'java.net']));
  });

  it('matches whole name parts, not substrings', () => {
    const is = (name: string) => excludedName(name, exclusions.projects);
    expect(is('python3-marshmallow')).toBe(true);
    expect(is('golang-github-gin-gonic-gin-dev')).toBe(true);
    expect(is('golang-github-sirupsen-logrus-dev')).toBe(true);
    expect(is('node-lodash.get')).toBe(true);
    expect(is('python3-torch-geometric')).toBe(true);
    expect(is('python3-packaging')).toBe(false);
    expect(is('stdlib:logging')).toBe(false);
    expect(is('python3-blackbox')).toBe(false);
  });

  it('covers every folder under an excluded Java package', () => {
    const is = (path: string) => excludedJavaPath(path, exclusions.javaPackages);
    expect(is('/w/src/java.base/java/time')).toBe(true);
    expect(is('/w/src/java.base/java/time/format/DateTimeFormatter.java')).toBe(true);
    expect(is('/w/src/java.net.http/java/net/http/HttpClient.java')).toBe(true);
    expect(is('/w/src/java.base/java/util/List.java')).toBe(false);
    expect(is('/w/src/java.base/java/nio/Buffer.java')).toBe(false);
  });
});

describe.each(ALL_LISTS)('%s', (list) => {
  const entries = readList(join(HERE, list));

  it('holds no excluded project', () => {
    expect(entries.filter((e) => excludedName(e.split(':')[0], exclusions.projects))).toEqual([]);
  });

  it('holds no module of an excluded Java package', () => {
    const modules = entries.filter((e) => e.includes(':') && !e.startsWith('stdlib:')).map((e) => e.split(':')[1]);
    expect(modules.filter((m) => exclusions.javaPackages.some((p) => m === p || m.startsWith(`${p}.`)))).toEqual([]);
  });
});

describe('the quality benchmark repositories', () => {
  const bench = join(HERE, '..', 'bench');
  const files = readdirSync(bench).filter((f) => /^quality.*repos.*\.txt$/.test(f));
  const training = new Set(TRAINING_LISTS.flatMap((list) => readList(join(HERE, list))));

  it('have a list to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('of %s are never trained on', (file) => {
    const names = readList(join(bench, file)).flatMap((line) => line.split(/\s+/));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => training.has(name))).toEqual([]);
  });
});

describe("the code miner's entries", () => {
  const lists = { code: readList(join(HERE, 'packages-code.txt')), heldout: readList(join(HERE, 'heldout.txt')) };
  const bench = readdirSync(join(HERE, '..', 'bench'))
    .filter((f) => /^quality.*repos.*\.txt$/.test(f))
    .flatMap((f) => readList(join(HERE, '..', 'bench', f)).map((line) => line.split(/\s+/)[0]))
    .filter((name) => !name.startsWith('python3-'));

  it('mine every non-Python bench repo as held out, never for training', () => {
    const train = minedEntries('train', lists, exclusions.projects);
    const heldout = minedEntries('heldout', lists, exclusions.projects);
    expect(bench).toEqual(expect.arrayContaining(['openjdk-17-source:java.sql']));
    expect(bench.filter((name) => train.includes(name))).toEqual([]);
    expect(bench.filter((name) => !heldout.includes(name))).toEqual([]);
  });

  it('take a held-out openjdk module out of training even when packages-code.txt names it', () => {
    const train = minedEntries('train', { code: ['openjdk-17-source:java.base', 'openjdk-17-source:java.sql', 'node-lodash'], heldout: ['openjdk-17-source:java.sql'] }, exclusions.projects);
    expect(train).toEqual(['openjdk-17-source:java.base']);
  });
});

describe('the miner helpers', () => {
  it('keeps the first sentence of the first paragraph, tags unwrapped', () => {
    expect(firstSentence('Returns the {@code List} of <b>all</b> names. Never null.\n@return the names')).toBe('Returns the List of all names.');
    expect(firstSentence('Parses a header\nline into fields\n\n# Examples')).toBe('Parses a header line into fields');
    expect(firstSentence('Uses e.g. commas to split the line.')).toBe('Uses e.g. commas to split the line.');
  });

  it('drops boilerplate and short docs', () => {
    expect(firstSentence('Copyright 2020 The Go Authors. All rights reserved.')).toBe('');
    expect(firstSentence('Code generated by protoc-gen-go. DO NOT EDIT.')).toBe('');
    expect(firstSentence('Getter.')).toBe('');
  });

  it('takes comment lines out of code', () => {
    const code = 'class A {\n  /**\n   * Name.\n   */\n  name() { return 1; }\n  // note\n  /* one */\n}';
    expect(withoutComments(code)).toBe('class A {\n  name() { return 1; }\n}');
  });
});

describe('the mining order', () => {
  it('takes one language at a time in turn', () => {
    const entries = ['golang-a-dev', 'golang-b-dev', 'node-c', 'librust-d-dev', 'openjdk-17-source:java.base', 'libe-dev'];
    expect(roundRobin(entries)).toEqual(['golang-a-dev', 'node-c', 'librust-d-dev', 'openjdk-17-source:java.base', 'libe-dev', 'golang-b-dev']);
  });
});
