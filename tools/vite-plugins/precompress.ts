// Hashed assets travel compressed ahead of time, at the highest levels (brotli 11, gzip 9),
// which no server can afford per request: the build writes `name.br` and `name.gz` beside
// each one, nginx serves them with brotli_static / gzip_static (tools/deploy/nginx-conf.ts), and
// the preview server does the same here, so the end-to-end tests and `npm run bench` get the
// bytes production sends. config.json is never precompressed: a deployment replaces that
// file, and a stale copy beside it would be served instead.
import { createReadStream, existsSync, statSync, writeFileSync, type Stats } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Below this size a compressed copy saves too little to be worth keeping beside the file. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|css|svg)$/;
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };

export interface Encoding {
  /** The Content-Encoding token. */
  name: string;
  suffix: string;
  compress: (bytes: Buffer) => Buffer;
  decompress: (bytes: Buffer) => Buffer;
}

/** The encodings written, best first, with the file suffix, the compressor and its inverse. */
export const ENCODINGS: Encoding[] = [
  {
    name: 'br',
    suffix: '.br',
    compress: (bytes) =>
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    decompress: (bytes) => brotliDecompressSync(bytes),
  },
  { name: 'gzip', suffix: '.gz', compress: (bytes) => gzipSync(bytes, { level: 9 }), decompress: (bytes) => gunzipSync(bytes) },
];

/** Whether a built file under assets/ is worth precompressing. */
export function shouldPrecompress(fileName: string, size: number): boolean {
  return fileName.startsWith('assets/') && COMPRESSIBLE.test(fileName) && size >= MIN_BYTES;
}

/**
 * The encoding to answer with for an Accept-Encoding header, among those present; undefined
 * for identity. q=0 refuses an encoding (RFC 9110 section 12.5.3).
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: string[] = ENCODINGS.map((e) => e.name)): string | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(token, q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  return available.find((name) => (accepted.get(name) ?? wildcard ?? 0) > 0);
}

/** The compressed copy a request for `path` gets, or undefined for none. */
function pickCopy(path: string, acceptEncoding: string | undefined) {
  const present = ENCODINGS.filter((e) => existsSync(path + e.suffix));
  const name = chooseEncoding(
    acceptEncoding,
    present.map((e) => e.name),
  );
  return { present: present.length > 0, encoding: present.find((e) => e.name === name) };
}

/** The path under `assets` a request URL names, or undefined (outside it, or not decodable). */
function assetPath(url: string, outDir: string): string | undefined {
  try {
    const path = normalize(join(outDir, decodeURIComponent(url.split('?')[0] ?? '')));
    return path.startsWith(join(outDir, 'assets') + sep) ? path : undefined;
  } catch {
    return undefined; // a malformed %-escape: the static server answers it
  }
}

/**
 * `vite preview`'s side: answers /assets/ requests with the compressed copy the browser takes,
 * with the preview's own validators and caching (an ETag, Last-Modified, no-cache) as its
 * static server gives the uncompressed files. Anything else goes on to that server.
 */
export function previewMiddleware(outDir: string, headers: OutgoingHttpHeaders = {}) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith('/assets/')) return next();
    const path = assetPath(req.url, outDir);
    const type = path && TYPES[extname(path)];
    if (!type || !existsSync(path)) return next();
    const { present, encoding } = pickCopy(path, req.headers['accept-encoding']);
    // Caches must keep one copy per encoding, whichever this answer is.
    if (present) res.setHeader('Vary', 'Accept-Encoding');
    if (!encoding) return next();
    let stats: Stats;
    try {
      stats = statSync(path + encoding.suffix);
    } catch {
      return next(); // removed by a rebuild since it was found
    }
    const etag = `W/"${stats.size}-${stats.mtime.getTime()}-${encoding.name}"`;
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', encoding.name);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', stats.mtime.toUTCString());
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Length', stats.size);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // A file that vanishes mid-answer (a rebuild) ends this answer, not the server.
    pipeline(createReadStream(path + encoding.suffix), res, () => undefined);
  };
}

/** Vite plugin: writes the compressed copies after a build; serves them in `vite preview`. */
export function precompress(): Plugin {
  let outDir = 'dist';
  let headers: OutgoingHttpHeaders = {};
  return {
    name: 'portal-precompress',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
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
      server.middlewares.use(previewMiddleware(outDir, headers));
    },
  };
}
