// bindings/js/demo/serve.mjs — a tiny static file server (node:http) for the demo page: it
// serves the repository root read-only, so that the page (/bindings/js/demo/) reaches ctt.js and
// ctt.wasm, the peers in bindings/js/bench/node_modules and the vectors in tests/vectors.
//     node bindings/js/demo/serve.mjs [port]    -> http://127.0.0.1:<port>/bindings/js/demo/
// Also imported by the browser test (startServer).
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file under ROOT a URL path names, or null (outside ROOT, missing, not a file). */
function resolve(urlPath) {
  let path;
  try {
    path = normalize(join(ROOT, decodeURIComponent(urlPath)));
  } catch {
    return null;
  }
  if (!path.startsWith(ROOT) || path.split(sep).includes('..')) return null;
  try {
    const st = statSync(path);
    if (st.isDirectory()) return resolve(join(urlPath, 'index.html'));
    return st.isFile() ? path : null;
  } catch {
    return null;
  }
}

/** Starts the server on 127.0.0.1 (`port` 0: any free port); resolves to the http.Server. */
export function startServer(port = 0) {
  const server = createServer((req, res) => {
    const path = req.method === 'GET' ? resolve(new URL(req.url, 'http://x').pathname) : null;
    if (path === null) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream', 'cache-control': 'no-store' });
    createReadStream(path).pipe(res);
  });
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => ok(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServer(Number(process.argv[2] || 8080));
  console.log(`http://127.0.0.1:${server.address().port}/bindings/js/demo/`);
}
