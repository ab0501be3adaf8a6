import { describe, expect, it } from 'vitest';
import { childEnv, handlingIn, prismComplaint } from './prism.ts';

describe('Prism', () => {
  it('is given what Node needs and no secret of the caller', () => {
    const env = childEnv({
      PATH: '/usr/bin',
      HOME: '/home/ci',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/university-ca.pem',
      CONTRACT_VERIFY_TOKEN: 'token',
      AWS_SECRET_ACCESS_KEY: 'key',
      NPM_TOKEN: 'npm',
      NODE_OPTIONS: '--require ./steal.js',
    });
    expect(env).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/ci',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/university-ca.pem',
      SCARF_ANALYTICS: 'false',
      DO_NOT_TRACK: '1',
    });
  });

  it('is quoted without its usage text or its info lines when it stops', () => {
    const log = [
      '[1:34:27 PM] › [CLI] …  awaiting  Starting Prism…',
      '[1:34:29 PM] › [CLI] ✖  fatal     ',
      'prism proxy <document> <upstream>',
      '',
      'Options:',
      '      --version           Show version number  [boolean]',
      '  -p, --port              Port that Prism will run on.  [number] [required] [default: 4010]',
      '      --upstream-proxy    If an http proxy is required to reach upstream  [string]',
      '',
      'listen EADDRINUSE: address already in use 127.0.0.1:47101',
    ].join('\n');
    expect(prismComplaint(log)).toBe('listen EADDRINUSE: address already in use 127.0.0.1:47101');
    expect(prismComplaint('[CLI] ℹ  info      Loading\n[CLI] ✖  fatal     Unable to parse openapi.yaml')).toBe(
      '[CLI] ✖  fatal     Unable to parse openapi.yaml',
    );
  });

  // Its own log lines, as Prism 5.16 writes them for one request.
  it('tells from its log whether it passed the backend’s answer on or answered itself', () => {
    const received = '[9:12:01 AM] › [HTTP SERVER] get /api/v1/user/profile ℹ  info      Request received';
    const forwarded = [
      received,
      '[9:12:01 AM] ›     [PROXY] ℹ  info      > Forwarding "get" request to http://127.0.0.1:4010/api/v1/user/profile...',
      '[9:12:01 AM] ›     [PROXY] ℹ  info      The upstream call to /api/v1/user/profile has returned 401',
    ].join('\n');
    expect(handlingIn(forwarded, '/api/v1/user/profile', 401)).toEqual({ by: 'backend' });
    // Not yet said (the line is on its way), or said of another status (Prism failed after the backend answered).
    expect(handlingIn(received, '/api/v1/user/profile', 401)).toBeUndefined();
    expect(handlingIn(forwarded, '/api/v1/user/profile', 500)).toBeUndefined();
    const unreachable = `${received}\n[9:12:01 AM] › [HTTP SERVER] get /api/v1/user/profile ✖  error     Request terminated with error: FetchError: request to http://127.0.0.1:1/api/v1/user/profile failed, reason: connect ECONNREFUSED 127.0.0.1:1`;
    expect(handlingIn(unreachable, '/api/v1/user/profile', 500)).toEqual({
      by: 'prism',
      why: 'request to http://127.0.0.1:1/api/v1/user/profile failed, reason: connect ECONNREFUSED 127.0.0.1:1',
    });
    const remocked = [
      received,
      '[9:12:01 AM] ›     [PROXY] ⚠  warning   Upstream call to /api/v1/user/profile has returned 501',
      '[9:12:01 AM] ›     [PROXY] ℹ  info      Remocking the call',
    ].join('\n');
    expect(handlingIn(remocked, '/api/v1/user/profile', 200)).toMatchObject({ by: 'prism', status: 501 });
  });
});
