/**
 * @file Ranger Studio's service worker: the app works offline after the first visit.
 * Build-generated: scripts/pwa/precachePlugin.ts copies this file to dist/sw.js with the build's
 * version and its files in phases filled in (docs/architecture.md, "Offline app").
 * - install: caches the app shell and the one DuckDB bundle this browser runs (eh where wasm
 *   exceptions validate, else mvp), nothing more, so the first visit stays small (no
 *   skipWaiting: the page shows "update ready" and the user decides; the message
 *   {type: 'SKIP_WAITING'} activates the new version). A failed install drops its cache and tells
 *   the pages why ({type: 'PRECACHE_FAILED', name, message}).
 * - background: the page asks ({type: 'CACHE_BACKGROUND'}) once the app works; the worker caches
 *   what every search needs offline (ONNX Runtime, the shipped embedder) and answers
 *   {type: 'BACKGROUND_CACHED', bytes, files} (or BACKGROUND_FAILED).
 * - activate: deletes the caches of older versions, then controls open pages.
 * - fetch: only same-origin GETs without a Range header; cached files come from the cache
 *   (navigations get index.html); a file of the build fetched for the first time (a grammar, the
 *   LLM runtime) is cached as it passes; everything else goes to the network untouched. Model hub
 *   downloads are cross-origin and never pass through here; the libraries keep their own caches.
 */
const VERSION = '__VERSION__';
const PHASES = __PHASES__;
const CACHE = `ranger-${VERSION}`;
const SCOPE = new URL(self.registration.scope);
const href = (path) => new URL(path, SCOPE).href;

/** The probe duckdb-wasm's bundle choice runs: does this engine validate a wasm exception handler? */
function wasmExceptions() {
  try {
    return WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 10, 8, 1, 6, 0, 6, 64, 25, 11, 11]));
  } catch {
    return false;
  }
}

const INSTALL = [...PHASES.install, ...(wasmExceptions() ? PHASES.duckdbEh : PHASES.duckdbMvp)];
/** Every file of the build: cached when first fetched, whatever its phase. */
const BUILD = new Set([...PHASES.install, ...PHASES.duckdbEh, ...PHASES.duckdbMvp, ...PHASES.background, ...PHASES.onUse].map(href));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(INSTALL.map(href)))
      .catch(async (error) => {
        // The pages say why offline use is not set up (a QuotaExceededError on a full disk), and
        // the half-filled cache gives its room back.
        await caches.delete(CACHE);
        const pages = await self.clients.matchAll({ includeUncontrolled: true, type: 'window' });
        for (const page of pages) page.postMessage({ type: 'PRECACHE_FAILED', name: error?.name ?? 'Error', message: String(error?.message ?? error) });
        throw error;
      }),
  );
});

/** Caches the background phase (files already cached are kept); resolves to the bytes added. */
async function cacheBackground() {
  const cache = await caches.open(CACHE);
  let bytes = 0;
  for (const path of PHASES.background) {
    const key = href(path);
    if (await cache.match(key)) continue;
    const response = await fetch(key);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    bytes += (await response.clone().arrayBuffer()).byteLength;
    await cache.put(key, response);
  }
  return bytes;
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('ranger-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  const type = event.data && event.data.type;
  if (type === 'SKIP_WAITING') self.skipWaiting();
  if (type === 'CACHE_BACKGROUND') {
    const reply = (message) => event.source && event.source.postMessage(message);
    event.waitUntil(
      cacheBackground().then(
        (bytes) => reply({ type: 'BACKGROUND_CACHED', bytes, files: PHASES.background.length }),
        (error) => reply({ type: 'BACKGROUND_FAILED', name: error?.name ?? 'Error', message: String(error?.message ?? error) }),
      ),
    );
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || request.headers.has('range')) return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin) return;
  const key = request.mode === 'navigate' ? new URL('index.html', SCOPE).href : url.origin + url.pathname;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(key);
      if (hit) return hit;
      const response = await fetch(request);
      // A file of the build met for the first time (a grammar, the LLM runtime) stays for offline use.
      if (BUILD.has(key) && response.status === 200) event.waitUntil(cache.put(key, response.clone()));
      return response;
    }),
  );
});
