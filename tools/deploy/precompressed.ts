// What the build writes precompressed beside each hashed asset, and how: the copies nginx serves
// with brotli_static and gzip_static (nginx-conf.ts), at the highest levels, which no server can
// afford per request. vite.config.ts hands these to vite-plugin-compression2, which writes them;
// check-build.ts checks each copy holds its original; the bench measures with the same levels.
// config.json is never precompressed: a deployment replaces that file, and a stale copy beside
// it would be served instead.
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';

/** The built files that get copies (paths as the bundle names them, `assets/…`), and the smallest size worth one. */
export const PRECOMPRESSED = { include: /^assets\/[^/]+\.(js|css|svg)$/, threshold: 1024 };

export const GZIP: ZlibOptions = { level: 9 };
export const BROTLI: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };

/** Each copy's suffix, its compressor at the levels above, and its inverse. */
export const ENCODINGS = {
  br: { suffix: '.br', compress: (bytes: Buffer) => brotliCompressSync(bytes, BROTLI), decompress: (bytes: Buffer) => brotliDecompressSync(bytes) },
  gzip: { suffix: '.gz', compress: (bytes: Buffer) => gzipSync(bytes, GZIP), decompress: (bytes: Buffer) => gunzipSync(bytes) },
};
