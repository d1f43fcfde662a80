/**
 * @file The storage check (`npm run bench:storage -- [options]`, opt-in: it writes about 4 GiB
 * per part, docs/testing.md): a database grown past 4 GiB, or up to the storage limit, read back
 * (scripts/bench/storageGrowth.ts). Parts, in this order:
 *   native       @duckdb/node-api on a file (the control): past 4 GiB, read back, reopened, read back
 *   wasm         duckdb-wasm's blocking bundle on a file in Node, nothing in between: as far as it
 *                goes (its Node file runtime writes in-place writes at the end of the file, and a
 *                checkpoint soon reads a block that was never written where it belongs)
 *   browser-raw  chromium, duckdb-wasm with its own worker on OPFS: past 4 GiB, read back, reopened,
 *                read back, grown once more, read back
 *   browser-app  chromium, the app's storage (guarded worker, limitedConnection): it must stop with
 *                STORAGE_LIMIT under the limit, every row written before read back, also reopened
 * The app's part and the control pass or fail (exit code 1 on a failure); the raw parts report
 * what the engine does. The guard itself, on the blocking bundle, is test/store/writeGuard.test.ts.
 * Runs in: Node (tsx).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openNodeDatabase } from '../../src/adapters/node/duckdbNode.ts';
import { DATABASE_WRITE_LIMIT_BYTES } from '../../src/core/store/storageLimit.ts';
import type { SqlConnection } from '../../src/core/store/sqlConnection.ts';
import { openWasmFileDatabase } from '../../test/store/wasmFileDatabase.ts';
import { answerWithin, launchChromiumProfile } from '../chromium.ts';
import { servePage } from '../pageBuild.ts';
import { ROW_BYTES, grow, readBack } from './storageGrowth.ts';
import type { Growth, ReadBack } from './storageGrowth.ts';
import type { PageRequest, PageResult, StorageCheckPageApi } from './storagePages/storageCheckPage.ts';

const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const PARTS = ['native', 'wasm', 'browser-raw', 'browser-app'] as const;
type Part = (typeof PARTS)[number];
const GIB = 2 ** 30;

interface Args {
  parts: Part[];
  stepBytes: number;
  targetBytes: number;
  limitBytes: number;
}

function parseArgs(argv: string[]): Args {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const parts = (value('--parts')?.split(',') ?? [...PARTS]) as Part[];
  const unknown = parts.filter((p) => !PARTS.includes(p));
  if (unknown.length > 0) throw new Error(`unknown parts ${unknown.join(', ')}; parts: ${PARTS.join(', ')}`);
  return {
    parts,
    stepBytes: Number(value('--step-mb') ?? 512) * 2 ** 20,
    targetBytes: Number(value('--target-gib') ?? 4.25) * GIB,
    limitBytes: value('--limit-mb') ? Number(value('--limit-mb')) * 2 ** 20 : DATABASE_WRITE_LIMIT_BYTES,
  };
}

const log = (line: string) => process.stderr.write(`[bench:storage] ${line}\n`);
const gib = (bytes: number) => `${(bytes / GIB).toFixed(3)} GiB`;
const said = (r: ReadBack) => `${r.ok ? 'OK' : 'WRONG'} (${r.detail})`;

/** The first step whose file passed 4 GiB and was read back, and what the read gave. */
function pastWrap(growth: Growth): string {
  const step = growth.steps.find((s) => s.fileBytes > 4 * GIB && s.readBack);
  return step ? `first read back past 4 GiB (file ${gib(step.fileBytes)}): ${said(step.readBack!)}` : 'no read back past 4 GiB';
}

interface Verdict {
  part: Part;
  pass: boolean | null;
  lines: string[];
}

