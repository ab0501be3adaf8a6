import { Button, Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { getGetProfileQueryKey, useUpdateRecoveryEmail } from '../../../generated/api/profile/profile';
import type { Profile, UpdateRecoveryEmailRequest } from '../../../generated/model';
import { useT } from '../../messages/t';
import { useDraft } from '../../shared/storage/draft';
import { RECOVERY_EMAIL_EDIT_ID } from '../../shared/navigation/pageAnchors';
import { toast } from '../../shared/ui/toast';
import { isRecoveryEmailChanged, recoveryEmailOf } from './profile';

// The form's code (text input, form state) loads when the user first edits (docs/performance.md,
// "Deliberate splits").
const RecoveryEmailForm = lazy(() => import('./RecoveryEmailForm'));

/**
 * The one editable detail. View mode; Edit makes it editable with Save and Cancel.
 * A failed save stays in edit mode with what the user typed.
 */
export function RecoveryEmail({ profile }: { profile: Profile }) {
  const t = useT();
  const queryClient = useQueryClient();
  const update = useUpdateRecoveryEmail();
  // What the user was typing comes back after a sign-in round trip (an expired session).
  const [draft, saveDraft, clearDraft] = useDraft('recoveryEmail');
  const [editing, setEditing] = useState(draft !== undefined);
  const editButton = useRef<HTMLButtonElement>(null);
  // Focus the field when the user pressed Edit, not when a draft reopens the form on load.
  const focusInput = useRef(false);

  const startEditing = () => {
    focusInput.current = true;
    setEditing(true);
  };
  const stopEditing = () => {
    clearDraft();
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const save = (values: UpdateRecoveryEmailRequest) => {
    if (update.isPending) return;
    if (!isRecoveryEmailChanged(profile, values.secondaryEmail)) {
      toast.success(t('profile.nothingUpdated'));
      stopEditing();
      return;
    }
    update.mutate(
      { data: values },
      {
        onSuccess: async (result) => {
          await queryClient.invalidateQueries({ queryKey: getGetProfileQueryKey() });
          if (result?.status) toast.success(t('profile.updateSuccess'));
          stopEditing();
        },
      },
    );
  };

  if (!editing) {
    return (
      <Group gap="sm" wrap="wrap">
        <Text style={{ overflowWrap: 'anywhere' }} c={profile.secondaryEmail ? undefined : 'dimmed'}>
          {profile.secondaryEmail || t('profile.notSet')}
        </Text>
        <Button
          ref={editButton}
          id={RECOVERY_EMAIL_EDIT_ID}
          size="xs"
          variant="default"
          onClick={startEditing}
          aria-label={t('profile.editRecoveryEmail')}
        >
          {t('profile.edit')}
        </Button>
      </Group>
    );
  }

  return (
    <Suspense fallback={<Loader size="sm" aria-label={t('app.loading')} />}>
      <RecoveryEmailForm
        initial={draft ?? recoveryEmailOf(profile)}
        onChange={saveDraft}
        onSubmit={save}
        onCancel={stopEditing}
        saving={update.isPending}
        focusOnMount={focusInput.current}
      />
    </Suspense>
  );
}
