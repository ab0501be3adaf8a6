import { createFileRoute, redirect } from '@tanstack/react-router';
import { getGetFactorsQueryOptions, getGetSecurityQuestionsQueryOptions } from '../../../../generated/api/factors/factors';
import { findQuestionFactor } from '../../../features/question/questionFactor';
import { SecurityQuestionPage } from '../../../features/question/SecurityQuestion.page';

export const Route = createFileRoute('/_authenticated/profile/question')({
  staticData: { menu: { label: 'nav.question', order: 4, needsQuestionFactor: true } },
  beforeLoad: async ({ context }) => {
    void context.queryClient.prefetchQuery(getGetSecurityQuestionsQueryOptions());
    // Without a question factor there is nothing to set up here (spec section 2).
    const factors = await context.queryClient.ensureQueryData(getGetFactorsQueryOptions()).catch(() => undefined);
    if (factors && !findQuestionFactor(factors.factors)) throw redirect({ to: '/' });
  },
  component: SecurityQuestionPage,
});
