// The mock's passkey registration, refused as a relying party refuses it. The answers come from a
// small software authenticator (the verifier's, which its refusal probes use too), which can be
// told to lie.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FLAGS, registration, type Ceremony } from '../tools/scripts/contract-verify/authenticator.ts';
import { CHALLENGE_MS, listed, REFUSALS, register, registrationOptions, type PasskeyMemory, type Refusal } from './passkeys.ts';

/** A refusal as the tests see it: its reason (the mock answers the contract's example of that name). */
const refused = (why: Refusal) => ({ status: 400, body: { why } });
const user = { name: 'smwong25', displayName: 'WONG Siu Ming', id: Uint8Array.from(Buffer.from('00u1siuming')) };
/** A registration from the dev server's page, for its relying party, unless told otherwise. */
const made = (ceremony: Partial<Ceremony> & { challenge: string }) =>
  registration({ origin: 'http://localhost:5173', rpId: 'localhost', ...ceremony });

async function started(memory: PasskeyMemory = { passkeys: [] }, origin?: string) {
  const answer = await registrationOptions(memory, [], user, origin, refused);
  return { memory, answer, challenge: (answer.body as { challenge: string }).challenge };
}

describe('the mock registers a passkey as a relying party does', () => {
  it('accepts a registration for its challenge from the portal, with the model and backup flags the authenticator set', async () => {
    const { memory, answer, challenge } = await started();
    expect(answer.body).toMatchObject({
      rp: { id: 'localhost' },
      user: { id: Buffer.from('00u1siuming').toString('base64url'), name: 'smwong25' },
      authenticatorSelection: { residentKey: 'required' },
      timeout: CHALLENGE_MS,
    });
    const body = made({ challenge, flags: FLAGS.up | FLAGS.uv | FLAGS.be | FLAGS.bs | FLAGS.at, aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4' });
    const done = await register(memory, body, 'fwf1', refused, []);
    expect(done).toMatchObject({
      passkey: { id: 'fwf1', name: 'Google Password Manager', backupEligible: true, backedUp: true, transports: ['internal'] },
      factor: { id: 'fwf1', factorType: 'webauthn', status: 'ACTIVE', profile: { credentialId: body.id } },
    });
    // A device-bound key, of a model the mock does not know.
    const second = await started(memory);
    const key = await register(memory, made({ challenge: second.challenge }), 'fwf2', refused, []);
    expect(key).toMatchObject({ passkey: { name: 'Passkey', backupEligible: false, backedUp: false } });
  });

  it('takes the page’s host as the relying party, and gives no options to a page of another site', async () => {
    expect((await started(undefined, 'https://portal.localhost:4443')).answer.body).toMatchObject({ rp: { id: 'portal.localhost' } });
    expect((await started(undefined, 'https://evil.example')).answer).toEqual(refused('wrong-origin'));
  });

  it.each<[string, (challenge: string) => object, Refusal]>([
    ['another origin', (challenge) => made({ challenge, origin: 'https://evil.example' }), 'wrong-origin'],
    ['a look-alike of the portal', (challenge) => made({ challenge, origin: 'http://localhost:5173.evil.example' }), 'wrong-origin'],
    ['another ceremony', (challenge) => made({ challenge, type: 'webauthn.get' }), 'not-verified'],
    ['another relying party', (challenge) => made({ challenge, rpId: 'example.edu.hk' }), 'not-verified'],
    ['no user present', (challenge) => made({ challenge, flags: FLAGS.uv | FLAGS.at }), 'not-verified'],
    ['backed up without being eligible', (challenge) => made({ challenge, flags: FLAGS.up | FLAGS.bs | FLAGS.at }), 'not-verified'],
    [
      'client data that is not JSON',
      (challenge) => ({ ...made({ challenge }), response: { ...made({ challenge }).response, clientDataJSON: 'bm90IEpTT04' } }),
      'not-verified',
    ],
  ])('refuses %s with its reason (never the library’s words), and lists nothing', async (_, lie, why) => {
    const { memory, challenge } = await started();
    expect(await register(memory, lie(challenge) as never, 'fwf1', refused, [])).toEqual(refused(why));
    expect(memory.passkeys).toEqual([]);
  });

  it('refuses a stale challenge: one it did not issue, one already answered, one past its time', async () => {
    const { memory, challenge } = await started();
    expect(await register(memory, made({ challenge: 'bm90LWlzc3VlZA' }), 'fwf1', refused, [])).toEqual(refused('error'));
    // The wrong answer used the challenge up: the right one comes too late.
    expect(await register(memory, made({ challenge }), 'fwf1', refused, [])).toEqual(refused('error'));
    const again = await started(memory);
    memory.pending!.expires = Date.now() - 1;
    expect(await register(memory, made({ challenge: again.challenge }), 'fwf1', refused, [])).toEqual(refused('error'));
    expect(memory.passkeys).toEqual([]);
  });

  it('refuses a credential id already registered (WebAuthn: "not yet registered for any user"), and lists nothing', async () => {
    const credentialId = Uint8Array.from(Buffer.from('a-credential-held-elsewhere'));
    const { memory, challenge } = await started();
    const body = made({ challenge, credentialId });
    expect(await register(memory, body, 'fwf1', refused, ['another-credential', body.id])).toEqual(refused('already-registered'));
    expect(memory.passkeys).toEqual([]);
    // The same credential, once it is no longer registered anywhere.
    const again = await started(memory);
    expect(await register(memory, made({ challenge: again.challenge, credentialId }), 'fwf1', refused, ['another-credential'])).toMatchObject({
      passkey: { id: 'fwf1' },
    });
  });

  it('refuses with the contract’s own answers: each reason is one of registerPasskey’s 400 examples', () => {
    const spec = parse(readFileSync('openapi.yaml', 'utf8'));
    const examples = spec.paths['/api/v1/user/passkeys'].post.responses['400'].content['application/json'].examples;
    expect(REFUSALS.filter((why) => !examples[why])).toEqual([]);
  });

  it('lists each active webauthn factor once, with the factor’s nickname and last use', () => {
    const memory: PasskeyMemory = {
      passkeys: [{ id: 'k1', name: 'YubiKey 5 NFC', nickname: 'old', created: '2025-01-01T00:00:00.000Z', backupEligible: false, backedUp: false }],
    };
    const factors = [
      { id: 'k1', factorType: 'webauthn', provider: 'FIDO', status: 'ACTIVE', nickname: 'Office key', lastChallenged: '2026-11-20T00:00:00.000Z' },
      {
        id: 'k2',
        factorType: 'webauthn',
        provider: 'FIDO',
        status: 'ACTIVE',
        created: '2026-01-01T00:00:00.000Z',
        profile: { authenticatorName: 'Titan' },
      },
      { factorType: 'webauthn', provider: 'FIDO', status: 'NOT_SETUP' },
      { id: 's1', factorType: 'sms', provider: 'OKTA', status: 'ACTIVE' },
    ];
    expect(listed(memory, factors)).toEqual([
      { ...memory.passkeys[0], nickname: 'Office key', lastChallenged: '2026-11-20T00:00:00.000Z' },
      { id: 'k2', name: 'Titan', created: '2026-01-01T00:00:00.000Z', backupEligible: false, backedUp: false },
    ]);
  });
});
