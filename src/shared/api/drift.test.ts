import { describe, expect, it, vi } from 'vitest';
import { example } from '../../../tests/support/examples';
import { driftOf, reportDrift } from './drift';

const url = (path: string) => new URL(path, 'http://localhost:5173');

describe('contract drift report (development builds)', () => {
  it('is silent for a response that matches the contract', () => {
    expect(driftOf('GET', url('/api/v1/user/profile'), example('getProfile', 'full'))).toBeUndefined();
    expect(driftOf('POST', url('/api/v1/user/factor/abc/activate/poll'), example('pollFactorActivation', 'timeout'))).toBeUndefined();
  });

  it.each([
    ['POST', '/api/v1/user/factor/enroll', 'enrollFactor', ['okta-push', 'okta-totp', 'okta-google', 'okta-webauthn']],
    ['POST', '/api/v1/user/factor/enroll/phone', 'enrollPhoneFactor', ['okta-sms', 'okta-call']],
    ['POST', '/api/v1/user/factor/enroll/email', 'enrollEmailFactor', ['okta-email']],
    ['POST', '/api/v1/user/factor/f1/activate', 'activateFactor', ['okta-totp', 'okta-sms', 'okta-call', 'okta-email', 'okta-webauthn', 'okta-push']],
    ['POST', '/api/v1/user/factor/f1/activate/poll', 'pollFactorActivation', ['okta-waiting', 'okta-timeout', 'okta-active']],
  ])("is silent for Okta's own answers to %s %s", (method, path, operation, names) => {
    for (const name of names) expect(driftOf(method, url(path), example(operation, name)), name).toBeUndefined();
  });

  it('names the operation and the violation', () => {
    expect(driftOf('GET', url('/api/v1/user/profile'), { firstName: 5 })).toMatch(
      /^\[contract drift\] getProfile GET \/api\/v1\/user\/profile: .*firstName/,
    );
    expect(driftOf('GET', url('/api/v1/user/factor'), { factors: [{ factorType: 'pigeon', provider: 'OKTA', status: 'ACTIVE' }] })).toMatch(
      /getFactors .*factors\.0\.factorType/,
    );
  });

  it('matches path parameters and methods', () => {
    expect(driftOf('DELETE', url('/api/v1/user/factor/ufs1'), { status: 'yes' })).toMatch(/resetFactor DELETE/);
    expect(driftOf('GET', url('/api/v1/unknown'), {})).toBeUndefined();
  });

  it('warns in the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    reportDrift('GET', url('/api/v1/user/idps'), { idps: 'none' });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/getLinkedIdentities/));
  });
});
