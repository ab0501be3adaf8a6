import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { judge, plan, type Planned } from './checks.ts';
import { figuresOf } from './contractFigures.ts';
import { ANOTHER_ORIGIN, MUTATIONS, NOT_AN_APP } from './operations.ts';

const spec = parse(readFileSync('openapi.yaml', 'utf8'));
const { reads, securedReads } = figuresOf(spec);

describe('the requests', () => {
  it('send every GET, and each that the contract secures once more without the token', () => {
    const rows = plan(spec, new Set(), {});
    const sent = rows.filter((row) => !row.skipped);
    const withheld = sent.filter((row) => row.withheld);
    expect(sent.filter((row) => !row.withheld).map((row) => row.method)).toEqual(Array(reads.length).fill('get'));
    expect(withheld.map((row) => row.operation)).toEqual(sent.filter((row) => row.secured && !row.withheld).map((row) => row.operation));
    expect(withheld).toHaveLength(securedReads.length);
    expect(withheld[0]).toMatchObject({ operation: 'getProfile', request: 'GET /api/v1/user/profile, no token', secured: true });
    expect(sent.find((row) => row.operation === 'getSocialAuthorizeUrl')).toMatchObject({ secured: false });
    // A changing operation, even when named, is never sent without its token.
    const named = plan(spec, new Set(['endSessions']), {});
    expect(named.filter((row) => row.operation === 'endSessions').map((row) => row.withheld)).toEqual([false]);
  });

  it('send, before each named change to names and passkeys, the requests a backend must refuse', () => {
    const run = new Set(['renameFactor', 'getPasskeyRegistrationOptions', 'registerPasskey', 'deletePasskey']);
    const data = { 'factor-id': 'f1', nickname: 'Desk', 'passkey-id': 'p1', origin: 'https://portal.example.edu' };
    const rows = plan(spec, run, data).filter((row) => run.has(row.operation));
    expect(rows.map((row) => [row.request, row.refusal ?? '', row.withheld, row.url])).toEqual([
      ['PATCH /api/v1/user/factor/{factorId}, refused: without the token', '401', true, '/api/v1/user/factor/f1'],
      ['PATCH /api/v1/user/factor/{factorId}, refused: a nickname with a control character', '400', false, '/api/v1/user/factor/f1'],
      ['PATCH /api/v1/user/factor/{factorId}, refused: a nickname of 257 characters', '400', false, '/api/v1/user/factor/f1'],
      ['PATCH /api/v1/user/factor/{factorId}', '', false, '/api/v1/user/factor/f1'],
      ['POST /api/v1/user/passkeys, refused: without the token', '401', true, '/api/v1/user/passkeys'],
      ['POST /api/v1/user/passkeys, refused: the challenge of the options before the last', '400', false, '/api/v1/user/passkeys'],
      ['POST /api/v1/user/passkeys, refused: fresh options answered from another origin', '400', false, '/api/v1/user/passkeys'],
      ['POST /api/v1/user/passkeys/registration, refused: without the token', '401', true, '/api/v1/user/passkeys/registration'],
      ['POST /api/v1/user/passkeys/registration', '', false, '/api/v1/user/passkeys/registration'],
      ['DELETE /api/v1/user/passkeys/{passkeyId}, refused: without the token', '401', true, '/api/v1/user/passkeys/p1'],
      [
        'DELETE /api/v1/user/passkeys/{passkeyId}, refused: a passkey that is not on the account',
        '400',
        false,
        '/api/v1/user/passkeys/contract-check-no-such-passkey',
      ],
      ['DELETE /api/v1/user/passkeys/{passkeyId}', '', false, '/api/v1/user/passkeys/p1'],
    ]);
    expect(rows[1]!.body).toEqual({ nickname: 'Desk\u0007phone' });
    // Each registration probe is right but for one property: the challenge, or the origin.
    const clientData = (made: unknown) =>
      JSON.parse(Buffer.from((made as { response: { clientDataJSON: string } }).response.clientDataJSON, 'base64url').toString('utf8'));
    const rpIdHash = (made: unknown) =>
      Buffer.from((made as { response: { attestationObject: string } }).response.attestationObject, 'base64url').toString('hex');
    const [earlier, last] = [
      { challenge: 'earlier-challenge', rp: { id: 'portal.example.edu' } },
      { challenge: 'last-challenge', rp: { id: 'portal.example.edu' } },
    ];
    const [stale, foreign] = [rows[5]!.options!, rows[6]!.options!];
    expect([stale.url, stale.calls, foreign.url, foreign.calls]).toEqual([
      '/api/v1/user/passkeys/registration',
      2,
      '/api/v1/user/passkeys/registration',
      1,
    ]);
    const staleMade = stale.body([earlier, last]);
    const foreignMade = foreign.body([last]);
    expect(clientData(staleMade)).toEqual({ type: 'webauthn.create', challenge: 'earlier-challenge', origin: data.origin, crossOrigin: false });
    expect(clientData(foreignMade)).toEqual({ type: 'webauthn.create', challenge: 'last-challenge', origin: ANOTHER_ORIGIN, crossOrigin: false });
    // The relying party's id hash is the options' (SHA-256 of portal.example.edu) in both.
    const hash = createHash('sha256').update('portal.example.edu').digest('hex');
    expect([rpIdHash(staleMade), rpIdHash(foreignMade)].every((hex) => hex.includes(hash))).toBe(true);
    expect(
      plan(spec, new Set(), {})
        .filter((row) => run.has(row.operation))
        .every((row) => row.skipped),
    ).toBe(true);
  });

  it('send getCustomTotpSecret, a GET that mints a secret on the account, only when named with --run, and never without the token', () => {
    const byDefault = plan(spec, new Set(), {}).filter((row) => row.operation === 'getCustomTotpSecret');
    expect(byDefault).toEqual([expect.objectContaining({ skipped: 'changes the account: run it with --run getCustomTotpSecret' })]);
    const named = plan(spec, new Set(['getCustomTotpSecret']), {}).filter((row) => row.operation === 'getCustomTotpSecret');
    expect(named).toEqual([expect.objectContaining({ request: 'GET /api/v1/user/factor/totp/secret', withheld: false })]);
    expect(named[0]).not.toHaveProperty('skipped');
    expect(MUTATIONS.getCustomTotpSecret?.changes).toMatch(/mints a new secret/);
  });

  it('name what each changing operation does, and need the team’s own data for every personal value', () => {
    expect(MUTATIONS.enrollPhoneFactor?.needs).toEqual(['phone']);
    expect(MUTATIONS.changePassword?.changes).toMatch(/CHANGES THE PASSWORD/);
    expect(MUTATIONS.endSessions?.changes).toMatch(/ENDS EVERY SESSION/);
    // The contract's real-looking Hong Kong numbers never reach a backend.
    const rows = plan(spec, new Set(['enrollPhoneFactor', 'resetFactor']), { phone: '+447700900123', 'factor-id': 'team/1' });
    const phone = rows.find((row) => row.operation === 'enrollPhoneFactor')!;
    expect(JSON.stringify(phone.body)).not.toContain('852');
    expect(phone.body).toEqual({ factorType: 'sms', provider: 'OKTA', phoneNumber: '+447700900123' });
    expect(rows.find((row) => row.operation === 'resetFactor')!.url).toBe('/api/v1/user/factor/team%2F1');
  });
});

