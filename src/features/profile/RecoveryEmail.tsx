import { Button, Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { getGetProfileQueryKey, useUpdateRecoveryEmail } from '../../../generated/api/profile/profile';
import type { Profile } from '../../../generated/model';
import { t } from '../../messages/t';
import { useDraft } from '../../shared/draft';
import { toast } from '../../shared/ui/toast';
import { isRecoveryEmailChanged, recoveryEmailOf } from './profile';
import { RECOVERY_EMAIL_EDIT_ID } from './securityOverview';

// The form's code (text input) loads when the user first edits.
const RecoveryEmailForm = lazy(() => import('./RecoveryEmailForm'));

/**
 * The one editable detail. View mode; Edit makes it editable with Save and Cancel.
 * A failed save stays in edit mode with what the user typed.
 */
export function RecoveryEmail({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const update = useUpdateRecoveryEmail();
  // What the user was typing comes back after a sign-in round trip (an expired session).
  const [draft, saveDraft, clearDraft] = useDraft('recoveryEmail');
  const [editing, setEditing] = useState(draft !== undefined);
  const [value, setValue] = useState(draft ?? '');
  const editButton = useRef<HTMLButtonElement>(null);
  // Focus the field when the user pressed Edit, not when a draft reopens the form on load.
  const focusInput = useRef(false);

  const startEditing = () => {
    setValue(recoveryEmailOf(profile));
    focusInput.current = true;
    setEditing(true);
  };
  const stopEditing = () => {
    clearDraft();
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const save = () => {
    if (update.isPending) return;
    if (!isRecoveryEmailChanged(profile, value)) {
      toast.success(t('profile.nothingUpdated'));
      stopEditing();
      return;
    }
    update.mutate(
      { data: { secondaryEmail: value } },
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
        <Button ref={editButton} id={RECOVERY_EMAIL_EDIT_ID} size="xs" variant="default" onClick={startEditing} aria-label={t('profile.editRecoveryEmail')}>
          {t('profile.edit')}
        </Button>
      </Group>
    );
  }

  return (
    <Suspense fallback={<Loader size="sm" aria-label={t('app.loading')} />}>
      <RecoveryEmailForm
        value={value}
        onChange={(next) => {
          setValue(next);
          saveDraft(next);
        }}
        onSubmit={save}
        onCancel={stopEditing}
        saving={update.isPending}
        focusOnMount={focusInput.current}
      />
    </Suspense>
  );
}
