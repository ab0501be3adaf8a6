import { Button, Group, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { getGetProfileQueryKey, useUpdateRecoveryEmail } from '../../../generated/api/profile/profile';
import type { Profile } from '../../../generated/model';
import { t } from '../../messages/t';
import { toast } from '../../shared/ui/toast';
import { isRecoveryEmailChanged, recoveryEmailOf } from './profile';

/**
 * The one editable detail. View mode; Edit makes it editable with Save and Cancel.
 * A failed save stays in edit mode with what the user typed.
 */
export function RecoveryEmail({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const update = useUpdateRecoveryEmail();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const editButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);

  const startEditing = () => {
    setValue(recoveryEmailOf(profile));
    setEditing(true);
    requestAnimationFrame(() => input.current?.focus());
  };
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const save = (event: React.FormEvent) => {
    event.preventDefault();
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
        <Button ref={editButton} size="xs" variant="default" onClick={startEditing} aria-label={t('profile.editRecoveryEmail')}>
          {t('profile.edit')}
        </Button>
      </Group>
    );
  }

  return (
    <form onSubmit={save} noValidate>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          ref={input}
          label={t('profile.secondaryEmail')}
          type="email"
          autoComplete="email"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          style={{ flex: '1 1 14rem' }}
          disabled={update.isPending}
        />
        <Group gap="xs">
          <Button type="submit" loading={update.isPending}>
            {t('profile.save')}
          </Button>
          <Button variant="default" onClick={stopEditing} disabled={update.isPending}>
            {t('profile.cancel')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
