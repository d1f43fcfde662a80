/**
 * @file Lets queued events run between two slices of a long synchronous job (the streaming
 * read hands files to the parse pool and must let the pool's replies in). A MessageChannel
 * round trip is a macrotask without setTimeout's clamping (4 ms once nested); both the browser
 * and Node have one. Falls back to setTimeout(0).
 * Runs in: everywhere. Layer src/core.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
