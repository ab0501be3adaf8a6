import { Button, Group, List, NativeSelect, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import { useEnrollFactor } from '../../../generated/api/enrollment/enrollment';
import { useGetFactors, useGetSecurityQuestions, useResetFactor } from '../../../generated/api/factors/factors';
import { FactorProvider, FactorType, type SecurityQuestionOption } from '../../../generated/model';
import { useT } from '../../messages/pageTexts';
import { hasStatus } from '../../shared/api/answers';
import { useDraft } from '../../shared/storage/draft';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { toast } from '../../shared/ui/toast';
import { useConfirmedChange } from '../../shared/ui/useConfirmedChange';
import { defaultQuestion, enrolledQuestion, findQuestionFactor } from './questionFactor';

interface QuestionForm {
  question: string;
  answer: string;
}

const TIPS = ['question.tip1', 'question.tip2', 'question.tip3'] as const;

interface QuestionEditorProps {
  form: UseFormReturnType<QuestionForm>;
  options: ReadonlyArray<SecurityQuestionOption>;
  /** An enrolled question can only be deleted; a new one is chosen and answered. */
  enrolled: boolean;
  saving: boolean;
  deleting: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onDelete: () => void;
  onCancel: () => void;
}

function QuestionEditor({ form, options, enrolled, saving, deleting, onSubmit, onDelete, onCancel }: QuestionEditorProps) {
  const t = useT();
  const busy = saving || deleting;
  const editor = (
    <Stack>
      <NativeSelect
        label={t('question.question')}
        data={options.map((o) => ({ value: o.question, label: o.questionText }))}
        {...form.getInputProps('question')}
        disabled={enrolled || busy}
      />
      {!enrolled && <PasswordInput label={t('question.answer')} autoComplete="off" {...form.getInputProps('answer')} disabled={busy} />}
      <Group>
        {enrolled ? (
          <Button color="red.8" onClick={onDelete} loading={deleting}>
            {t('question.delete')}
          </Button>
        ) : (
          <Button type="submit" loading={saving}>
            {t('question.save')}
          </Button>
        )}
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('question.cancel')}
        </Button>
      </Group>
    </Stack>
  );
  // An enrolled question is locked and can only be deleted: nothing to submit, so no form.
  return enrolled ? (
    editor
  ) : (
    <form onSubmit={onSubmit} noValidate>
      {editor}
    </form>
  );
}

type Factors = ReturnType<typeof useGetFactors>;
type EnrolledQuestion = ReturnType<typeof enrolledQuestion>;

/** The tips shown above the current question. */
function QuestionTips() {
  const t = useT();
  return (
    <List size="sm" mb="md" spacing={4}>
      {TIPS.map((tip) => (
        <List.Item key={tip}>{t(tip)}</List.Item>
      ))}
    </List>
  );
}

/** The current question (or none) and the button that opens the editor. */
function CurrentQuestion({ enrolled, onEdit, editDisabled }: { enrolled: EnrolledQuestion; onEdit: () => void; editDisabled: boolean }) {
  const t = useT();
  return (
    <Group justify="space-between" wrap="wrap">
      <Text data-testid="current-question">{enrolled ? enrolled.questionText : t('question.none')}</Text>
      <Button variant="default" onClick={onEdit} disabled={editDisabled}>
        {t('question.edit')}
      </Button>
    </Group>
  );
}

/** The form, whose chosen question survives a sign-in round trip (a step-up); the answer never does. */
function useQuestionForm(draft: string | undefined, saveDraft: (question: string) => void) {
  return useForm<QuestionForm>({
    mode: 'controlled',
    initialValues: { question: draft ?? '', answer: '' },
    onValuesChange: (values, previous) => {
      if (values.question !== previous.question && values.question !== '') saveDraft(values.question);
    },
  });
}

/** Editing, saving and deleting the question, and the confirmation before a delete. */
function useQuestionEditing(factors: Factors, options: ReadonlyArray<SecurityQuestionOption>, enrolled: EnrolledQuestion) {
  const t = useT();
  const enroll = useEnrollFactor();
  const reset = useResetFactor();
  const [draft, saveDraft, clearDraft] = useDraft('question');
  const [editing, setEditing] = useState(draft !== undefined);
  const form = useQuestionForm(draft, saveDraft);
  const busy = enroll.isPending || reset.isPending;

  const startEditing = () => {
    form.setValues({ question: defaultQuestion(options, enrolled) ?? '', answer: '' });
    setEditing(true);
  };
  const stopEditing = () => {
    clearDraft();
    form.setValues({ question: '', answer: '' });
    setEditing(false);
  };
  const afterChange = async (message: string | undefined) => {
    if (message) toast.success(message);
    stopEditing();
    await factors.refetch();
  };

  const save = form.onSubmit(({ question, answer }) => {
    const chosen = question || defaultQuestion(options);
    if (busy || !chosen) return;
    enroll.mutate(
      { data: { factorType: FactorType.question, provider: FactorProvider.OKTA, question: chosen, answer } },
      // An answer without a status saved nothing (spec section 8): nothing to announce.
      { onSuccess: (result) => (hasStatus(result) ? afterChange(t('question.saved')) : undefined) },
    );
  });
  // Deleting, once confirmed: the question is gone only when the server says so; a refusal is said.
  const deletion = useConfirmedChange<string>({
    change: (factorId) => reset.mutateAsync({ factorId }),
    done: () => {
      toast.success(t('mfa.resetSuccess'));
      stopEditing();
    },
    refused: () => t('question.deleteFailed'),
    settled: factors.refetch,
  });

  return {
    form,
    editing,
    startEditing,
    stopEditing,
    save,
    askToDelete: () => {
      if (!busy && enrolled) deletion.ask(enrolled.id);
    },
    deletion,
    saving: enroll.isPending,
    deleting: deletion.busy,
  };
}

export function SecurityQuestionPage() {
  const t = useT();
  const factors = useGetFactors();
  const questions = useGetSecurityQuestions();
  const enrolled = enrolledQuestion(findQuestionFactor(factors.data?.factors));
  const options = questions.data ?? [];
  const editor = useQuestionEditing(factors, options, enrolled);
  const refreshing = factors.isFetching && !factors.isPending;
  const shown = factors.isSuccess && !refreshing;

  return (
    <>
      <PageTitle>{t('page.question')}</PageTitle>
      <QuestionTips />
      <Paper withBorder p="md" maw={640} component="section" aria-labelledby="current-question">
        <Title order={2} size="h4" id="current-question" mb="xs">
          {t('question.current')}
        </Title>
        {(factors.isPending || refreshing) && <PageLoader />}
        {factors.isError && <LoadError title={t('question.loadFailed')} onRetry={() => void factors.refetch()} />}
        {shown && !editor.editing && <CurrentQuestion enrolled={enrolled} onEdit={editor.startEditing} editDisabled={questions.isPending} />}
        {shown && editor.editing && (
          <QuestionEditor
            form={editor.form}
            options={options}
            enrolled={Boolean(enrolled)}
            saving={editor.saving}
            deleting={editor.deleting}
            onSubmit={editor.save}
            onDelete={editor.askToDelete}
            onCancel={editor.stopEditing}
          />
        )}
      </Paper>
      <ConfirmDialog
        opened={editor.deletion.asking !== undefined}
        title={t('question.deleteConfirmTitle')}
        message={t('question.deleteConfirm')}
        confirmLabel={t('question.delete')}
        cancelLabel={t('question.cancel')}
        busy={editor.deleting}
        onConfirm={editor.deletion.confirm}
        onCancel={editor.deletion.cancel}
      />
    </>
  );
}
