import { describe, expect, it } from 'vitest';
import type { Factor, IdentityProviderEntry } from '../../../generated/model';
import { securityOverview } from './overviewItems';

const sms: Factor = { id: 'sms1', factorType: 'sms', provider: 'OKTA', status: 'ACTIVE', profile: { phoneNumber: '+85291234567' } };
const question: Factor = {
  id: 'q1',
  factorType: 'question',
  provider: 'OKTA',
  status: 'ACTIVE',
  profile: { question: 'favorite_toy', questionText: 'Toy?' },
};
const label = (key: string) => `<${key}>`;
const idps: IdentityProviderEntry[] = [
  { id: 'g', name: 'google', linked: true },
  { id: 'f', name: 'facebook', linked: false },
];

describe('securityOverview', () => {
  it('lists what is missing, each with its fix, for a new user', () => {
    const overview = securityOverview({ factors: [], recoveryEmail: '', providerLabel: label });
    expect(overview.wellProtected).toBe(false);
    expect(overview.items.map((item) => [item.id, item.done, item.fix])).toEqual([
      ['methods', false, { label: 'overview.methods.fix', to: '/profile/mfa' }],
      // Nothing offered to set up: the MFA page.
      ['travel', false, { label: 'overview.methods.fix', to: '/profile/mfa' }],
      ['recoveryEmail', false, { label: 'overview.recovery.fix', focus: 'recovery-email-edit' }],
      ['question', false, { label: 'overview.question.fix', to: '/profile/question' }],
    ]);
  });

  it('is well protected with a method, a recovery email and a question; identities do not count', () => {
    const overview = securityOverview({ factors: [sms, question], recoveryEmail: ' tm@example.com ', idps: [], providerLabel: label });
    expect(overview.wellProtected).toBe(true);
    expect(overview.items).toEqual([
      { id: 'methods', done: true, text: 'overview.methods', vars: { count: 1 } },
      { id: 'travel', done: false, text: 'overview.travel.no', fix: { label: 'overview.methods.fix', to: '/profile/mfa' } },
      { id: 'recoveryEmail', done: true, text: 'overview.recovery.set', vars: { email: 'tm@example.com' } },
      { id: 'question', done: true, text: 'overview.question.set' },
      { id: 'identities', done: false, text: 'overview.identities.none', fix: { label: 'overview.identities.fix', focus: 'social-identities' } },
    ]);
  });

  it('names the linked identities, and leaves them out where the social box is hidden', () => {
    expect(securityOverview({ factors: [], recoveryEmail: '', idps, providerLabel: label }).items.at(-1)).toEqual({
      id: 'identities',
      done: true,
      text: 'overview.identities.some',
      vars: { names: '<identities.provider.google>' },
    });
    expect(securityOverview({ factors: [], recoveryEmail: '', providerLabel: label }).items.map((item) => item.id)).not.toContain('identities');
  });

  it('answers whether the person can sign in without mobile signal, offering the set-up of a method that can', () => {
    const appOffered: Factor = { factorType: 'token:software:totp', provider: 'GOOGLE', status: 'NOT_SETUP' };
    const travel = (factors: Factor[]) =>
      securityOverview({ factors, recoveryEmail: '', providerLabel: label }).items.find((item) => item.id === 'travel');
    expect(travel([sms, appOffered])).toEqual({
      id: 'travel',
      done: false,
      text: 'overview.travel.no',
      fix: {
        label: 'overview.travel.fix',
        vars: { name: '<mfa.factor.googleTotp>' },
        enroll: { provider: 'GOOGLE', factorType: 'token:software:totp' },
      },
    });
    expect(travel([sms, { ...appOffered, id: 'app1', status: 'ACTIVE' }])).toEqual({ id: 'travel', done: true, text: 'overview.travel.yes' });
    // Advice: it does not count against "well protected".
    expect(securityOverview({ factors: [sms, question], recoveryEmail: 'a@example.org', providerLabel: label }).wellProtected).toBe(true);
  });

  it('counts a factor that is not active as not set up', () => {
    const pending: Factor = { ...sms, status: 'PENDING_ACTIVATION' };
    expect(securityOverview({ factors: [pending], recoveryEmail: '', providerLabel: label }).items[0]).toMatchObject({ id: 'methods', done: false });
  });
});
