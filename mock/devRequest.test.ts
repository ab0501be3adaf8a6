import { describe, expect, it } from 'vitest';
import { isOwnDevRequest } from './devRequest.ts';

const json = { 'content-type': 'application/json' };

describe('isOwnDevRequest', () => {
  it.each([
    ['the dev server’s own page', { ...json, origin: 'http://localhost:5173' }, true],
    ['its page at 127.0.0.1', { ...json, origin: 'http://127.0.0.1:5173' }, true],
    ['a tool on this machine (no Origin)', json, true],
    ['JSON with a charset', { 'content-type': 'Application/JSON; charset=utf-8' }, true],
    ['a page on another site', { ...json, origin: 'https://evil.example' }, false],
    ['another port of this machine', { ...json, origin: 'http://localhost:8080' }, false],
    ['a sandboxed or file page (Origin: null)', { ...json, origin: 'null' }, false],
    ['a form post', { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' }, false],
    ['a text/plain body (a simple request), even with no Origin', { 'content-type': 'text/plain' }, false],
    ['no content type', {}, false],
  ])('%s: %s', (_, headers, allowed) => {
    expect(isOwnDevRequest({ headers })).toBe(allowed);
  });

  it('takes the origins of the server it guards', () => {
    expect(isOwnDevRequest({ headers: { ...json, origin: 'http://localhost:40123' } }, ['http://localhost:40123'])).toBe(true);
  });
});
