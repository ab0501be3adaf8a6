import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ORIGIN } from '../../../mock/origins.ts';
import { devAccessToken } from '../../../mock/persona.ts';
import { contract, summary } from './contractFigures.ts';
import { freePort } from './prism.ts';
import { json, runCommand, serve, startMock, startRememberingMock, stopAll } from './testServers.ts';

// The port the verifier used to take by default: a server there must not be mistaken for Prism.
const OLD_DEFAULT_PORT = 4320;
const TOKEN = 'test-token-7f3a9c';
const folders: string[] = [];
let mock: string;
let broken: string;
let hanging: string;
let recording: string;
let ignoresToken: string;
let remembering: string;
let prismShaped: string;
let notImplemented: string;
const recorded: string[] = [];
// The figures of a run over openapi.yaml, counted from the contract (contractFigures.ts).
const { reads, securedReads, sent, skipped, rows } = contract;
const allPassed = summary(sent, 0, skipped);
// A backend that fails getFactors alone fails its two requests, with the token and without.
const factorRows = 2;

const env = { ...process.env, CONTRACT_VERIFY_TOKEN: TOKEN };
const run = (target: string, ...extra: string[]) =>
  runCommand(process.execPath, ['tools/scripts/contract-verify/bin.ts', '--target', target, ...extra], { env });

const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `contract-verify-${name}-`));
  folders.push(dir);
  return dir;
};

