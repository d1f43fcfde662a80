/**
 * @file What the e2e suite and the browser benchmark share to drive Debian chromium: its path,
 * the launch flags of RECIPES.md section 5 (WebGL stays available through SwiftShader with
 * --disable-gpu) and a free localhost port for the preview server.
 * Runs in: Node.
 */
import { createServer } from 'node:net';

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
