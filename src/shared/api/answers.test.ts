import { describe, expect, it } from 'vitest';
import { hasStatus, isRemoved } from './factorAnswers';

describe('hasStatus', () => {
  it.each([
    [{ id: 'f1', status: 'PENDING_ACTIVATION' }, true],
    [{ id: 'f1', status: 'ACTIVE' }, true],
    [{ status: true }, true],
    [{ id: 'f1' }, false],
    [{ id: 'f1', status: '' }, false],
    [{ id: 'f1', status: false }, false],
    [{ factorResult: 'WAITING' }, false],
    [undefined, false],
    [true, false],
    ['ACTIVE', false],
  ])('%j: %s', (answer, expected) => {
    expect(hasStatus(answer)).toBe(expected);
  });
});

describe('isRemoved', () => {
  it.each([
    [true, true],
    [{ status: true }, true],
    [{ id: 'f1' }, true],
    [{ status: false }, false],
    [false, false],
    [undefined, false],
    [null, false],
    ['', false],
  ])('%j: %s', (answer, expected) => {
    expect(isRemoved(answer)).toBe(expected);
  });
});
