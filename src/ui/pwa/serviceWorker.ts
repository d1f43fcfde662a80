/**
 * @file Registers the service worker of a production build (dist/sw.js, scripts/pwa) and tells
 * listeners when a new version is installed and waiting ("update ready": the user reloads into
 * it with applyUpdate, never silently). Asks once for persistent storage, so the browser does
 * not evict stored graphs under pressure.
 * Runs in: the main thread.
 */
type Listener = (ready: boolean) => void;

const listeners = new Set<Listener>();
let waiting: ServiceWorker | null = null;
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
  check();
  registration.addEventListener('updatefound', () => {
    registration.installing?.addEventListener('statechange', check);
  });
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
  navigator.serviceWorker
    .register(`${import.meta.env.BASE_URL}sw.js`)
    .then(track)
    .catch((error: unknown) => console.warn('Service worker not registered: the app still works, but not offline.', error));
}
