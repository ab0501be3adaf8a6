import { describe, expect, it } from 'vitest';
import { checkPassCode } from './passCode';

describe('checkPassCode', () => {
  it.each([
    ['123456', true, { passCode: '123456' }],
    [' 123456 ', true, { passCode: '123456' }],
    ['', true, { error: 'required' }],
    ['   ', true, { error: 'required' }],
    ['', false, { passCode: '' }],
    [' 0 ', false, { passCode: '0' }],
  ])('%j (required: %s) gives %j', (typed, required, expected) => {
    expect(checkPassCode(typed, { required })).toEqual(expected);
  });
});
