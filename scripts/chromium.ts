/**
 * @file What the e2e suite and the browser benchmark share to drive Debian chromium: its path,
 * the launch flags proven on this kind of machine (WebGL stays available through SwiftShader with
 * --disable-gpu), a free localhost port for the preview server, chromium launched with a
 * private profile folder, a page's error collector and a deadline for page answers.
 * Runs in: Node.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a request stays on this machine (localhost, or no network at all: data:, blob:...). */
export function isLocalUrl(url: string): boolean {
  if (/^(data|blob|about|chrome-error|devtools):/.test(url)) return true;
  try {
    const host = new URL(url).hostname;
    return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  } catch {
    return false;
  }
}

export interface ChromiumOptions {
  /** Adds --enable-unsafe-webgpu (SwiftShader's software adapter here); off by default. */
  webgpu?: boolean;
}

/** playwright launch options: headless Debian chromium with config, cache and TMPDIR under `dir`. */
export function chromiumLaunchOptions(dir: string, options: ChromiumOptions = {}) {
  return {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: options.webgpu ? [...CHROMIUM_ARGS, '--enable-unsafe-webgpu'] : CHROMIUM_ARGS,
    env: { ...process.env, XDG_CONFIG_HOME: join(dir, 'config'), XDG_CACHE_HOME: join(dir, 'cache'), TMPDIR: dir },
  };
}

/** `open(dir)` in a fresh temp folder (`prefix`-named); `close` ends it and removes the folder (a failed open removes it too). */
async function inTempFolder<T>(prefix: string, open: (dir: string) => Promise<T>, end: (value: T) => Promise<void>): Promise<{ value: T; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const value = await open(dir);
    return {
      value,
      close: async () => {
        await end(value);
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Chromium with a fresh temp folder (`prefix`-named); `close` ends it and removes the folder. */
export async function launchChromium(prefix: string, options: ChromiumOptions = {}): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const { value: browser, close } = await inTempFolder(prefix, (dir) => chromium.launch(chromiumLaunchOptions(dir, options)), (b) => b.close());
  return { browser, close };
}

/**
 * Chromium with a persistent profile in a fresh temp folder (`prefix`-named), as a user's
 * browser has: OPFS lives on disk. In a default (incognito) context OPFS lives in the browser
 * process's memory and every write is a round trip to it: the stdlib index's store phase took
 * 3.1 s there against 1.3 s with a profile. `close` ends it and removes the folder.
 */
export async function launchChromiumProfile(prefix: string, options: ChromiumOptions = {}): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const { value: context, close } = await inTempFolder(
    prefix,
    (dir) => chromium.launchPersistentContext(join(dir, 'profile'), chromiumLaunchOptions(dir, options)),
    (c) => c.close(),
  );
  return { context, close };
}

/** Pushes into `errors` the page's uncaught errors, console errors and HTTP errors (favicon aside). */
export function collectPageErrors(page: Page, errors: string[]): void {
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.status() >= 400 && path !== '/favicon.ico') errors.push(`HTTP ${response.status()} ${path}`);
  });
}

/** `pending`, or a rejection "no answer within N s<detail()>" after `timeoutMs`. */
export async function answerWithin<T>(pending: Promise<T>, timeoutMs: number, detail: () => string = () => ''): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s${detail()}`)), timeoutMs);
  });
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