/** Passes a request on to the mock with these headers, and its answer back. */
const relay = (path: string, res: import('node:http').ServerResponse, method: string, headers: IncomingHttpHeaders) => {
  const upstream = httpRequest(`${mock}${path}`, { method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.end();
};

beforeAll(async () => {
  [mock, remembering] = await Promise.all([startMock(), startRememberingMock()]);
  // A backend that breaks the contract in several ways, with its own statuses.
  broken = await serve((path, res) => {
    if (path === '/api/v1/user/profile') return json(res, 200, '{"firstName":5}');
    if (path === '/api/v1/user/factor')
      return json(
        res,
        200,
        '{"factors":[{"factorType":"carrier-pigeon","provider":"OKTA","status":"ACTIVE"},{"factorType":"smoke-signal","provider":"OKTA","status":"ACTIVE"}]}',
      );
    if (path === '/api/v1/user/log') return json(res, 404, '{"errorMessage":"no log for Chan Tai Man"}');
    json(res, 200, '{}');
  });
  // A backend that is right, except for one endpoint that never answers.
  hanging = await serve((path, res, method, headers) => {
    if (path !== '/api/v1/user/factor') relay(path, res, method, headers.authorization ? { authorization: String(headers.authorization) } : {});
  });
  // A backend that answers as the contract says, with or without a token: it ignores Authorization.
  ignoresToken = await serve((path, res, method) => relay(path, res, method, { authorization: 'Bearer anything' }));
  // A backend that runs Prism itself: it refuses a missing token with Prism's own problem, not the contract's 401.
  prismShaped = await serve((path, res, method, headers) => {
    if (headers.authorization || path.startsWith('/api/v1/auth/'))
      return relay(path, res, method, headers.authorization ? { authorization: String(headers.authorization) } : {});
    res.writeHead(401, { 'Content-Type': 'application/problem+json', 'WWW-Authenticate': 'Bearer' });
    res.end('{"type":"https://stoplight.io/prism/errors#UNAUTHORIZED","title":"Invalid security scheme used","status":401,"detail":""}');
  });
  // A backend that is right, except for one endpoint it has not built yet.
  notImplemented = await serve((path, res, method, headers) => {
    if (path === '/api/v1/user/factor') return json(res, 501, '{"errorMessage":"not yet"}');
    relay(path, res, method, headers.authorization ? { authorization: String(headers.authorization) } : {});
  });
  // A backend that writes down every method it is sent.
  recording = await serve((path, res, method) => {
    recorded.push(`${method} ${path}`);
    json(res, 200, '{}');
  });
  // Where the verifier used to listen: a server there that answers exactly as the contract says.
  await serve((path, res, method) => relay(path, res, method, { authorization: 'Bearer x' }), OLD_DEFAULT_PORT);
}, 45_000);

afterAll(async () => {
  await stopAll();
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

describe('npm run contract:verify', () => {
  it('passes a correct backend (Prism from the same contract), read-only, with and without the token, and writes a JUnit report', async () => {
    const report = join(tempDir('junit'), 'report.xml');
    const { code, out, seconds } = await run(mock, '--junit', report);
    expect(out).toContain(allPassed);
    expect(out).toMatch(/getProfile\s+GET \/api\/v1\/user\/profile\s+passed\s+200\s+\d+ ms/);
    expect(out).toMatch(/getProfile\s+GET \/api\/v1\/user\/profile, no token\s+passed\s+401\s+\d+ ms/);
    // Public: no token asked for, so no second request.
    expect(out).not.toMatch(/getSocialAuthorizeUrl .*no token/);
    expect(out).toMatch(/getLinkProvider\s+GET \/oauth\/provider\s+skipped\s+-\s+served by http:\/\/localhost:9000/);
    expect(out).toMatch(
      /changePassword\s+POST \/api\/v1\/user\/credential\/password\s+skipped\s+-\s+changes the account: run it with --run changePassword/,
    );
    expect(code).toBe(0);
    const xml = readFileSync(report, 'utf8');
    expect(xml).toMatch(
      new RegExp(
        `<testsuite name="contract:verify against http://127\\.0\\.0\\.1:\\d+" tests="${rows}" failures="0" errors="0" skipped="${skipped}"`,
      ),
    );
    expect(xml).toContain('<testcase classname="contract-verify" name="getProfile (GET /api/v1/user/profile)"');
    expect(xml).toContain('<testcase classname="contract-verify" name="getProfile (GET /api/v1/user/profile, no token)"');
    expect(seconds).toBeLessThan(20);
  }, 30_000);

  it('passes npm start’s mock, the one that remembers, as it passes the stateless one', async () => {
    const { code, out } = await run(remembering);
    expect(out).toMatch(/getProfile\s+GET \/api\/v1\/user\/profile, no token\s+passed\s+401\s+\d+ ms/);
    expect(out).not.toContain('no answer from the backend');
    expect(out).toContain(allPassed);
    expect(code).toBe(0);
  }, 30_000);

  it('refuses with npm start’s mock what a backend must refuse about names and passkeys, and finds a backend that accepts anything out', async () => {
    // The mock's persona follows the token's subject: the full persona, whose factors and passkeys these are.
    const token = devAccessToken('taiman.chan');
    const named = ['--run', 'renameFactor', '--factor-id', 'clf1taimancall', '--nickname', 'Desk phone', '--run', 'getPasskeyRegistrationOptions'];
    const passkeys = ['--run', 'registerPasskey', '--origin', DEV_ORIGIN, '--run', 'deletePasskey', '--passkey-id', 'fwf1taimanyubikey'];
    const args = ['tools/scripts/contract-verify/bin.ts', '--target', remembering, ...named, ...passkeys];
    const good = await runCommand(process.execPath, args, { env: { ...env, CONTRACT_VERIFY_TOKEN: token } });
    expect(good.out).toMatch(
      /registerPasskey\s+POST \/api\/v1\/user\/passkeys, refused: the challenge of the options before the last\s+passed\s+400/,
    );
    expect(good.out).toMatch(/registerPasskey\s+POST \/api\/v1\/user\/passkeys, refused: fresh options answered from another origin\s+passed\s+400/);
    expect(good.out).toMatch(/renameFactor\s+PATCH \/api\/v1\/user\/factor\/\{factorId\}, refused: a nickname of 257 characters\s+passed\s+400/);
    expect(good.out).toMatch(/deletePasskey\s+DELETE \/api\/v1\/user\/passkeys\/\{passkeyId\}\s+passed\s+200/);
    expect(good.out).toMatch(/: \d+ passed, 0 failed, \d+ skipped\n/);
    expect(good.code).toBe(0);
  }, 45_000);

  it('fails the passkey probes of a backend that checks a registration’s origin but not its challenge, or issues no options to answer', async () => {
    const PORTAL = 'https://portal.example.edu';
    const passkey = JSON.stringify({ id: 'k1', name: 'Passkey', created: '2026-11-29T03:05:00.000Z', backupEligible: false, backedUp: false });
    const refusal = '{"errorMessage":"refused"}';
    // Issues options as the contract says, and registers any answer from the portal's origin, whatever its challenge.
    const originOnly = await serve((path, res, method, headers, body) => {
      if (!headers.authorization) return json(res, 401, refusal);
      if (path === '/api/v1/user/passkeys/registration') {
        const options = {
          challenge: randomUUID(),
          rp: { id: 'portal.example.edu', name: 'Portal' },
          user: { id: 'dTE', name: 'u', displayName: 'U' },
        };
        return json(res, 200, JSON.stringify({ ...options, pubKeyCredParams: [{ type: 'public-key', alg: -7 }] }));
      }
      if (path !== '/api/v1/user/passkeys' || method !== 'POST') return json(res, 200, '{}');
      const { origin } = JSON.parse(Buffer.from(JSON.parse(body).response.clientDataJSON, 'base64url').toString('utf8'));
      json(res, origin === PORTAL ? 200 : 400, origin === PORTAL ? passkey : refusal);
    });
    const lax = await run(originOnly, '--run', 'registerPasskey', '--origin', PORTAL);
    expect(lax.out).toMatch(
      /refused: the challenge of the options before the last\s+failed\s+200\s+\d+ ms\s+answered 200 to a request it must refuse, where the contract asks for 400/,
    );
    expect(lax.out).toMatch(/refused: fresh options answered from another origin\s+passed\s+400/);
    expect(lax.code).toBe(1);
    // Registers whatever it is sent, and issues no options: a refusal it cannot give is no proof either way.
    const noOptions = await serve((path, res) => (path.endsWith('/registration') ? json(res, 500, refusal) : json(res, 200, passkey)));
    const bad = await run(noOptions, '--run', 'registerPasskey', '--origin', PORTAL);
    for (const what of ['the challenge of the options before the last', 'fresh options answered from another origin']) {
      expect(bad.out).toMatch(
        new RegExp(
          `refused: ${what}\\s+failed\\s+500\\s+\\d+ ms\\s+the registration options \\(POST /api/v1/user/passkeys/registration\\) answered 500, not 200 with options: nothing to answer, so nothing proved`,
        ),
      );
    }
    expect(bad.code).toBe(1);
  }, 45_000);

  // Who answered is what the check's own Prism did (its log), not what the body looks like.
  it('judges a backend’s answer shaped like a problem of Prism’s as the backend’s own: its status, held to the contract', async () => {
    const { code, out } = await run(prismShaped);
    expect(out).toMatch(/getProfile\s+GET \/api\/v1\/user\/profile\s+passed\s+200/);
    expect(out).toMatch(/getProfile\s+GET \/api\/v1\/user\/profile, no token\s+failed\s+401\s+\d+ ms\s+.*errorMessage/);
    expect(out).not.toContain('no answer from the backend');
    expect(out).toContain(summary(reads.length, securedReads.length, skipped));
    expect(code).toBe(1);
  }, 30_000);

  it('says Prism answered, not the backend, where the backend answered 501 and Prism would mock the contract instead', async () => {
    const { code, out } = await run(notImplemented);
    expect(out).toMatch(
      /getFactors\s+GET \/api\/v1\/user\/factor\s+failed\s+501\s+\d+ ms\s+no answer from the backend \(Prism: the backend answered 501 \(not implemented\), and Prism answered from the contract’s examples instead\)/,
    );
    expect(out).toMatch(/getSecurityQuestions\s+GET \/api\/v1\/user\/factor\/questions\s+passed\s+200/);
    expect(out).toContain(summary(sent - factorRows, factorRows, skipped));
    expect(code).toBe(1);
  }, 30_000);

  it('fails a backend that answers without a token, on every GET the contract secures', async () => {
    const { code, out } = await run(ignoresToken);
    expect(out).toMatch(/getProfile\s+GET \/api\/v1\/user\/profile\s+passed\s+200/);
    expect(out).toMatch(
      /getProfile\s+GET \/api\/v1\/user\/profile, no token\s+failed\s+200\s+\d+ ms\s+answered 200 without a token, where the contract asks for 401/,
    );
    expect(out).toMatch(
      new RegExp(
        `^\\s+${securedReads.length} operations: answered 200 without a token, where the contract asks for 401 \\(does the backend check Authorization\\?\\)$`,
        'm',
      ),
    );
    expect(out).toContain(summary(reads.length, securedReads.length, skipped));
    expect(code).toBe(1);
  }, 30_000);

  it('fails a wrong backend while a correct-looking server holds the old default port, with the backend’s own statuses, grouped, its bodies left out of the report', async () => {
    const dir = tempDir('junit');
    const { code, out } = await run(broken, '--junit', join(dir, 'report.xml'));
    expect(code).toBe(1);
    // The backend said 200: that is what the row says, not Prism's 500.
    expect(out).toMatch(
      /getProfile\s+GET \/api\/v1\/user\/profile\s+failed\s+200\s+.*response\.body: Response body must have required property 'electronicId', 'lastName', 'displayName', 'primaryEmail', 'secondaryEmail', 'department' \(×6\)/,
    );
    expect(out).toMatch(/getProfile .*response\.body\.firstName: Response body property firstName must be string/);
    // Two items with the same fault: one line, with the array position left out.
    expect(out).toMatch(
      /getFactors\s+GET \/api\/v1\/user\/factor\s+failed\s+200\s+.*factors\.\*\.factorType: .*must be equal to one of the allowed values.* \(×2\)/,
    );
    expect(out).toMatch(/getLoginLog\s+GET \/api\/v1\/user\/log\s+failed\s+404\s+\d+ ms\s+status 404 is not declared \(200, 400, 401, 500\)$/m);
    expect(out).toContain('The same problem on several operations:');
    expect(out).toMatch(/^\s+2 operations: response\.body: Response body must be string\n\s+getIdpConfig, getSocialAuthorizeUrl$/m);
    expect(out).toContain(summary(0, sent, skipped));
    expect(out).toContain('The answers’ bodies are left out (they carry the account’s data); --verbose shows them.');
    expect(out).not.toContain('Chan Tai Man');
    const xml = readFileSync(join(dir, 'report.xml'), 'utf8');
    expect(xml).toContain(`tests="${rows}" failures="${sent}" errors="0" skipped="${skipped}"`);
    expect(xml).toMatch(/<failure message="status 404: status 404 is not declared \(200, 400, 401, 500\)"/);
    expect(xml).not.toContain('Chan Tai Man');

    const verbose = await run(broken, '--junit', join(dir, 'verbose.xml'), '--verbose');
    expect(verbose.out).toMatch(
      /getLoginLog\s+GET \/api\/v1\/user\/log\s+failed\s+404\s+.*not declared \(200, 400, 401, 500\): \{"errorMessage":"no log for Chan Tai Man"\}/,
    );
    expect(readFileSync(join(dir, 'verbose.xml'), 'utf8')).toContain('no log for Chan Tai Man');
  }, 30_000);

  it('says first that a port another server holds is in use, and starts no Prism there', async () => {
    const { code, out } = await run(broken, '--port', String(OLD_DEFAULT_PORT));
    expect(out.split('\n')[1]).toBe(`contract:verify: port ${OLD_DEFAULT_PORT} is in use: leave --port out for a free one, or name another`);
    expect(out).not.toContain('Positionals');
    expect(out).not.toMatch(/passed/);
    expect(code).toBe(2);
  }, 30_000);

  it('fails an endpoint that never answers by its timeout, naming the operation and the time, and goes on', async () => {
    const { code, out, seconds } = await run(hanging, '--timeout', '1');
    expect(out).toMatch(/getFactors\s+GET \/api\/v1\/user\/factor\s+failed\s+-\s+1\d{3} ms\s+no answer within 1 s \(--timeout\)/);
    expect(out).toMatch(/getSecurityQuestions\s+GET \/api\/v1\/user\/factor\/questions\s+passed\s+200/);
    expect(out).toContain(summary(sent - factorRows, factorRows, skipped));
    expect(code).toBe(1);
    expect(seconds).toBeLessThan(15);
  }, 30_000);

  it('says when Prism, not the backend, answered: a backend it cannot reach has no status, and its address is said as it is', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const { code, out } = await run(closed);
    expect(out).toMatch(
      /getProfile\s+GET \/api\/v1\/user\/profile\s+failed\s+-\s+\d+ ms\s+no answer from the backend \(Prism: request to .* failed, reason: connect ECONNREFUSED/,
    );
    expect(out).toMatch(
      new RegExp(
        `The same problem on several operations:\\n\\s+${reads.length} operations \\(${sent} requests\\): no answer from the backend \\(Prism: request to … failed, reason: connect ECONNREFUSED 127\\.0\\.0\\.1:\\d+\\)`,
      ),
    );
    expect(code).toBe(1);
  }, 30_000);

  it('sends no POST, PUT or DELETE by default, even when given the data the changing operations need', async () => {
    recorded.length = 0;
    const secrets = join(tempDir('data'), 'data.json');
    writeFileSync(secrets, '{"password":"a","new-password":"b"}');
    await run(recording, '--phone', '+447700900123', '--email', 'verify@example.org', '--factor-id', 'f1', '--data-file', secrets);
    expect(recorded.length).toBeGreaterThanOrEqual(sent);
    expect(recorded.filter((call) => !call.startsWith('GET '))).toEqual([]);
  }, 30_000);

  it('runs a changing operation only when named, with the data the team gave, never the contract’s examples', async () => {
    recorded.length = 0;
    await run(recording, '--run', 'enrollPhoneFactor', '--phone', '+447700900123', '--run', 'resetFactor', '--factor-id', 'team-factor-1');
    expect(recorded.filter((call) => !call.startsWith('GET ')).sort()).toEqual([
      'DELETE /api/v1/user/factor/team-factor-1',
      'POST /api/v1/user/factor/enroll/phone',
    ]);
    const named = ['--run', 'enrollPhoneFactor', '--phone', '+447700900123', '--run', 'updateRecoveryEmail', '--email', 'verify@example.org'];
    const { code, out } = await run(mock, ...named);
    expect(out).toMatch(/enrollPhoneFactor\s+POST \/api\/v1\/user\/factor\/enroll\/phone\s+passed\s+200/);
    // The two named operations move from skipped to passed: one request each, as a change never goes without its token.
    expect(out).toContain(summary(sent + 2, 0, skipped - 2));
    expect(code).toBe(0);
  }, 30_000);

  it('sends the refusal probes of a named sign-out or removal first: npm start’s mock refuses them and then removes the app; a backend that takes any app id fails them', async () => {
    const named = ['--run', 'revokeConnectedApp', '--client-id', '0oa8timetable', '--run', 'endOtherSessions'];
    // The remembering mock's persona follows the token's subject: taiman.chan's apps.
    const taiman = devAccessToken('taiman.chan');
    const good = await runCommand(process.execPath, ['tools/scripts/contract-verify/bin.ts', '--target', remembering, ...named], {
      env: { ...env, CONTRACT_VERIFY_TOKEN: taiman },
    });
    const revoke = 'revokeConnectedApp\\s+DELETE /api/v1/user/clients/\\{clientId\\}';
    expect(good.out).toMatch(new RegExp(`${revoke}, refused: without the token\\s+passed\\s+401`));
    expect(good.out).toMatch(new RegExp(`${revoke}, refused: an app the account does not hold\\s+passed\\s+404`));
    expect(good.out).toMatch(new RegExp(`${revoke}\\s+passed\\s+200`));
    expect(good.out).toMatch(/endOtherSessions\s+DELETE \/api\/v1\/user\/sessions\/others, refused: without the token\s+passed\s+401/);
    expect(good.out).toMatch(/endOtherSessions\s+DELETE \/api\/v1\/user\/sessions\/others\s+passed\s+200/);
    expect(good.out).toContain(summary(sent + 5, 0, skipped - 2));
    expect(good.code).toBe(0);

    const bad = await run(ignoresToken, ...named);
    expect(bad.out).toMatch(
      new RegExp(
        `${revoke}, refused: an app the account does not hold\\s+failed\\s+200\\s+\\d+ ms\\s+answered 200 to a request it must refuse, where the contract asks for 404`,
      ),
    );
    expect(bad.out).toMatch(new RegExp(`${revoke}, refused: without the token\\s+failed\\s+200\\s+\\d+ ms\\s+answered 200 without a token`));
    expect(bad.out).toContain(summary(reads.length + 2, securedReads.length + 3, skipped - 2));
    expect(bad.code).toBe(1);
  }, 45_000);

  it('stops before sending anything when a named operation lacks its data, or is unknown, or --mutating is asked for', async () => {
    recorded.length = 0;
    const noPhone = await run(recording, '--run', 'enrollPhoneFactor');
    expect(noPhone.out).toContain('--run enrollPhoneFactor needs --phone');
    expect(noPhone.code).toBe(2);
    const onlyPassword = join(tempDir('data'), 'data.json');
    writeFileSync(onlyPassword, '{"password":"old"}');
    const noPassword = await run(recording, '--run', 'changePassword', '--data-file', onlyPassword);
    expect(noPassword.out).toContain('--run changePassword needs the new password in "new-password" in --data-file');
    expect(noPassword.code).toBe(2);
    const unknown = await run(recording, '--run', 'getProfile');
    expect(unknown.out).toContain('--run getProfile: not an operation that changes an account');
    expect(unknown.code).toBe(2);
    const mutating = await run(recording, '--mutating');
    expect(mutating.out).toContain('--mutating is gone');
    expect(mutating.code).toBe(2);
    expect(recorded).toEqual([]);
  }, 30_000);

  it('exits 1 when no operation was checked', async () => {
    const dir = tempDir('empty');
    const contract = ['openapi: 3.1.0', 'info: { title: t, version: "1" }', 'paths:', '  /api/v1/user/sessions:', '    delete:'];
    contract.push('      operationId: endSessions', '      responses:', "        '200': { description: ok }", '');
    writeFileSync(join(dir, 'openapi.yaml'), contract.join('\n'));
    const { code, out } = await run(recording, '--contract', join(dir, 'openapi.yaml'));
    expect(out).toContain('0 passed, 0 failed, 1 skipped');
    expect(out).toContain('no operation was checked');
    expect(code).toBe(1);
  }, 30_000);

  it("stops with exit 2 and the parser's message when the contract is not YAML", async () => {
    const dir = tempDir('yaml');
    writeFileSync(join(dir, 'openapi.yaml'), 'openapi: 3.1.0\npaths: [1\ninfo: {}\n');
    const { code, out } = await run(mock, '--contract', join(dir, 'openapi.yaml'));
    expect(out).toMatch(/cannot read .*openapi\.yaml as YAML: YAMLParseError: .*line 3/);
    expect(code).toBe(2);
  });
});

describe('the token', () => {
  // docs/contract.md's command for this repository as written, with the mock for the backend
  // and a folder of the test's own for the report. npm prints the command line of every script
  // it runs: a token there would be in every CI log.
  it('is printed nowhere by the documented command, nor written into its report, and still reaches the backend', async () => {
    const documented = readFileSync('docs/contract.md', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('npm run contract:verify -- --target https://'));
    expect(documented).toBeDefined();
    const dir = tempDir('documented');
    const command = documented!.replace(/https:\/\/\S+/, mock).replace(/--junit \S+/, `--junit ${join(dir, 'report.xml')}`);
    // Every variable the command names holds the token too, as the documentation's reader's would.
    const named = Object.fromEntries([...command.matchAll(/\$\{?(\w+)/g)].map((m) => [m[1], TOKEN]));
    const { code, out } = await runCommand('sh', ['-c', command], { env: { ...env, ...named } });
    expect(out).not.toContain(TOKEN);
    expect(out).toContain(allPassed);
    expect(code).toBe(0);
    expect(readdirSync(dir)).toEqual(['report.xml']);
    expect(readFileSync(join(dir, 'report.xml'), 'utf8')).not.toContain(TOKEN);
  }, 30_000);

  it('is refused on the command line, which names where to put it instead and never repeats it', async () => {
    for (const args of [['--token', TOKEN], [`--token=${TOKEN}`]]) {
      const { code, out } = await run(recording, ...args);
      expect(out).toContain('--token is refused: on the command line a token is printed by npm into the log');
      expect(out).toContain('CONTRACT_VERIFY_TOKEN');
      expect(out).not.toContain(TOKEN);
      expect(code).toBe(2);
    }
  });

  // Prism reads the environment it is given, and so does everything it loads: it gets what
  // Node needs and nothing else (this test's stand-in for a CI secret, the token).
  it.runIf(process.platform === 'linux')(
    'stays out of Prism’s environment, with every other secret of the caller',
    async () => {
      const port = await freePort();
      let prismEnv: string[] = [];
      const seeing = await serve((_path, res) => {
        const pid = readdirSync('/proc')
          .filter((name) => /^\d+$/.test(name))
          .find((name) => {
            try {
              const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
              return args.includes('proxy') && args.includes(String(port));
            } catch {
              return false;
            }
          });
        if (pid) prismEnv = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
        json(res, 200, '{}');
      });
      const secret = 'deploy-key-5d1e';
      await runCommand(process.execPath, ['tools/scripts/contract-verify/bin.ts', '--target', seeing, '--port', String(port)], {
        env: { ...env, DEPLOY_KEY: secret },
      });
      expect(prismEnv).toContain('SCARF_ANALYTICS=false');
      expect(prismEnv.join('\n')).not.toContain(secret);
      expect(prismEnv.join('\n')).not.toContain(TOKEN);
      expect(prismEnv.filter((entry) => entry.startsWith('PATH='))).toHaveLength(1);
    },
    30_000,
  );
});