async function inTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'ranger-storage-check-'));
  try {
    return await run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function nodePart(part: Part, args: Args): Promise<Verdict> {
  return inTempDir(async (dir) => {
    const path = join(dir, 'check.duckdb');
    const size = () => Promise.resolve(statSync(path).size);
    const rowsPerStep = Math.round(args.stepBytes / ROW_BYTES);
    const readBackAt = (bytes: number) => bytes > Math.min(3.75 * GIB, args.targetBytes * 0.9);
    const open = async (): Promise<SqlConnection & { close(): Promise<void> }> => (part === 'native' ? openNodeDatabase(path) : openWasmFileDatabase(path));
    const conn = await open();
    let growth: Growth;
    let maxFile = 0;
    try {
      growth = await grow(conn, { rowsPerStep, targetBytes: args.targetBytes, fileBytes: async () => (maxFile = Math.max(maxFile, await size())), readBackAt, log });
      maxFile = Math.max(maxFile, await size());
    } finally {
      await conn.close();
    }
    if (part === 'wasm') {
      const stopped = growth.failure ? `stopped at ${gib(maxFile)}: ${growth.failure.message.slice(0, 200)}` : `file ${gib(maxFile)}`;
      return { part, pass: null, lines: [`${stopped}; ${pastWrap(growth)}`] };
    }
    const again = await openNodeDatabase(path);
    let reopened: ReadBack;
    try {
      await again.run("SET memory_limit = '512MB'");
      reopened = await readBack(again, growth.rows);
    } finally {
      await again.close();
    }
    const allRead = growth.steps.every((s) => !s.readBack || s.readBack.ok);
    return { part, pass: growth.failure === null && allRead && reopened.ok, lines: [`file ${gib(maxFile)}; ${pastWrap(growth)}`, `reopened: ${said(reopened)}`] };
  });
}

async function browserParts(parts: Part[], args: Args): Promise<Verdict[]> {
  const served = await servePage(join(REPO_ROOT, 'scripts', 'bench', 'storagePages', 'vite.config.ts'));
  const { context, close } = await launchChromiumProfile('bench-storage-chromium-');
  const verdicts: Verdict[] = [];
  try {
    const page = await context.newPage();
    page.on('console', (m) => m.text().startsWith('[storage-check]') && log(m.text().slice(16)));
    await page.goto(`${served.origin}storage-check.html`);
    await page.waitForFunction(() => '__storageCheck' in window, undefined, { timeout: 60_000 });
    for (const part of parts) {
      log(`${part}: growing`);
      const request: PageRequest = {
        part: part === 'browser-raw' ? 'raw' : 'app',
        rowsPerStep: Math.round(args.stepBytes / ROW_BYTES),
        targetBytes: part === 'browser-raw' ? args.targetBytes : Infinity,
        readBackFrom: Math.min(3.75 * GIB, args.targetBytes * 0.9),
        writeLimitBytes: args.limitBytes,
      };
      const pending = page.evaluate((r) => (window as unknown as { __storageCheck: StorageCheckPageApi }).__storageCheck.run(r), request);
      const result: PageResult = await answerWithin(pending, 3_600_000);
      const lines = [`largest file ${gib(result.maxFileBytes)}; ${pastWrap(result.growth)}`, `same session after: ${said(result.after)}`, `reopened: ${said(result.reopened)}`];
      if (result.regrown) lines.push(`reopened and grown once more: ${said(result.regrown)}`);
      if (part === 'browser-raw') verdicts.push({ part, pass: null, lines });
      else {
        const stopped = result.growth.failure?.code === 'STORAGE_LIMIT';
        const under = result.maxFileBytes <= args.limitBytes;
        lines.unshift(`stopped: ${stopped ? `STORAGE_LIMIT (${result.growth.failure!.message.slice(0, 120)})` : `no (${JSON.stringify(result.growth.failure)})`}; ${under ? 'under' : 'PAST'} the limit ${gib(args.limitBytes)}`);
        verdicts.push({ part, pass: stopped && under && result.after.ok && result.reopened.ok, lines });
      }
    }
  } finally {
    await close();
    await served.close();
  }
  return verdicts;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  log(`parts ${args.parts.join(', ')}; steps of ${args.stepBytes / 2 ** 20} MiB, target ${gib(args.targetBytes)}, limit ${gib(args.limitBytes)}`);
  const verdicts: Verdict[] = [];
  for (const part of args.parts.filter((p) => !p.startsWith('browser'))) {
    log(`${part}: growing`);
    verdicts.push(await nodePart(part, args));
  }
  const browser = args.parts.filter((p) => p.startsWith('browser'));
  if (browser.length > 0) verdicts.push(...(await browserParts(browser, args)));
  for (const v of verdicts) console.log(`${v.part.padEnd(12)} ${v.pass === null ? 'REPORT' : v.pass ? 'PASS  ' : 'FAIL  '} ${v.lines.join('\n                    ')}`);
  return verdicts.some((v) => v.pass === false) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
