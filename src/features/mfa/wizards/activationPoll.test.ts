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

  it('REJECTED keeps waiting for a new answer from the app', () => {
    expect(pollOutcome({ factorResult: 'REJECTED', status: 'PENDING_ACTIVATION' })).toBe('waiting');
  });
});
