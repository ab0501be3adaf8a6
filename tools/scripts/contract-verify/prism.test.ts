import { describe, expect, it } from 'vitest';
import { childEnv, prismComplaint } from './prism.ts';

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
});
