import { describe, expect, it } from 'vitest';
import { hasQuestionFactor, isCurrentPage, navItems } from './navigation';

describe('navItems', () => {
  it('lists the five pages in the spec order when a question factor exists', () => {
    expect(navItems({ hasQuestionFactor: true }).map((i) => i.to)).toEqual([
      '/profile/details',
      '/profile/password',
      '/profile/mfa',
      '/profile/question',
      '/profile/login',
    ]);
  });

  it('leaves out Security Questions without a question factor', () => {
    expect(navItems({ hasQuestionFactor: false }).map((i) => i.label)).not.toContain('nav.question');
    expect(navItems({ hasQuestionFactor: false })).toHaveLength(4);
  });
});

describe('isCurrentPage', () => {
  const mfa = { to: '/profile/mfa', label: 'nav.mfa' } as const;
  const details = { to: '/profile/details', label: 'nav.profile' } as const;
  it.each([
    [details, '/profile/details', true],
    [details, '/profile/details/', true],
    [details, '/profile/password', false],
    [mfa, '/profile/mfa', true],
    [mfa, '/profile/mfa/enroll/OKTA/sms', true],
    [mfa, '/profile/mfaX', false],
  ])('%j on %s is %s', (item, path, expected) => {
    expect(isCurrentPage(item, path)).toBe(expected);
  });
});

describe('hasQuestionFactor', () => {
  it.each([
    [undefined, false],
    [[], false],
    [[{ factorType: 'sms' }], false],
    [[{ factorType: 'question' }], true],
    [[{ factorType: 'QUESTION' }], true],
  ])('%j gives %s', (factors, expected) => {
    expect(hasQuestionFactor(factors)).toBe(expected);
  });
});
