import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, ENCODINGS, previewMiddleware, shouldPrecompress } from './precompress.ts';

describe('which built files are precompressed', () => {
  it.each([
    ['assets/index-abc.js', 40_000, true],
    ['assets/index-abc.css', 2048, true],
    ['assets/logo-abc.svg', 1024, true],
    ['assets/tiny-abc.js', 1023, false],
    ['assets/photo-abc.png', 50_000, false],
    // A deployment replaces config.json; a stale compressed copy would be served instead.
    ['config.json', 5000, false],
    ['index.html', 5000, false],
  ])('%s of %i bytes: %s', (file, size, expected) => {
    expect(shouldPrecompress(file, size)).toBe(expected);
  });
});

describe('the encoding a request gets', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %j: %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it('only among the copies that exist', () => {
    expect(chooseEncoding('gzip, br', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeUndefined();
  });
});

describe('the preview server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-precompress-'));
  const script = Buffer.from('export const text = "portal";\n'.repeat(200));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets/index-abc.js'), script);
  for (const encoding of ENCODINGS) writeFileSync(join(dir, `assets/index-abc.js${encoding.suffix}`), encoding.compress(script));
  writeFileSync(join(dir, 'assets/small-abc.js'), 'export {};');
  writeFileSync(join(dir, 'config.json'), '{}');
  writeFileSync(join(dir, 'config.json.gz'), gzipSync('{"stale":true}'));

  const middleware = previewMiddleware(dir, { 'X-Content-Type-Options': 'nosniff' });
  const server = createServer((req, res) =>
    middleware(req, res, () => {
      res.statusCode = 299; // what the static server behind it would have answered
      res.end('next');
    }),
  );
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The raw answer: no client-side decoding. */
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) => {
      const req = request(`${origin}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', fail);
      req.end();
    });

  it('sends brotli to a browser that takes it, with the same bytes inside and the given headers', async () => {
    const answer = await get('/assets/index-abc.js?v=1', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(brotliDecompressSync(answer.body).equals(script)).toBe(true);
  });

  it('sends gzip when brotli is refused, and revalidates by ETag', async () => {
    const answer = await get('/assets/index-abc.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).equals(script)).toBe(true);
    const again = await get('/assets/index-abc.js', { 'Accept-Encoding': 'gzip', 'If-None-Match': String(answer.headers['etag']) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers HEAD with the headers only', async () => {
    const answer = await get('/assets/index-abc.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(Number(answer.headers['content-length'])).toBeGreaterThan(0);
    expect(answer.body.length).toBe(0);
  });

  it.each([
    ['no encoding accepted', '/assets/index-abc.js', 'identity'],
    ['a file without copies', '/assets/small-abc.js', 'br'],
    ['a missing file', '/assets/missing-abc.js', 'br'],
    ['outside assets/', '/assets/../config.json', 'gzip'],
    ['an escaped way outside assets/', '/assets/..%2Fconfig.json', 'gzip'],
    ['a malformed escape', '/assets/%E0.js', 'br'],
    ['config.json', '/config.json', 'gzip'],
  ])('leaves %s to the static server', async (_what, path, accept) => {
    const answer = await get(path, { 'Accept-Encoding': accept });
    expect(answer.status).toBe(299);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('still says the answer varies by encoding when it leaves it to the static server', async () => {
    expect((await get('/assets/index-abc.js', { 'Accept-Encoding': 'identity' })).headers['vary']).toBe('Accept-Encoding');
  });
});
