/**
 * @file Registers the service worker of a production build (dist/sw.js, scripts/pwa) and tells
 * listeners when a new version is installed and waiting ("update ready": the user reloads into
 * it with applyUpdate, never silently), or when the first install failed (the browser would not
 * store the app: its storage quota for the site is too small), so the app says it will not work
 * offline instead of letting the user find out with the network gone. Once the app works, asks
 * the worker to cache the background phase (what searches need offline: ONNX Runtime and the
 * shipped embedder) and marks the page `data-offline-ready` when it has. Asks once for persistent
 * storage, so the browser does not evict stored graphs under pressure.
 * Runs in: the main thread.
 */
type Listener = (ready: boolean) => void;

const listeners = new Set<Listener>();
let waiting: ServiceWorker | null = null;
/** Why the first install failed: 'quota' (the browser refused the room), another error's text, or '' when unknown. */
type FailureListener = (reason: string | null) => void;
const failureListeners = new Set<FailureListener>();
let failure: string | null = null;
/** What the service worker posted about its failed install (PRECACHE_FAILED), if anything. */
let reported = '';
const PERSIST_ASKED_KEY = 'ranger.persistAsked';

function notify(): void {
  for (const listener of listeners) listener(waiting !== null);
}

/** Subscribes to "an update is ready"; returns the unsubscribe function. */
export function onUpdateReady(listener: Listener): () => void {
  listeners.add(listener);
  listener(waiting !== null);
  return () => listeners.delete(listener);
}

/**
 * Subscribes to "the offline install failed" (the app still works online): the listener gets the
 * reason ('quota', an error's text, or '' when unknown) or null; returns the unsubscribe function.
 */
export function onOfflineInstallFailed(listener: FailureListener): () => void {
  failureListeners.add(listener);
  listener(failure);
  return () => failureListeners.delete(listener);
}

function setFailure(reason: string): void {
  failure = reason;
  for (const listener of failureListeners) listener(reason);
}

/** Activates the waiting version and reloads into it. */
export function applyUpdate(): void {
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

function track(registration: ServiceWorkerRegistration): void {
  const check = () => {
    // A waiting worker while another controls the page is an update (the first install is not).
    if (registration.waiting && navigator.serviceWorker.controller) {
      waiting = registration.waiting;
      notify();
    }
  };
  // The first install (no worker controls the page yet) failing leaves the app online-only.
  const watch = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      check();
      if (worker.state !== 'redundant' || navigator.serviceWorker.controller || registration.active) return;
      setFailure(reported);
    });
  };
  check();
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
}

/** Asks for persistent storage once per browser profile (the answer is the browser's). */
async function askPersistOnce(): Promise<void> {
  try {
    if (localStorage.getItem(PERSIST_ASKED_KEY) || !navigator.storage?.persist) return;
    localStorage.setItem(PERSIST_ASKED_KEY, new Date().toISOString());
    await navigator.storage.persist();
  } catch {
    // Storage settings are the browser's call; the app works without persistence.
  }
}

export function registerServiceWorker(): void {
  void askPersistOnce();
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; name?: string; message?: string } | null;
    if (data?.type === 'BACKGROUND_CACHED' || data?.type === 'BACKGROUND_FAILED') {
      // 'true', or why not (the app works; searches offline need these files).
      document.documentElement.dataset.offlineReady = data.type === 'BACKGROUND_CACHED' ? 'true' : `failed: ${data.message ?? ''}`;
      return;
    }
    if (data?.type !== 'PRECACHE_FAILED') return;
    reported = data.name === 'QuotaExceededError' ? 'quota' : `${data.name ?? 'Error'}: ${data.message ?? ''}`;
    // The worker's state may have turned 'redundant' before this message came in.
    if (failure !== null) setFailure(reported);
  });
  navigator.serviceWorker
    .register(`${import.meta.env.BASE_URL}sw.js`)
    .then(track)
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active?.postMessage({ type: 'CACHE_BACKGROUND' }))
    .catch((error: unknown) => console.warn('Service worker not registered: the app still works, but not offline.', error));
}
