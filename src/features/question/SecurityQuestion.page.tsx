import { Button, Group, List, NativeSelect, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useEnrollFactor, useGetFactors, useGetSecurityQuestions, useResetFactor } from '../../../generated/api/factors/factors';
import { t, useLanguage } from '../../messages/t';
import { hasStatus, isRemoved } from '../../shared/factorAnswers';
import { useDraft } from '../../shared/draft';
import { LazyConfirmDialog } from '../../shared/ui/LazyConfirmDialog';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { toast } from '../../shared/ui/toast';
import { defaultQuestion, enrolledQuestion, findQuestionFactor } from './questionFactor';

export function SecurityQuestionPage() {
  useLanguage(); // re-render in the newly chosen language
  const factors = useGetFactors();
  const questions = useGetSecurityQuestions();
  const enroll = useEnrollFactor();
  const reset = useResetFactor();
  // The question being chosen survives a sign-in round trip (a step-up); the answer never does.
  const [draft, saveDraft, clearDraft] = useDraft('question');
  const [editing, setEditing] = useState(draft !== undefined);
  const [question, setQuestionState] = useState<string | undefined>(draft);
  const [answer, setAnswer] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const setQuestion = (value: string | undefined) => {
    setQuestionState(value);
    if (value !== undefined) saveDraft(value);
  };

  const enrolled = enrolledQuestion(findQuestionFactor(factors.data?.factors));
  const options = questions.data ?? [];
  const busy = enroll.isPending || reset.isPending;
  const refreshing = factors.isFetching && !factors.isPending;

  const startEditing = () => {
    setQuestion(defaultQuestion(options, enrolled));
    setAnswer('');
    setEditing(true);
  };
  const cancel = () => {
    setQuestionState(defaultQuestion(options, enrolled));
    clearDraft();
    setAnswer('');
    setEditing(false);
  };
  const afterChange = async (message: string | undefined) => {
    if (message) toast.success(message);
    clearDraft();
    setEditing(false);
    setConfirmingDelete(false);
    setAnswer('');
    await factors.refetch();
  };

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const chosen = question ?? defaultQuestion(options);
    if (busy || !chosen) return;
    enroll.mutate(
      { data: { factorType: 'question', provider: 'OKTA', question: chosen, answer } },
      // An answer without a status saved nothing (spec section 8): nothing to announce.
      { onSuccess: (result) => (hasStatus(result) ? afterChange(t('question.saved')) : undefined) },
    );
  };
  const remove = () => {
    if (busy || !enrolled) return;
    reset.mutate(
      { factorId: enrolled.id },
      { onSuccess: (result) => afterChange(isRemoved(result) ? t('mfa.resetSuccess') : undefined), onError: () => setConfirmingDelete(false) },
    );
  };

  return (
    <>
      <PageTitle>{t('page.question')}</PageTitle>
      <List size="sm" mb="md" spacing={4}>
        <List.Item>{t('question.tip1')}</List.Item>
        <List.Item>{t('question.tip2')}</List.Item>
        <List.Item>{t('question.tip3')}</List.Item>
      </List>
      <Paper withBorder p="md" maw={640} component="section" aria-labelledby="current-question">
        <Title order={2} size="h4" id="current-question" mb="xs">
          {t('question.current')}
        </Title>
        {(factors.isPending || refreshing) && <PageLoader />}
        {factors.isError && (
          <LoadError title={t('question.loadFailed')} onRetry={() => void factors.refetch()} />
        )}
        {factors.isSuccess && !refreshing && !editing && (
          <Group justify="space-between" wrap="wrap">
            <Text data-testid="current-question">{enrolled ? enrolled.questionText : t('question.none')}</Text>
            <Button variant="default" onClick={startEditing} disabled={questions.isPending}>
              {t('question.edit')}
            </Button>
          </Group>
        )}
        {factors.isSuccess && !refreshing && editing && (
          <form onSubmit={save} noValidate>
            <Stack>
              <NativeSelect
                label={t('question.question')}
                data={options.map((o) => ({ value: o.question, label: o.questionText }))}
                value={question ?? ''}
                onChange={(event) => setQuestion(event.currentTarget.value)}
                disabled={Boolean(enrolled) || busy}
              />
              {!enrolled && (
                <PasswordInput
                  label={t('question.answer')}
                  autoComplete="off"
                  value={answer}
                  onChange={(event) => setAnswer(event.currentTarget.value)}
                  disabled={busy}
                />
              )}
              <Group>
                {enrolled ? (
                  <Button color="red.8" onClick={() => setConfirmingDelete(true)} loading={reset.isPending}>
                    {t('question.delete')}
                  </Button>
                ) : (
                  <Button type="submit" loading={enroll.isPending}>
                    {t('question.save')}
                  </Button>
                )}
                <Button variant="default" onClick={cancel} disabled={busy}>
                  {t('question.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
      <LazyConfirmDialog
        opened={confirmingDelete}
        title={t('question.deleteConfirmTitle')}
        message={t('question.deleteConfirm')}
        confirmLabel={t('question.delete')}
        cancelLabel={t('question.cancel')}
        busy={reset.isPending}
        onConfirm={remove}
        onCancel={() => setConfirmingDelete(false)}
      />
    </>
  );
}
