// Hashed assets travel compressed ahead of time, at the highest levels (brotli 11, gzip 9),
// which no server can afford per request: the build writes `name.br` and `name.gz` beside
// each one, nginx serves them with brotli_static / gzip_static (scripts/nginx-conf.mjs), and
// the preview server does the same here, so the end-to-end tests and `npm run bench` see what
// production sends. config.json is never precompressed: a deployment replaces that file, and
// a stale copy beside it would be served instead.
import { createReadStream, existsSync, statSync, writeFileSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files smaller than this gain nothing worth a second request path. */
export const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|css|svg)$/;
const TYPES = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };

/** The encodings written, best first, with the file suffix and the compressor. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br', compress: (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }) },
  { name: 'gzip', suffix: '.gz', compress: (bytes) => gzipSync(bytes, { level: 9 }) },
];

/** Whether a built file under assets/ is worth precompressing. */
export function shouldPrecompress(fileName, size) {
  return fileName.startsWith('assets/') && COMPRESSIBLE.test(fileName) && size >= MIN_BYTES;
}

/**
 * The encoding to answer with for an Accept-Encoding header, among those present; undefined
 * for identity. q=0 refuses an encoding (RFC 9110 section 12.5.3).
 */
export function chooseEncoding(acceptEncoding, available = ENCODINGS.map((e) => e.name)) {
  const accepted = new Map();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(token, q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  return available.find((name) => (accepted.get(name) ?? wildcard ?? 0) > 0);
}

/** Vite plugin: writes the compressed copies after a build; serves them in `vite preview`. */
export function precompress() {
  let outDir = 'dist';
  let headers = {};
  return {
    name: 'portal-precompress',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
      headers = config.preview.headers ?? {};
    },
    writeBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          const bytes = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (!shouldPrecompress(file.fileName, bytes.length)) continue;
          for (const encoding of ENCODINGS) writeFileSync(join(outDir, file.fileName + encoding.suffix), encoding.compress(bytes));
        }
      },
    },
    configurePreviewServer(server) {
      const assets = join(outDir, 'assets') + sep;
      server.middlewares.use((req, res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith('/assets/')) return next();
        const path = normalize(join(outDir, decodeURIComponent(req.url.split('?')[0])));
        if (!path.startsWith(assets) || !existsSync(path)) return next();
        const present = ENCODINGS.filter((e) => existsSync(path + e.suffix));
        const encoding = ENCODINGS.find((e) => e.name === chooseEncoding(req.headers['accept-encoding'], present.map((p) => p.name)));
        // Caches must keep one copy per encoding, whichever this answer is.
        if (present.length) res.setHeader('Vary', 'Accept-Encoding');
        if (!encoding) return next();
        const type = TYPES[path.slice(path.lastIndexOf('.'))];
        if (!type) return next();
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.setHeader('Content-Type', type);
        res.setHeader('Content-Encoding', encoding.name);
        res.setHeader('Content-Length', statSync(path + encoding.suffix).size);
        if (req.method === 'HEAD') return res.end();
        createReadStream(path + encoding.suffix).pipe(res);
      });
    },
  };
}
