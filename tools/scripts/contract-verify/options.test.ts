import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOptions, SECRET_DATA, secretEnv, targetProblem, TOKEN_ENV, type Options, type Stop } from './options.ts';

const folder = mkdtempSync(join(tmpdir(), 'contract-verify-options-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const target = ['--target', 'https://backend.test.example'];
const withToken = { [TOKEN_ENV]: 'eyJhbGciOi.abc' };
const stopped = (result: Options | Stop) => {
  expect(result).toHaveProperty('code');
  return result as Stop;
};

describe('the token', () => {
  it('comes from CONTRACT_VERIFY_TOKEN', () => {
    expect(readOptions(target, withToken)).toMatchObject({ token: 'eyJhbGciOi.abc', target: 'https://backend.test.example' });
  });

  it('comes from the first line of the file --token-file names, before the variable', () => {
    const file = join(folder, 'token');
    writeFileSync(file, 'from-the-file\n');
    expect(readOptions([...target, '--token-file', file], withToken)).toMatchObject({ token: 'from-the-file' });
    const missing = stopped(readOptions([...target, '--token-file', join(folder, 'none')], withToken));
    expect(missing.message).toBe(`contract:verify: cannot read --token-file ${join(folder, 'none')}: ENOENT`);
  });

  it('is refused on the command line in either form, with the reason, and its value is never repeated', () => {
    for (const argv of [
      [...target, '--token', 'secret-1'],
      [...target, '--token=secret-1'],
      ['--token', 'secret-1'],
    ]) {
      const { code, message } = stopped(readOptions(argv, withToken));
      expect(code).toBe(2);
      expect(message).toMatch(/^contract:verify: --token is refused: on the command line a token is printed by npm into the log/);
      expect(message).toContain(`Put it in ${TOKEN_ENV}`);
      expect(message).not.toContain('secret-1');
    }
  });

  it('when missing, is said first, and nothing starts', () => {
    for (const env of [{}, { [TOKEN_ENV]: '  ' }]) {
      const { code, message } = stopped(readOptions(target, env));
      expect(code).toBe(2);
      expect(message).toMatch(
        /^contract:verify: no token: CONTRACT_VERIFY_TOKEN is empty\. Put the test account's access token in CONTRACT_VERIFY_TOKEN/,
      );
    }
  });

  it('that a header cannot carry is refused without being repeated', () => {
    const { message } = stopped(readOptions(target, { [TOKEN_ENV]: 'Bearer secret-2' }));
    expect(message).toContain('has a character an HTTP header cannot carry');
    expect(message).not.toContain('secret-2');
  });
});

describe('the secrets (passwords, the TOTP secret, one-time and authorization codes)', () => {
  it.each(SECRET_DATA)('--%s is refused on the command line in either form, with the reason, and its value is never repeated', (name) => {
    for (const argv of [
      [...target, `--${name}`, 'secret-3', '--run', 'changePassword'],
      [...target, `--${name}=secret-3`],
      [`--${name}`, 'secret-3', '--no-such-option'],
    ]) {
      const { code, message } = stopped(readOptions(argv, withToken));
      expect(code).toBe(2);
      expect(message).toMatch(new RegExp(`^contract:verify: --${name} is refused: on the command line a secret is printed by npm into the log`));
      expect(message).toContain(`Put it in ${secretEnv(name)} (a CI secret variable), or as "${name}" in a JSON file named with --data-file.`);
      expect(message).not.toContain('secret-3');
    }
  });

  it('come from their variables', () => {
    const env = { ...withToken, CONTRACT_VERIFY_PASSWORD: 'old-1', CONTRACT_VERIFY_NEW_PASSWORD: 'new-1', CONTRACT_VERIFY_PASS_CODE: '123456' };
    expect(readOptions([...target, '--run', 'changePassword'], env)).toMatchObject({
      data: { password: 'old-1', 'new-password': 'new-1', 'pass-code': '123456' },
      run: new Set(['changePassword']),
    });
  });

  it('come from one JSON file named with --data-file, its only source then', () => {
    const file = join(folder, 'data.json');
    writeFileSync(file, JSON.stringify({ secret: 'JBSWY3DPEHPK3PXP', code: 'code-1' }));
    const options = readOptions([...target, '--data-file', file, '--phone', '+61491570006'], { ...withToken, CONTRACT_VERIFY_PASSWORD: 'old-1' });
    expect(options).toMatchObject({ data: { secret: 'JBSWY3DPEHPK3PXP', code: 'code-1', phone: '+61491570006' } });
    expect((options as Options).data.password).toBeUndefined();
  });

  it('say where a missing one goes, and a file that cannot be read says why without repeating it', () => {
    expect(stopped(readOptions([...target, '--run', 'changePassword'], { ...withToken, CONTRACT_VERIFY_PASSWORD: 'old-1' })).message).toBe(
      'contract:verify: --run changePassword needs the new password in CONTRACT_VERIFY_NEW_PASSWORD',
    );
    const file = join(folder, 'partial.json');
    writeFileSync(file, '{"password":"old-1"}');
    expect(stopped(readOptions([...target, '--data-file', file, '--run', 'changePassword'], withToken)).message).toBe(
      `contract:verify: --run changePassword needs the new password in "new-password" in --data-file ${file}`,
    );
    for (const [text, why] of [
      ['password=secret-4', 'it is not JSON'],
      ['["secret-4"]', 'must hold a JSON object'],
      ['{"newPassword":"secret-4"}', 'holds "newPassword": it takes only "password", "new-password", "secret", "pass-code", "code"'],
      ['{"password":4}', '"password" must be a string'],
    ]) {
      writeFileSync(file, text!);
      const { code, message } = stopped(readOptions([...target, '--data-file', file], withToken));
      expect(code).toBe(2);
      expect(message).toContain(why);
      expect(message).not.toContain('secret-4');
    }
  });
});

describe('the target', () => {
  it.each([
    ['https://backend.test.example', undefined],
    ['https://backend.test.example:8443/base', undefined],
    ['http://127.0.0.1:4010', undefined],
    ['http://127.1:4010', undefined],
    ['http://localhost:4010', undefined],
    ['http://[::1]:4010', undefined],
    ['http://backend.test.example', /^--target http:\/\/backend\.test\.example is plain http: the token and the test account’s data would cross/],
    ['http://10.0.0.8', /is plain http/],
    ['http://127.0.0.1.example.org', /is plain http/],
    ['http://localhost.example.org', /is plain http/],
    ['ftp://backend.test.example', /must be an https address, not ftp:/],
    ['https://user:pass@backend.test.example', /holds a user name or password/],
    ['backend.test.example', /must be the backend’s address/],
  ])('%s', (url, problem) => {
    const said = targetProblem(url);
    if (problem) expect(said).toMatch(problem);
    else expect(said).toBeUndefined();
  });

  it('that is refused stops the check before the token is read', () => {
    expect(stopped(readOptions(['--target', 'http://backend.test.example'], {})).message).toContain('is plain http');
  });
});

describe('the other options', () => {
  it('need a port number for --port and seconds for --timeout', () => {
    expect(stopped(readOptions([...target, '--port', '70000'], withToken)).message).toBe(
      "contract:verify: --port must be a port number, not '70000'",
    );
    expect(stopped(readOptions([...target, '--timeout', '0'], withToken)).message).toContain('--timeout is in seconds');
    expect(readOptions([...target, '--port', '4999', '--timeout', '2.5'], withToken)).toMatchObject({ port: 4999, timeoutMs: 2500 });
  });

  it('need, for the passkey probes, the portal’s origin alone: its registrations are right but for the one property each changes', () => {
    const run = [...target, '--run', 'registerPasskey'];
    expect(stopped(readOptions(run, withToken)).message).toContain('--run registerPasskey needs --origin (the origin the portal is served on');
    for (const origin of ['https://portal.example.edu/profile', 'portal.example.edu']) {
      expect(stopped(readOptions([...run, '--origin', origin], withToken)).message).toContain('--origin must be an origin alone');
    }
    expect(readOptions([...run, '--origin', 'https://portal.example.edu'], withToken)).toMatchObject({
      data: { origin: 'https://portal.example.edu' },
    });
  });

  it('print the help on stdout with exit 0', () => {
    const { code, message } = stopped(readOptions(['--help'], {}));
    expect(code).toBe(0);
    expect(message).toContain('--run changePassword');
    expect(message).toContain(TOKEN_ENV);
  });
});
