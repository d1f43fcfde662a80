/**
 * @file A tiny localhost server laid out like the Hugging Face hub (`/<id>/resolve/main/<file>`,
 * with Content-Length) serving model folders from `root`, so the hub download path (progress,
 * cache, offline second visit, interrupted download) is testable offline (later
 * findings). It can fail one file with a 500 or cut one response midway, and counts requests.
 * Runs in: Node (tests, and `tsx scripts/hubServer.ts <root> [port]` for e2e).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface HubServerOptions {
  root: string;
  /** A file path inside a model folder (e.g. 'onnx/model.onnx') answered with status 500. */
  failFile?: string;
  /** A file path whose body is cut after half its bytes (the socket is destroyed). */
  truncateFile?: string;
  port?: number;
}

export interface HubServer {
  /** Base URL ending in '/', suitable for transformers.js `env.remoteHost`. */
  url: string;
  /** Request counts per URL path (every method, ranged metadata probes included). */
  requests: Map<string, number>;
  /** Complete-body GET counts per URL path (actual downloads). */
  downloads: Map<string, number>;
  close(): Promise<void>;
}

const RESOLVE = /^\/(.+?)\/resolve\/[^/]+\/(.+)$/;

export function startHubServer(options: HubServerOptions): Promise<HubServer> {
  const root = resolve(options.root);
  const requests = new Map<string, number>();
  const downloads = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    requests.set(path, (requests.get(path) ?? 0) + 1);
    // Pages on another localhost port (cross-origin isolated) fetch from here: CORS + CORP.
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'GET, HEAD' }).end();
      return;
    }
    const match = RESOLVE.exec(path);
    const file = match ? resolve(join(root, match[1], match[2])) : '';
    if (!match || !file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Entry not found');
      return;
    }
    const name = match[2];
    if (options.failFile === name) {
      response.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal error (hubServer failFile)');
      return;
    }
    const size = statSync(file).size;
    // transformers.js probes sizes with `Range: bytes=0-0` (206 + Content-Range), as the hub answers.
    const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
    if (range && request.method === 'GET') {
      const start = Math.min(Number(range[1]), Math.max(0, size - 1));
      const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
      response.writeHead(206, {
        'Content-Length': String(end - start + 1),
        'Content-Range': `bytes ${start}-${end}/${size}`,
        'Content-Type': 'application/octet-stream',
        'Access-Control-Expose-Headers': 'Content-Range, Content-Length',
      });
      createReadStream(file, { start, end }).pipe(response);
      return;
    }
    response.writeHead(200, {
      'Content-Length': String(size),
      'Content-Type': 'application/octet-stream',
      'Access-Control-Expose-Headers': 'Content-Range, Content-Length',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    downloads.set(path, (downloads.get(path) ?? 0) + 1);
    if (options.truncateFile === name) {
      const half = Math.max(1, Math.floor(size / 2));
      createReadStream(file, { start: 0, end: half - 1 })
        .on('data', (chunk) => response.write(chunk))
        .on('end', () => setTimeout(() => response.destroy(), 20));
      return;
    }
    createReadStream(file).pipe(response);
  });
  return new Promise((resolvePromise, reject) => {
    server.on('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolvePromise({
        url: `http://127.0.0.1:${port}/`,
        requests,
        downloads,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [root, port] = process.argv.slice(2);
  if (!root) {
    console.error('usage: tsx scripts/hubServer.ts <root> [port]');
    process.exit(2);
  }
  startHubServer({ root, port: port ? Number(port) : 0 }).then((hub) => console.log(`hub server at ${hub.url} serving ${resolve(root)}`));
}