describe('the refusal probes of Sign out other devices and of removing an app’s access', () => {
  it('go first, only when the operation is named, naming no app of the account', () => {
    expect(plan(spec, new Set(), {}).filter((row) => ['endOtherSessions', 'revokeConnectedApp'].includes(row.operation))).toEqual([
      expect.objectContaining({ skipped: 'changes the account: run it with --run endOtherSessions' }),
      expect.objectContaining({ skipped: 'changes the account: run it with --run revokeConnectedApp' }),
    ]);
    const rows = plan(spec, new Set(['endOtherSessions', 'revokeConnectedApp']), { 'client-id': '0oa-team-app' });
    const shown = (operation: string) =>
      rows.filter((row) => row.operation === operation).map(({ request, url, withheld, refusal }) => ({ request, url, withheld, refusal }));
    expect(shown('endOtherSessions')).toEqual([
      {
        request: 'DELETE /api/v1/user/sessions/others, refused: without the token',
        url: '/api/v1/user/sessions/others',
        withheld: true,
        refusal: '401',
      },
      { request: 'DELETE /api/v1/user/sessions/others', url: '/api/v1/user/sessions/others', withheld: false, refusal: undefined },
    ]);
    expect(shown('revokeConnectedApp')).toEqual([
      {
        request: 'DELETE /api/v1/user/clients/{clientId}, refused: without the token',
        url: `/api/v1/user/clients/${NOT_AN_APP}`,
        withheld: true,
        refusal: '401',
      },
      {
        request: 'DELETE /api/v1/user/clients/{clientId}, refused: an app the account does not hold',
        url: `/api/v1/user/clients/${NOT_AN_APP}`,
        withheld: false,
        refusal: '404',
      },
      { request: 'DELETE /api/v1/user/clients/{clientId}', url: '/api/v1/user/clients/0oa-team-app', withheld: false, refusal: undefined },
    ]);
    expect(MUTATIONS.revokeConnectedApp?.needs).toEqual(['client-id']);
  });

  it('pass only as the refusal the contract declares', () => {
    const probe: Planned = {
      operation: 'revokeConnectedApp',
      request: 'DELETE /c/x, refused: an app the account does not hold',
      method: 'delete',
      url: '/c/x',
      secured: true,
      withheld: false,
      refusal: '404',
      declared: ['200', '400', '401', '404', '500'],
    };
    const backend = { by: 'backend' } as const;
    expect(judge(probe, { status: 404, text: '{"errorMessage":"no"}', violations: [], handled: backend })).toEqual({
      result: 'passed',
      status: 404,
      detail: '',
    });
    expect(judge(probe, { status: 200, text: '{"status":true}', violations: [], handled: backend })).toMatchObject({
      result: 'failed',
      detail: 'answered 200 to a request it must refuse, where the contract asks for 404',
    });
    expect(
      judge(probe, { status: 404, text: '{}', violations: [{ location: ['response', 'body'], message: 'bad' }], handled: backend }),
    ).toMatchObject({
      result: 'failed',
      detail: 'response.body: bad',
    });
  });
});

