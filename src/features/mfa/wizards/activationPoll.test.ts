import { describe, expect, it } from 'vitest';
import type { FactorActivationPoll } from '../../../../generated/model';
import { example } from '../../../../tests/support/examples';
import { pollOutcome } from './activationPoll';

describe('pollOutcome', () => {
  it.each([
    ['new-user', 'waiting'],
    ['full', 'active'],
    ['timeout', 'timeout'],
    ['active', 'active'],
  ])("the contract's %s example means %s", (name, outcome) => {
    expect(pollOutcome(example<FactorActivationPoll>('pollFactorActivation', name))).toBe(outcome);
  });

  it('a failed poll stops polling', () => {
    expect(pollOutcome('error')).toBe('failed');
  });

  it.each([
    ["Okta's waiting answer (factorResult, no status)", 'okta-waiting', 'waiting'],
    ["Okta's timeout (factorResult, no status)", 'okta-timeout', 'timeout'],
    ["Okta's activated factor (status, no factorResult)", 'okta-active', 'active'],
  ])('reads %s', (_, name, outcome) => {
    expect(pollOutcome(example<FactorActivationPoll>('pollFactorActivation', name))).toBe(outcome);
  });

  it.each(['CANCELLED', 'ERROR'] as const)('%s ends the activation like a timeout', (factorResult) => {
    expect(pollOutcome({ factorResult })).toBe('timeout');
  });

  it('SUCCESS alone is done', () => {
    expect(pollOutcome({ factorResult: 'SUCCESS' })).toBe('active');
  });

  it('REJECTED keeps waiting for a new answer from the app', () => {
    expect(pollOutcome({ factorResult: 'REJECTED', status: 'PENDING_ACTIVATION' })).toBe('waiting');
  });
});
