import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module shared with the nginx configuration
import { chooseEncoding, ENCODINGS, shouldPrecompress } from './precompress.mjs';

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

describe('the copies', () => {
  it('decompress to the original bytes', () => {
    const original = Buffer.from('export const text = "portal";\n'.repeat(200));
    const [br, gzip] = ENCODINGS.map((e: { compress: (b: Buffer) => Buffer }) => e.compress(original));
    expect(brotliDecompressSync(br).equals(original)).toBe(true);
    expect(gunzipSync(gzip).equals(original)).toBe(true);
    expect(br.length).toBeLessThan(gzip.length);
  });
});
