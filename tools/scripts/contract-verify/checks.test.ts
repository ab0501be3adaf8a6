import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { judge, plan, type Planned } from './checks.ts';
import { figuresOf } from './contractFigures.ts';
import { MUTATIONS, NOT_AN_APP } from './operations.ts';

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
      rows.filter((row) => row.operation === operation).map(({ request, url, withheld, refusedWith }) => ({ request, url, withheld, refusedWith }));
    expect(shown('endOtherSessions')).toEqual([
      { request: 'DELETE /api/v1/user/sessions/others, no token', url: '/api/v1/user/sessions/others', withheld: true, refusedWith: undefined },
      { request: 'DELETE /api/v1/user/sessions/others', url: '/api/v1/user/sessions/others', withheld: false, refusedWith: undefined },
    ]);
    expect(shown('revokeConnectedApp')).toEqual([
      {
        request: 'DELETE /api/v1/user/clients/{clientId}, no token',
        url: `/api/v1/user/clients/${NOT_AN_APP}`,
        withheld: true,
        refusedWith: undefined,
      },
      {
        request: 'DELETE /api/v1/user/clients/{clientId}, an app the account does not hold',
        url: `/api/v1/user/clients/${NOT_AN_APP}`,
        withheld: false,
        refusedWith: '404',
      },
      { request: 'DELETE /api/v1/user/clients/{clientId}', url: '/api/v1/user/clients/0oa-team-app', withheld: false, refusedWith: undefined },
    ]);
    expect(MUTATIONS.revokeConnectedApp?.needs).toEqual(['client-id']);
  });

  it('pass only as the refusal the contract declares', () => {
    const probe: Planned = {
      operation: 'revokeConnectedApp',
      request: 'DELETE /c/x, an app the account does not hold',
      method: 'delete',
      url: '/c/x',
      secured: true,
      withheld: false,
      refusedWith: '404',
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
      detail: 'answered 200 where the contract asks for 404 (does the backend check that it belongs to the account?)',
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
