import { describe, expect, it } from 'vitest';
import type { FactorListResponse, SecurityQuestionOption } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { defaultQuestion, enrolledQuestion, findQuestionFactor } from './questionFactor';

const options = example<SecurityQuestionOption[]>('getSecurityQuestions', 'new-user');

describe('question factor', () => {
  it('finds the not-set-up question factor of the new user, with nothing enrolled', () => {
    const factor = findQuestionFactor(example<FactorListResponse>('getFactors', 'new-user').factors);
    expect(factor).toMatchObject({ factorType: 'question', status: 'NOT_SETUP' });
    expect(enrolledQuestion(factor)).toBeUndefined();
  });

  it('reads the enrolled question of the full persona', () => {
    const factor = findQuestionFactor(example<FactorListResponse>('getFactors', 'full').factors);
    expect(enrolledQuestion(factor)).toEqual({
      id: 'ufs1taimanquestion',
      question: 'disliked_food',
      questionText: 'What is the food you least liked as a child?',
    });
  });

  it('matches the factor type ignoring case', () => {
    expect(findQuestionFactor([{ factorType: 'QUESTION' as never, provider: 'OKTA', status: 'NOT_SETUP' }])).toBeDefined();
    expect(findQuestionFactor([{ factorType: 'sms', provider: 'OKTA', status: 'ACTIVE' }])).toBeUndefined();
    expect(findQuestionFactor(undefined)).toBeUndefined();
  });

  it('defaults to the enrolled question, else the first option', () => {
    expect(defaultQuestion(options)).toBe('disliked_food');
    expect(defaultQuestion(options, { question: 'first_award' })).toBe('first_award');
    expect(defaultQuestion([])).toBeUndefined();
  });
});
