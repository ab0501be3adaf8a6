import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { carriedAgreements, staleAgreements } from './agreements.ts';
import type { Change } from './change.ts';
import { breakingChanges, classifiedChanges } from './classify.ts';

// Loose on purpose: the tests reach into the parsed contract by path.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Spec = any;
const spec: Spec = parse(readFileSync('openapi.yaml', 'utf8'));

/** The breaking changes after applying `mutate` to a copy of the real contract. */
function breakingAfter(mutate: (copy: Spec) => void): Change[] {
  const copy = structuredClone(spec);
  mutate(copy);
  return breakingChanges(spec, copy);
}

const paths = (changes: Change[]) => changes.map((change) => change.path);
const logParameters = (copy: Spec) => copy.paths['/api/v1/user/log'].get.parameters;

describe('breakingChanges (api-smart-diff on openapi.yaml)', () => {
  it('finds nothing between the contract and itself', () => {
    expect(breakingChanges(spec, structuredClone(spec))).toEqual([]);
  });

  it('does not modify the documents it compares', () => {
    const before = structuredClone(spec);
    const after = structuredClone(spec);
    delete after.paths['/api/v1/user/sessions'];
    const [beforeText, afterText] = [JSON.stringify(before), JSON.stringify(after)];
    breakingChanges(before, after);
    expect([JSON.stringify(before), JSON.stringify(after)]).toEqual([beforeText, afterText]);
  });

  describe('additive changes pass', () => {
    it.each<[string, (copy: Spec) => void]>([
      ['a new optional response property', (copy) => (copy.components.schemas.Profile.properties.nickname = { type: 'string' })],
      [
        'a new required response property',
        (copy) => {
          copy.components.schemas.Profile.properties.nickname = { type: 'string' };
          copy.components.schemas.Profile.required.push('nickname');
        },
      ],
      [
        'a new operation',
        (copy) =>
          (copy.paths['/api/v1/user/devices'] = { get: { operationId: 'getDevices', responses: { '200': { description: 'The devices.' } } } }),
      ],
      [
        'a new optional query parameter',
        (copy) => logParameters(copy).push({ name: 'since', in: 'query', required: false, schema: { type: 'string' } }),
      ],
      ['a new optional request body field', (copy) => (copy.components.schemas.ChangePasswordRequest.properties.hint = { type: 'string' })],
      ['a description', (copy) => (copy.components.schemas.Profile.properties.department.description = 'The job title.')],
    ])('%s', (_, mutate) => {
      expect(breakingAfter(mutate)).toEqual([]);
    });
  });

  it('passes a new value in an existing request enum (the extra enum rule only catches a new enum)', () => {
    const before = structuredClone(spec);
    logParameters(before)[1].schema.enum = ['full-page-2'];
    const after = structuredClone(before);
    logParameters(after)[1].schema.enum.push('full-page-3');
    expect(breakingChanges(before, after)).toEqual([]);
  });

  describe('breaking changes fail', () => {
    it('a removed operation, named by its path', () => {
      const changes = breakingAfter((copy) => delete copy.paths['/api/v1/user/sessions'].delete);
      expect(paths(changes)).toEqual(['paths./api/v1/user/sessions.delete']);
      expect(changes[0]).toMatchObject({ action: 'remove', description: '[Removed] operation DELETE /api/v1/user/sessions' });
    });

    it('a removed required response field (a property of a component schema)', () => {
      const changes = breakingAfter((copy) => {
        delete copy.components.schemas.Profile.properties.department;
        copy.components.schemas.Profile.required = copy.components.schemas.Profile.required.filter((name: string) => name !== 'department');
      });
      expect(paths(changes)).toContain('paths./api/v1/user/profile.get.responses.200.content.application/json.schema.allOf.0.properties.department');
    });

    it('a removed optional response field (extra rule: api-smart-diff calls it non-breaking)', () => {
      const changes = breakingAfter((copy) => delete copy.components.schemas.Factor.properties.profile);
      expect(paths(changes)).toEqual([
        'paths./api/v1/user/factor.get.responses.200.content.application/json.schema.properties.factors.items.properties.profile',
        'paths./api/v1/user/factor/{factorId}.patch.responses.200.content.application/json.schema.properties.profile',
      ]);
      expect(changes[0]?.rule).toMatch(/^removed field: `profile`.*api-smart-diff said non-breaking/);
    });

    it('a request body field narrowed from string to integer', () => {
      const changes = breakingAfter((copy) => (copy.components.schemas.UpdateRecoveryEmailRequest.properties.secondaryEmail.type = 'integer'));
      expect(changes).toEqual([
        expect.objectContaining({
          path: 'paths./api/v1/user/profile.post.requestBody.content.application/json.schema.properties.secondaryEmail.type',
          action: 'replace',
          before: 'string',
          after: 'integer',
        }),
      ]);
    });

    it('a query parameter narrowed from string to integer (extra rule)', () => {
      const changes = breakingAfter((copy) => (logParameters(copy)[1].schema.type = 'integer'));
      expect(paths(changes)).toEqual(['paths./api/v1/user/log.get.parameters.1.schema.type']);
      expect(changes[0]?.rule).toMatch(/narrowed type: a string is no longer accepted/);
    });

    it('a response field whose type changes from string to integer (extra rule)', () => {
      const changes = breakingAfter((copy) => (copy.components.schemas.Profile.properties.department.type = 'integer'));
      expect(changes[0]?.rule).toMatch(/the client may now receive a integer/);
    });

    it('an enum on a request field that was a free string (extra rule)', () => {
      const changes = breakingAfter(
        (copy) => (copy.components.schemas.UpdateRecoveryEmailRequest.properties.secondaryEmail.enum = ['a@example.com']),
      );
      expect(paths(changes)).toEqual([
        'paths./api/v1/user/profile.post.requestBody.content.application/json.schema.properties.secondaryEmail.enum.0',
      ]);
      expect(changes[0]?.rule).toMatch(/new enum/);
    });

    it('an enum on a path parameter shared by several operations (extra rule)', () => {
      const changes = breakingAfter((copy) => (copy.components.parameters.FactorId.schema.enum = ['opf1taimanpush']));
      expect(paths(changes)).toEqual([
        'paths./api/v1/user/factor/{factorId}.delete.parameters.0.schema.enum.0',
        'paths./api/v1/user/factor/{factorId}.patch.parameters.0.schema.enum.0',
        'paths./api/v1/user/factor/{factorId}/activate.post.parameters.0.schema.enum.0',
        'paths./api/v1/user/factor/{factorId}/activate/poll.post.parameters.0.schema.enum.0',
      ]);
    });

    it('a new value in an enum the client receives (FactorType is in responses too)', () => {
      const changes = breakingAfter((copy) => copy.components.schemas.FactorType.enum.push('token:hardware'));
      expect(paths(changes)).toContain(
        'paths./api/v1/user/factor.get.responses.200.content.application/json.schema.properties.factors.items.properties.factorType.enum.8',
      );
    });

    it('a new required request body field', () => {
      const changes = breakingAfter((copy) => {
        copy.components.schemas.ChangePasswordRequest.properties.otp = { type: 'string' };
        copy.components.schemas.ChangePasswordRequest.required.push('otp');
      });
      expect(paths(changes)).toContain('paths./api/v1/user/credential/password.post.requestBody.content.application/json.schema.required.3');
    });

    it('a new required query parameter', () => {
      const changes = breakingAfter((copy) => logParameters(copy).push({ name: 'since', in: 'query', required: true, schema: { type: 'string' } }));
      expect(changes).toEqual([
        expect.objectContaining({
          path: 'paths./api/v1/user/log.get.parameters.2',
          action: 'add',
          description: '[Added] required query parameter `since`',
        }),
      ]);
    });

    it('an optional query parameter made required', () => {
      expect(paths(breakingAfter((copy) => (logParameters(copy)[0].required = true)))).toEqual(['paths./api/v1/user/log.get.parameters.0.required']);
    });
  });
});

