/**
 * @file Ranger Studio's service worker: the app works offline after the first visit.
 * Build-generated: scripts/pwa/precachePlugin.ts copies this file to dist/sw.js with the build's
 * version and the precache list (app shell, workers, WASM, grammars, built-in and fixture
 * models, the prepared demo) filled in.
 * - install: caches every listed file (no skipWaiting: the page shows "update ready" and the
 *   user decides; the message {type: 'SKIP_WAITING'} activates the new version). A failed install
 *   drops its cache and tells the pages why ({type: 'PRECACHE_FAILED', name, message}).
 * - activate: deletes the caches of older versions, then controls open pages.
 * - fetch: only same-origin GETs without a Range header; precached files come from the cache
 *   (navigations get index.html), everything else goes to the network untouched. Model hub
 *   downloads are cross-origin and never pass through here; the libraries keep their own caches.
 */
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const CACHE = `ranger-${VERSION}`;
const SCOPE = new URL(self.registration.scope);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new URL(path, SCOPE).href)))
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

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('ranger-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || request.headers.has('range')) return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin) return;
  const key = request.mode === 'navigate' ? new URL('index.html', SCOPE).href : url.origin + url.pathname;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(key).then((hit) => hit || fetch(request)),
    ),
  );
});
