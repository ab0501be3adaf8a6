import { describe, expect, it } from 'vitest';
import { hasStatus, isDone } from './answers';

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

describe('isDone', () => {
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
    expect(isDone(answer)).toBe(expected);
  });
});
