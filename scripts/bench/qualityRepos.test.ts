/**
 * @file The quality benchmark's repo names and Java extraction (qualityRepos.ts): a bench entry
 * names a Debian package or one module of openjdk's src.zip, and a module's `.java` files come out
 * of a real zip (built here with fflate) and nothing else. No download: apt-get is not called.
 * Runs in: Node (vitest).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRepoName, unzipJavaModule } from './qualityRepos.ts';

describe('parseRepoName', () => {
  it('reads a Debian package and an openjdk module', () => {
    expect(parseRepoName('python3-attr')).toEqual({ deb: 'python3-attr', file: 'python3-attr' });
    expect(parseRepoName('openjdk-17-source:java.sql')).toEqual({ deb: 'openjdk-17-source', module: 'java.sql', file: 'openjdk-17-source_java.sql' });
  });

  it('rejects a module of another package, a whole JDK and a bad name', () => {
    expect(() => parseRepoName('node-ws:lib')).toThrow(/only an openjdk/);
    expect(() => parseRepoName('openjdk-17-source')).toThrow(/one module/);
    expect(() => parseRepoName('../etc')).toThrow(/not a Debian package/);
  });
});

describe('unzipJavaModule', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("writes the module's .java files only", () => {
    const text = (s: string) => new TextEncoder().encode(s);
    const zip = zipSync({
      'java.sql/java/sql/Driver.java': text('interface Driver {}'),
      'java.sql/module-info.java': text('module java.sql {}'),
      'java.sql/java/sql/notes.html': text('<p>'),
      'java.sql.rowset/javax/sql/rowset/RowSet.java': text('interface RowSet {}'),
      'java.base/java/lang/Object.java': text('class Object {}'),
    });
    const out = mkdtempSync(join(tmpdir(), 'ranger-java-module-'));
    dirs.push(out);
    expect(unzipJavaModule(zip, 'java.sql', out)).toBe(2);
    expect(readdirSync(out)).toEqual(['java.sql']);
    expect(readFileSync(join(out, 'java.sql/java/sql/Driver.java'), 'utf8')).toBe('interface Driver {}');
    expect(readdirSync(join(out, 'java.sql/java/sql'))).toEqual(['Driver.java']);
  });
});
