/**
 * @file The e2e parse-worker kill: off without its flag; with it, the real pool and the real
 * message channel over SIMULATED workers (each answers 60 ms after a request with an empty
 * FileIR per file) keep every other file and flag only the chosen one as a parser crash.
 */
import { describe, expect, it } from 'vitest';
import type { SourceFile } from '../../core/ingest/types.ts';
import { encodeFileIR } from '../../core/parse/fileIRCodec.ts';
import type { FileIR } from '../../core/parse/fileIR.ts';
import { createParseChannel, runParsePool } from '../../core/parse/parsePool.ts';
import type { ParseWorkerHandle } from '../../core/parse/parsePool.ts';
import { parseWorkerKillTarget, withParseWorkerKill } from './parseWorkerFault.ts';

function source(path: string): SourceFile {
  const text = 'x = 1\n';
  return { path, language: 'python', text, bytes: text.length, sha256: '', notes: [] };
}

function parsed(file: SourceFile): FileIR {
  return { path: file.path, language: file.language, lines: 1, entities: [], imports: [], references: [], exports: [], all: null, docstring: null, syntaxErrors: [] };
}

/** A simulated worker that answers 60 ms after a request; `stop` counts as its death. */
function slowWorker(deaths: string[]): ParseWorkerHandle {
  let alive = true;
  const channel = createParseChannel(
    ({ id, files }) => {
      setTimeout(() => alive && channel.receive({ id, irs: files.map(parsed).map(encodeFileIR) }), 60);
    },
    () => {
      alive = false;
      deaths.push('killed');
    },
  );
  return channel.handle;
}

describe('parseWorkerKillTarget', () => {
  it('is null for the normal worker name and decodes the flagged one', () => {
    expect(parseWorkerKillTarget('repo')).toBeNull();
    expect(parseWorkerKillTarget(undefined)).toBeNull();
    expect(parseWorkerKillTarget('repo;e2e-kill-parse-worker=pkg%2Fkiller.py')).toBe('pkg/killer.py');
  });

  it('reads its flag among others', () => {
    expect(parseWorkerKillTarget('repo;e2e-storage-limit=1000;e2e-kill-parse-worker=a%3Bb.py')).toBe('a;b.py');
    expect(parseWorkerKillTarget('repo;e2e-storage-limit=1000')).toBeNull();
  });
});

describe('withParseWorkerKill', () => {
  it('returns the factory unchanged without a target', () => {
    const create = () => slowWorker([]);
    expect(withParseWorkerKill(create, null)).toBe(create);
  });

  it('kills the worker holding the target mid-batch; the pool keeps the other files and flags the target', async () => {
    const deaths: string[] = [];
    const files = ['a.py', 'pkg/killer.py', 'b.py'].map(source);
    const irs = await runParsePool(files, withParseWorkerKill(() => slowWorker(deaths), 'pkg/killer.py'), { size: 1 });
    expect(irs.map((ir) => ir.path)).toEqual(['a.py', 'pkg/killer.py', 'b.py']);
    expect(irs[0]!.syntaxErrors).toEqual([]);
    expect(irs[2]!.syntaxErrors).toEqual([]);
    expect(irs[1]!.syntaxErrors[0]!.message).toBe('parser crashed or timed out on this file (parse worker terminated)');
    // Killed with the batch, killed again on the retry alone; the pool ends the last worker.
    expect(deaths.length).toBeGreaterThanOrEqual(2);
  });
});