describe('corrections agreed with the backend teams (info.x-agreed-response-corrections)', () => {
  // The old contract promised a response field that the servers never send; the new one says so.
  const promisedMore = () => {
    const base = structuredClone(spec);
    base.components.schemas.WebAuthnRelyingParty.required = ['id'];
    return base;
  };
  const agreed = (entries: unknown) => ({ ...spec, info: { ...spec.info, 'x-agreed-response-corrections': entries } });

  const RP_ID = (path: string) =>
    `paths.${path}.post.responses.200.content.application/json.schema.properties._embedded.properties.activation.properties.rp.required.0`;
  const allFour = [
    '/api/v1/user/factor/enroll',
    '/api/v1/user/factor/enroll/phone',
    '/api/v1/user/factor/enroll/email',
    '/api/v1/user/factor/{factorId}/activate',
  ].map((path) => ({
    path: RP_ID(path),
    why: 'Okta sends no rp.id.',
  }));

  it('reports each listed response-side correction, by its exact path, as agreed, not breaking', () => {
    const after = agreed(allFour);
    const changes = classifiedChanges(promisedMore(), after);
    expect(changes.filter((c) => c.type === 'breaking')).toEqual([]);
    expect(changes.filter((c) => c.type === 'agreed').map((c) => c.rule)).toEqual(Array(4).fill('agreed correction: Okta sends no rp.id.'));
    expect(staleAgreements(changes, after)).toEqual([]);
  });

  it.each([
    ['an entry without its reason', allFour.map((entry) => ({ ...entry, why: ' ' }))],
    ['entries for only some of the places', allFour.slice(0, 1)],
    ['a part of a path instead of the path', [{ path: 'activation.properties.rp.required', why: 'Too broad.' }]],
    ['no entries at all', undefined],
  ])('keeps it breaking with %s', (_, entries) => {
    expect(classifiedChanges(promisedMore(), agreed(entries)).filter((c) => c.type === 'breaking').length).toBeGreaterThan(0);
  });

  it('calls an entry added since the base that matches no change stale, so an agreement cannot outlive its change', () => {
    const after = agreed(allFour);
    expect(staleAgreements(classifiedChanges(spec, after), after, spec)).toEqual(allFour);
  });

  it('lets entries the base already listed agree to nothing, and fail nothing (their change has landed)', () => {
    const before = { ...promisedMore(), info: agreed(allFour).info };
    const after = agreed(allFour);
    const changes = classifiedChanges(before, after);
    expect(changes.filter((c) => c.type === 'agreed')).toEqual([]);
    expect(changes.filter((c) => c.type === 'breaking')).toHaveLength(4);
    expect(staleAgreements(changes, after, before)).toEqual([]);
    expect(carriedAgreements(before, after)).toEqual(allFour);
    // The same path agreed again for a new reason is a new entry.
    const again = agreed(allFour.map((entry) => ({ ...entry, why: 'Okta still sends no rp.id.' })));
    expect(classifiedChanges(before, again).filter((c) => c.type === 'agreed')).toHaveLength(4);
  });

  it('never accepts a request-side breaking change, listed or not', () => {
    const after = agreed([
      { path: 'paths./api/v1/user/idps/{idpId}.post.requestBody.content.application/json.schema.required.1', why: 'We would like to.' },
    ]);
    after.components = structuredClone(spec.components);
    after.components.schemas.LinkIdentityRequest.required = ['externalId', 'linkTicket'];
    expect(paths(classifiedChanges(spec, after).filter((c) => c.type === 'breaking'))).toEqual(
      expect.arrayContaining([expect.stringContaining('requestBody')]),
    );
  });
});