describe('an answer without the token', () => {
  const row: Planned = {
    operation: 'getProfile',
    request: 'GET /p, no token',
    method: 'get',
    url: '/p',
    secured: true,
    withheld: true,
    declared: ['200', '401'],
  };
  const refusedRequest = { location: ['request'], message: 'Invalid security scheme used' };
  const backend = { by: 'backend' } as const;

  it('passes as 401 matching the contract, the request’s own missing token aside', () => {
    expect(judge(row, { status: 401, text: '{}', violations: [refusedRequest], handled: backend })).toEqual({
      result: 'passed',
      status: 401,
      detail: '',
    });
  });

  it('fails as anything else, or as a 401 that breaks the contract', () => {
    expect(judge(row, { status: 200, text: '{"a":1}', violations: [refusedRequest], handled: backend })).toEqual({
      result: 'failed',
      status: 200,
      detail: 'answered 200 without a token, where the contract asks for 401 (does the backend check Authorization?)',
      body: '{"a":1}',
    });
    const wrongBody = { location: ['response', 'body'], message: "Response body must have required property 'errorMessage'" };
    expect(judge(row, { status: 401, text: '{}', violations: [refusedRequest, wrongBody], handled: backend })).toMatchObject({
      result: 'failed',
      detail: "response.body: Response body must have required property 'errorMessage'",
    });
  });
});

describe('a request made to be refused', () => {
  const row: Planned = {
    operation: 'renameFactor',
    request: 'PATCH /x, refused: a nickname with a control character',
    method: 'patch',
    url: '/x',
    secured: true,
    withheld: false,
    declared: ['200', '400', '401', '500'],
    refusal: '400',
  };
  const backend = { by: 'backend' } as const;
  const forbidden = { location: ['request', 'body', 'nickname'], message: 'must match pattern' };

  it('passes only when the backend refuses it as the contract says, whatever the request breaks', () => {
    expect(judge(row, { status: 400, text: '{"errorMessage":"no"}', violations: [forbidden], handled: backend })).toEqual({
      result: 'passed',
      status: 400,
      detail: '',
    });
    expect(judge(row, { status: 200, text: '{}', violations: [forbidden], handled: backend })).toMatchObject({
      result: 'failed',
      detail: 'answered 200 to a request it must refuse, where the contract asks for 400',
    });
    expect(
      judge(row, {
        status: 400,
        text: '{}',
        violations: [{ location: ['response', 'body'], message: "must have required property 'errorMessage'" }],
        handled: backend,
      }),
    ).toMatchObject({ result: 'failed' });
  });
});
