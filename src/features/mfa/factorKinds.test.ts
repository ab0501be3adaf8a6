import { describe, expect, it } from 'vitest';
import { english } from '../../messages/english';
import { FACTOR_KINDS, factorKindFor, listedKindOf } from './factorKinds';
import { WIZARDS } from './wizards/loadWizard';

describe('factorKindFor: the wizard a provider and factor type open (spec section 2)', () => {
  it.each([
    ['GOOGLE', 'token:software:totp', 'googleTotp', 'app'],
    ['FIDO', 'webauthn', 'webauthn', 'webauthn'],
    ['OKTA', 'push', 'push', 'app'],
    ['OKTA', 'token:software:totp', 'oktaTotp', 'app'],
    ['OKTA', 'sms', 'sms', 'phone'],
    ['okta', 'CALL', 'call', 'phone'],
    ['OKTA', 'email', 'email', 'email'],
    ['CUSTOM', 'token:hotp', 'custom', 'custom'],
  ])('%s %s is %s, set up by the %s wizard', (provider, factorType, id, wizard) => {
    expect(factorKindFor(provider, factorType)).toMatchObject({ id, wizard });
  });

  it.each([
    ['OKTA', 'webauthn'],
    ['GOOGLE', 'sms'],
    ['OKTA', 'question'],
    ['GOOGLE', 'push'],
    ['<script>', 'x'],
  ])('%s %s opens none', (provider, factorType) => {
    expect(factorKindFor(provider, factorType)).toBeUndefined();
  });
});

describe('the registry', () => {
  it('lists the eight kinds in the spec’s display order', () => {
    expect(FACTOR_KINDS.map((kind) => [kind.id, kind.order])).toEqual([
      ['push', 1],
      ['oktaTotp', 1],
      ['googleTotp', 2],
      ['email', 3],
      ['sms', 4],
      ['call', 5],
      ['webauthn', 6],
      ['custom', 7],
    ]);
  });

  it('has one kind per id and per provider and factor type', () => {
    expect(new Set(FACTOR_KINDS.map((kind) => kind.id)).size).toBe(FACTOR_KINDS.length);
    expect(new Set(FACTOR_KINDS.map((kind) => `${kind.provider}/${kind.factorType}`)).size).toBe(FACTOR_KINDS.length);
  });

  it('opens every kind’s wizard for the kind’s own pair, and lists every kind it can open', async () => {
    for (const kind of FACTOR_KINDS) {
      expect(factorKindFor(kind.provider, kind.factorType)).toBe(kind);
      expect(listedKindOf(kind)).toBe(kind);
      // The wizard's code really loads, and is a component.
      expect(await WIZARDS[kind.wizard](), kind.id).toBeTypeOf('function');
    }
  });

  it('names each kind by an English text', () => {
    for (const kind of FACTOR_KINDS) {
      expect(english[kind.texts.success], kind.id).toMatch(/^Activate .* successfully\.$/);
    }
  });

  it('hides only by a kind it knows', () => {
    const ids = new Set(FACTOR_KINDS.map((kind) => kind.id));
    for (const kind of FACTOR_KINDS) if (kind.hiddenBy) expect(ids.has(kind.hiddenBy)).toBe(true);
  });
});
