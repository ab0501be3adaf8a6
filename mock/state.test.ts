// The mock that `npm start` runs (mock/api.ts): Prism as a validating proxy in front of the
// server that remembers (mock/state.ts), driven with the calls the portal makes, through the
// same Prefer header the dev server's proxy adds (mock/persona.ts).
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { registration } from '../tools/scripts/contract-verify/authenticator.ts';
import { devAccessToken, preferFor } from './persona.ts';
import { startRememberingMock, type RememberingMock } from './rememberingMock.ts';

let mock: RememberingMock;
let base: string;
let statePort: number;

/**
 * An HTTP call with Node's own client: the test setup's MSW server takes over fetch and lets
 * no request it does not know through.
 */
function http(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** One call as the portal makes it through the dev server, which adds the persona's Prefer header. */
async function call(user: string, method: string, path: string, body?: unknown, prefer?: string) {
  const authorization = `Bearer ${devAccessToken(user)}`;
  const response = await http(`${base}${path}`, {
    method,
    headers: {
      Authorization: authorization,
      Prefer: prefer ?? preferFor({ url: path, authorization, envPersona: '' }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = response.text;
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** A named example of the contract, for the operation at `path` and `method`, with this status. */
function contractExample(path: string, method: string, status: string, name: string) {
  const spec = parse(readFileSync('openapi.yaml', 'utf8'));
  return spec.paths[path][method].responses[status].content['application/json'].examples[name].value;
}

type Factor = { id?: string; factorType: string; provider: string; status: string; profile?: Record<string, string> };
const factorsOf = async (user: string): Promise<Factor[]> => (await call(user, 'GET', '/api/v1/user/factor')).body.factors;
const reset = (headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  http(`http://127.0.0.1:${statePort}/__mock/reset`, { method: 'POST', headers, body: '{}' });

beforeAll(async () => {
  mock = await startRememberingMock();
  base = mock.origin;
  statePort = mock.statePort;
}, 30_000);

afterAll(() => mock.stop());

describe('the mock API of npm start', () => {
  it('lists an SMS factor that smwong25 enrolled, pending and then active, and only for that persona', async () => {
    await reset();
    const before = (await factorsOf('smwong25')).find((f) => f.factorType === 'sms');
    expect(before).toEqual({ factorType: 'sms', provider: 'OKTA', status: 'NOT_SETUP' });

    const enrolled = await call('smwong25', 'POST', '/api/v1/user/factor/enroll/phone', {
      factorType: 'sms',
      provider: 'OKTA',
      phoneNumber: '+447700900123',
    });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body).toMatchObject({ status: 'PENDING_ACTIVATION', factorType: 'sms', profile: { phoneNumber: '+447700900123' } });
    const id: string = enrolled.body.id;
    expect((await factorsOf('smwong25')).find((f) => f.factorType === 'sms')).toMatchObject({ id, status: 'PENDING_ACTIVATION' });

    const activated = await call('smwong25', 'POST', `/api/v1/user/factor/${id}/activate`, { passCode: '123456' });
    expect(activated).toMatchObject({ status: 200, body: { id, status: 'ACTIVE' } });
    const sms = (await factorsOf('smwong25')).filter((f) => f.factorType === 'sms');
    const isoTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(sms).toEqual([
      {
        id,
        factorType: 'sms',
        provider: 'OKTA',
        status: 'ACTIVE',
        profile: { phoneNumber: '+447700900123' },
        created: isoTime,
        lastUpdated: isoTime,
      },
    ]);

    // The other persona's list is its own.
    expect((await factorsOf('taiman.chan')).filter((f) => f.factorType === 'sms')).toEqual([
      {
        id: 'mbf1taimansms',
        factorType: 'sms',
        provider: 'OKTA',
        status: 'ACTIVE',
        nickname: 'Work mobile',
        profile: { phoneNumber: '+85291234567' },
        created: '2025-03-10T06:45:12.000Z',
        lastUpdated: '2025-06-01T01:20:00.000Z',
        lastChallenged: '2026-11-18T23:47:05.000Z',
      },
    ]);

    // Removing it leaves SMS not set up again.
    expect((await call('smwong25', 'DELETE', `/api/v1/user/factor/${id}`)).status).toBe(200);
    expect((await factorsOf('smwong25')).filter((f) => f.factorType === 'sms')).toEqual([
      { factorType: 'sms', provider: 'OKTA', status: 'NOT_SETUP' },
    ]);
  });

  it('remembers a nickname, and forgets it when saved empty; refuses a control character', async () => {
    await reset();
    const renamed = await call('taiman.chan', 'PATCH', '/api/v1/user/factor/clf1taimancall', { nickname: 'Office desk phone' });
    expect(renamed).toMatchObject({ status: 200, body: { id: 'clf1taimancall', nickname: 'Office desk phone' } });
    expect((await factorsOf('taiman.chan')).find((f) => f.id === 'clf1taimancall')).toMatchObject({ nickname: 'Office desk phone' });
    // Refused with the contract's answer (the server checks the nickname itself, as a backend
    // must: its Prism leaves the nickname's limits to it), and never stored.
    const refusal = { status: 400, body: contractExample('/api/v1/user/factor/{factorId}', 'patch', '400', 'error') };
    for (const nickname of ['Desk\u0007', 'n'.repeat(257)]) {
      expect(await call('taiman.chan', 'PATCH', '/api/v1/user/factor/clf1taimancall', { nickname })).toEqual(refusal);
    }
    expect((await factorsOf('taiman.chan')).find((f) => f.id === 'clf1taimancall')).toMatchObject({ nickname: 'Office desk phone' });
    expect(await call('taiman.chan', 'PATCH', '/api/v1/user/factor/clf1taimancall', { nickname: 'n'.repeat(256) })).toMatchObject({ status: 200 });
    expect((await call('taiman.chan', 'PATCH', '/api/v1/user/factor/clf1taimancall', { nickname: '' })).status).toBe(200);
    expect((await factorsOf('taiman.chan')).find((f) => f.id === 'clf1taimancall')).not.toHaveProperty('nickname');
    // A passkey is named through its webauthn factor, and listed with the name.
    await call('taiman.chan', 'PATCH', '/api/v1/user/factor/fwf2taimanplatform', { nickname: 'My phone' });
    const passkeys = (await call('taiman.chan', 'GET', '/api/v1/user/passkeys')).body.passkeys;
    expect(passkeys.map((p: { name: string; nickname?: string; backedUp: boolean }) => [p.name, p.nickname, p.backedUp])).toEqual([
      ['YubiKey 5 NFC', 'Office key', false],
      ['Google Password Manager', 'My phone', true],
    ]);
  });

  it('removes a passkey from both lists, through deletePasskey or resetFactor, and refuses what the contract refuses', async () => {
    await reset();
    const passkeyIds = async (user: string) => (await call(user, 'GET', '/api/v1/user/passkeys')).body.passkeys.map((p: { id: string }) => p.id);
    expect((await call('taiman.chan', 'DELETE', '/api/v1/user/passkeys/fwf1taimanyubikey')).body).toEqual({ status: true });
    expect(await passkeyIds('taiman.chan')).toEqual(['fwf2taimanplatform']);
    expect((await factorsOf('taiman.chan')).filter((f) => f.factorType === 'webauthn').map((f) => f.id)).toEqual(['fwf2taimanplatform']);
    expect(await call('taiman.chan', 'DELETE', '/api/v1/user/passkeys/fwf1taimanyubikey')).toEqual({
      status: 400,
      body: contractExample('/api/v1/user/passkeys/{passkeyId}', 'delete', '400', 'error'),
    });
    // A passkey's id is its webauthn factor's: resetFactor removes it as deletePasskey does.
    expect((await call('taiman.chan', 'DELETE', '/api/v1/user/factor/fwf2taimanplatform')).body).toEqual({ status: true });
    expect(await passkeyIds('taiman.chan')).toEqual([]);
    expect((await call('taiman.chan', 'DELETE', '/api/v1/user/passkeys/fwf2taimanplatform')).status).toBe(400);
  });

  it('registers for the persona’s own opaque user handle, and refuses a stale challenge and a credential registered on anyone', async () => {
    await reset();
    const options = await call('smwong25', 'POST', '/api/v1/user/passkeys/registration');
    const contractOptions = contractExample('/api/v1/user/passkeys/registration', 'post', '200', 'new-user');
    expect(options).toMatchObject({ status: 200, body: { rp: { id: 'localhost' }, user: contractOptions.user, excludeCredentials: [] } });
    const refusal = (name: string) => ({ status: 400, body: contractExample('/api/v1/user/passkeys', 'post', '400', name) });
    // The contract's example: a real registration, for a challenge long used.
    const stale = parse(readFileSync('openapi.yaml', 'utf8')).paths['/api/v1/user/passkeys'].post.requestBody.content['application/json'].examples[
      'new-user'
    ].value;
    expect(await call('smwong25', 'POST', '/api/v1/user/passkeys', stale)).toEqual(refusal('error'));
    // Right in every other way, but of a credential id taiman.chan's security key has.
    const { challenge } = (await call('smwong25', 'POST', '/api/v1/user/passkeys/registration')).body;
    const credentialId = Buffer.from('FFS-QAxGAfPXP1CcEgz8ak6JTEcNxKEiw19pTqWIeqM', 'base64url');
    const taken = registration({ challenge, origin: 'http://localhost:5173', rpId: 'localhost', credentialId });
    expect(await call('smwong25', 'POST', '/api/v1/user/passkeys', taken)).toEqual(refusal('already-registered'));
    expect((await call('smwong25', 'GET', '/api/v1/user/passkeys')).body).toEqual({ passkeys: [] });
    // The same answer with a credential of its own is accepted.
    const { challenge: fresh } = (await call('smwong25', 'POST', '/api/v1/user/passkeys/registration')).body;
    const own = registration({ challenge: fresh, origin: 'http://localhost:5173', rpId: 'localhost' });
    expect(await call('smwong25', 'POST', '/api/v1/user/passkeys', own)).toMatchObject({ status: 200, body: { name: 'Passkey' } });
  });

  it('reaches ACTIVE on the third poll of a push enrollment', async () => {
    await reset();
    const push = await call('smwong25', 'POST', '/api/v1/user/factor/enroll', { factorType: 'push', provider: 'OKTA' });
    expect(push.body).toMatchObject({ factorType: 'push', status: 'PENDING_ACTIVATION' });
    const poll = () => call('smwong25', 'POST', `/api/v1/user/factor/${push.body.id}/activate/poll`);
    expect((await poll()).body).toMatchObject({ factorResult: 'WAITING' });
    expect((await poll()).body).toMatchObject({ factorResult: 'WAITING' });
    expect((await poll()).body).toMatchObject({ factorResult: 'SUCCESS', status: 'ACTIVE' });
    expect((await factorsOf('smwong25')).find((f) => f.factorType === 'push')).toMatchObject({ id: push.body.id, status: 'ACTIVE' });
  });

  it('remembers the recovery email, linked identities, the security question and the password', async () => {
    await reset();
    expect((await call('smwong25', 'POST', '/api/v1/user/profile', { secondaryEmail: 'siuming.new@example.org' })).status).toBe(200);
    expect((await call('smwong25', 'GET', '/api/v1/user/profile')).body.secondaryEmail).toBe('siuming.new@example.org');

    expect((await call('taiman.chan', 'DELETE', '/api/v1/user/idps/0oa4google')).status).toBe(200);
    expect((await call('smwong25', 'POST', '/api/v1/user/idps/0oa1smart', { externalId: 'ext-iamsmart-1' })).status).toBe(200);
    const linked = async (user: string) =>
      (await call(user, 'GET', '/api/v1/user/idps')).body.idps.filter((i: { linked: boolean }) => i.linked).map((i: { name: string }) => i.name);
    expect(await linked('taiman.chan')).toEqual(['smart', 'linkedin']);
    expect(await linked('smwong25')).toEqual(['smart']);

    const question = await call('smwong25', 'POST', '/api/v1/user/factor/enroll', {
      factorType: 'question',
      provider: 'OKTA',
      question: 'first_award',
      answer: 'spelling bee',
    });
    expect(question.body).toMatchObject({ status: 'ACTIVE', profile: { question: 'first_award' } });
    expect((await factorsOf('smwong25')).find((f) => f.factorType === 'question')).toMatchObject({
      status: 'ACTIVE',
      profile: { question: 'first_award', questionText: 'What did you earn your first medal or award for?' },
    });

    const change = (password: string, newPassword: string) =>
      call('smwong25', 'POST', '/api/v1/user/credential/password', { password, newPassword, confirmPassword: newPassword });
    expect((await change('portal-dev', 'Kowloon#Tong-Harbour7')).status).toBe(200);
    expect(await change('portal-dev', 'Another#Harbour-2025')).toMatchObject({ status: 400, body: { errorMessage: expect.any(String) } });
    expect((await change('Kowloon#Tong-Harbour7', 'Another#Harbour-2025')).status).toBe(200);
  });

  it('remembers a connected app whose access was removed, refuses an app the persona does not hold, and signs out other devices', async () => {
    await reset();
    const apps = async (user: string) => (await call(user, 'GET', '/api/v1/user/clients')).body.apps.map((app: { name: string }) => app.name);
    expect(await apps('taiman.chan')).toEqual(['Canvas Student', 'Outlook', 'Timetable Sync']);
    expect(await apps('smwong25')).toEqual([]);

    expect(await call('taiman.chan', 'DELETE', '/api/v1/user/clients/0oa7outlookmail')).toEqual({ status: 200, body: { status: true } });
    expect(await apps('taiman.chan')).toEqual(['Canvas Student', 'Timetable Sync']);
    // Gone is gone; and an app of another persona is not this one's to remove.
    for (const [user, id] of [
      ['taiman.chan', '0oa7outlookmail'],
      ['smwong25', '0oa9canvasmobile'],
    ]) {
      expect(await call(user!, 'DELETE', `/api/v1/user/clients/${id}`)).toEqual({
        status: 404,
        body: { errorMessage: 'This app has no access to your account.', errorCode: 'E0000007' },
      });
    }
    expect(await apps('taiman.chan')).toEqual(['Canvas Student', 'Timetable Sync']);

    expect(await call('taiman.chan', 'DELETE', '/api/v1/user/sessions/others')).toEqual({ status: 200, body: { status: true } });
    expect(await apps('taiman.chan')).toEqual(['Canvas Student', 'Timetable Sync']);
  });

  it('forgets nothing for a page on another site: a simple cross-site POST, or one naming another origin', async () => {
    await reset();
    expect((await call('smwong25', 'POST', '/api/v1/user/profile', { secondaryEmail: 'kept@example.org' })).status).toBe(200);
    const crossSite: Record<string, string>[] = [
      { 'Content-Type': 'text/plain' },
      { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
    ];
    for (const headers of crossSite) {
      expect((await reset(headers)).status).toBe(403);
    }
    expect((await call('smwong25', 'GET', '/api/v1/user/profile')).body.secondaryEmail).toBe('kept@example.org');
    expect((await reset({ 'Content-Type': 'application/json', Origin: 'http://localhost:5173' })).status).toBe(200);
    expect((await call('smwong25', 'GET', '/api/v1/user/profile')).body.secondaryEmail).not.toBe('kept@example.org');
  });

  it('answers a named example or status from the contract when asked with Prefer, and changes nothing', async () => {
    await reset();
    const okta = await call(
      'smwong25',
      'POST',
      '/api/v1/user/factor/enroll/phone',
      { factorType: 'sms', provider: 'OKTA', phoneNumber: '+447700900123' },
      'example=okta-sms',
    );
    expect(okta.body).toMatchObject({ id: 'mbl1nz9JHJGHWRKMTLHP', vendorName: 'OKTA' });
    const failed = await call('smwong25', 'GET', '/api/v1/user/profile', undefined, 'code=500');
    expect(failed).toMatchObject({ status: 500, body: { errorMessage: expect.any(String) } });
    const stepUp = await call('smwong25', 'DELETE', '/api/v1/user/idps/0oa1smart', undefined, 'code=401');
    expect(stepUp.status).toBe(401);
    expect((await factorsOf('smwong25')).find((f) => f.factorType === 'sms')?.status).toBe('NOT_SETUP');
  });

  it('forgets everything on npm run mock:reset, without a restart', async () => {
    await call('smwong25', 'POST', '/api/v1/user/profile', { secondaryEmail: 'kept@example.org' });
    const run = spawn(process.execPath, ['mock/reset.ts'], { env: { ...process.env, MOCK_STATE_PORT: String(statePort) } });
    let out = '';
    run.stdout.on('data', (chunk) => (out += chunk));
    const code = await new Promise((resolve) => run.on('close', resolve));
    expect(code).toBe(0);
    expect(out).toContain('every persona back to the contract');
    expect((await call('smwong25', 'GET', '/api/v1/user/profile')).body.secondaryEmail).toBeNull();
  });

  it('checks every request and answer against the contract, so the state cannot drift from it', async () => {
    await reset();
    // A request the contract refuses never reaches the state.
    const bad = await call('smwong25', 'POST', '/api/v1/user/profile', { secondaryEmail: 42 });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    // State put in behind Prism's back that breaks the contract comes out as Prism's 500.
    await http(`http://127.0.0.1:${statePort}/api/v1/user/profile`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${devAccessToken('smwong25')}`, Prefer: 'example=new-user', 'Content-Type': 'application/json' },
      body: JSON.stringify({ secondaryEmail: 42 }),
    });
    const drifted = await http(`${base}/api/v1/user/profile`, {
      headers: { Authorization: `Bearer ${devAccessToken('smwong25')}`, Prefer: 'example=new-user' },
    });
    expect(drifted.status).toBe(500);
    expect(drifted.text).toMatch(/secondaryEmail/);
  });

  // What a backend must do, and what the verifier (tools/scripts/contract-verify) holds a
  // backend to: Prism's own problem ("Invalid security scheme used") is not the contract's answer.
  it('answers a call without a token with the contract’s 401 and its challenge, for reads and changes alike', async () => {
    const spec = parse(readFileSync('openapi.yaml', 'utf8'));
    const unauthorized = spec.components.responses.Unauthorized.content['application/json'].examples.error.value;
    for (const [method, path, body] of [
      ['GET', '/api/v1/user/profile', undefined],
      ['GET', '/api/v1/user/factor', undefined],
      ['POST', '/api/v1/user/profile', { secondaryEmail: 'nobody@example.org' }],
    ] as const) {
      const answer = await http(`${base}${path}`, {
        method,
        ...(body ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {}),
      });
      expect({ path, status: answer.status, type: answer.headers['content-type'] }).toEqual({ path, status: 401, type: 'application/json' });
      expect(JSON.parse(answer.text)).toEqual(unauthorized);
      expect(answer.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
      expect(answer.headers['sl-violations']).toBeUndefined();
    }
    // And nothing changed.
    expect((await call('smwong25', 'GET', '/api/v1/user/profile')).body.secondaryEmail).not.toBe('nobody@example.org');
  });
});
