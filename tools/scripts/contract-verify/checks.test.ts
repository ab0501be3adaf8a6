import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { judge, plan, type Planned } from './checks.ts';
import { figuresOf } from './contractFigures.ts';
import { MUTATIONS } from './operations.ts';

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