describe('node tools/scripts/contract-diff/contract-diff.ts --base-file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'contract-diff-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the CLI with `base` as the old contract (the real openapi.yaml is the new one). */
  function runAgainst(base: Spec, ...extra: string[]) {
    const file = join(dir, `base-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, stringify(base));
    const run = spawnSync(process.execPath, ['tools/scripts/contract-diff/contract-diff.ts', '--base-file', file, ...extra], { encoding: 'utf8' });
    return { code: run.status, out: run.stdout + run.stderr };
  }

  it('exits 1 and names the change when openapi.yaml lost an operation and a field', () => {
    // The old contract had one operation and one response field more than openapi.yaml.
    const base = structuredClone(spec);
    base.paths['/api/v1/user/devices'] = { get: { operationId: 'getDevices', responses: { '200': { description: 'The devices.' } } } };
    base.components.schemas.Profile.properties.title = { type: 'string' };
    const { code, out } = runAgainst(base);
    expect(out).toContain('Breaking changes (2):');
    expect(out).toMatch(/paths\.\/api\/v1\/user\/devices\.get: removed, .* → \(none\) — \[Removed\] operation GET \/api\/v1\/user\/devices/);
    expect(out).toMatch(/properties\.title: removed, \{"type":"string"\} → \(none\) — removed field: `title`/);
    expect(out).toContain('2 breaking, 0 agreed, 0 non-breaking, 0 annotation, 0 deprecated, 0 unclassified.');
    expect(out).toContain('FAILED');
    expect(code).toBe(1);
  });

  it('exits 0 when openapi.yaml only adds (the old contract lacked an optional query parameter)', () => {
    const base = structuredClone(spec);
    logParameters(base).pop();
    const { code, out } = runAgainst(base);
    expect(out).toContain('0 breaking, 0 agreed, 1 non-breaking');
    expect(out).toContain('OK: no breaking change.');
    expect(code).toBe(0);
  });

  it('prints the classified changes as JSON with --json', () => {
    const base = structuredClone(spec);
    base.paths['/api/v1/user/devices'] = { get: { responses: { '200': { description: 'The devices.' } } } };
    const { code, out } = runAgainst(base, '--json');
    expect(JSON.parse(out)).toMatchObject({
      counts: { breaking: 1 },
      changes: [{ path: 'paths./api/v1/user/devices.get', type: 'breaking', action: 'remove' }],
    });
    expect(code).toBe(1);
  });
});
