import type { Factor, SecurityQuestionOption } from '../../../generated/model';
import { isQuestionFactor } from '../../shared/api/answers';

/** The question factor of the factor list. */
export function findQuestionFactor(factors: ReadonlyArray<Factor> | undefined): Factor | undefined {
  return factors?.find(isQuestionFactor);
}

/** Enrolled: the factor is active and carries its question. */
export function enrolledQuestion(factor: Factor | undefined): { id: string; question: string; questionText: string } | undefined {
  if (!factor || factor.status !== 'ACTIVE' || !factor.id || !factor.profile?.question) return undefined;
  return { id: factor.id, question: factor.profile.question, questionText: factor.profile.questionText ?? factor.profile.question };
}

/** The dropdown's starting choice: the enrolled question, else the first of the list. */
export function defaultQuestion(options: ReadonlyArray<SecurityQuestionOption>, enrolled?: { question: string }): string | undefined {
  return enrolled?.question ?? options[0]?.question;
}
