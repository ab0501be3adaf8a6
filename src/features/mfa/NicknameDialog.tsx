import { TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRenameFactor } from '../../../generated/api/nicknames/nicknames';
import { useT } from '../../messages/pageTexts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { toast } from '../../shared/ui/toast';
import { refreshMfaMethods } from './mfaQueries';
import { NICKNAME_MAX, nicknameProblem, nicknameToSave } from './nickname';

/** The method being renamed: its id, its name for the dialog, and what the field starts with. */
export interface Renaming {
  id: string;
  name: string;
  /** Its nickname, else a sensible one (a passkey's model, "Phone ending 4567"). */
  start: string;
}

/**
 * Rename: a field labelled Nickname with one line on what it is for, pre-filled; control
 * characters and more than 256 characters are refused here with a clear message, and an empty
 * field removes the nickname. What is typed is kept (`onTyped`) across the sign-in a step-up asks
 * for, so the person finds it again when they come back.
 */
export function NicknameDialog({
  renaming,
  typed,
  onTyped,
  onClose,
}: {
  renaming: Renaming | undefined;
  typed: string | undefined;
  onTyped: (value: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const rename = useRenameFactor();
  const [tried, setTried] = useState(false);
  const value = typed ?? renaming?.start ?? '';
  const problem = nicknameProblem(value);
  const close = () => {
    setTried(false);
    onClose();
  };
  const save = () => {
    setTried(true);
    if (!renaming || problem || rename.isPending) return;
    const nickname = nicknameToSave(value);
    rename.mutate(
      { factorId: renaming.id, data: { nickname } },
      {
        onSuccess: async () => {
          toast.success(t(nickname ? 'mfa.renamed' : 'mfa.nicknameRemoved'));
          close();
          await refreshMfaMethods(queryClient);
        },
      },
    );
  };
  return (
    <ConfirmDialog
      opened={renaming !== undefined}
      title={renaming ? t('mfa.renameTitle', { name: renaming.name }) : ''}
      message={t('mfa.nickname.help')}
      confirmLabel={t('mfa.renameSave')}
      cancelLabel={t('profile.cancel')}
      confirmColor="blue"
      busy={rename.isPending}
      onConfirm={save}
      onCancel={close}
    >
      <TextInput
        mb="md"
        label={t('mfa.nickname.label')}
        value={value}
        data-autofocus
        onChange={(event) => onTyped(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
        }}
        error={(tried || [...value].length > NICKNAME_MAX) && problem ? t(problem, { max: NICKNAME_MAX }) : undefined}
        disabled={rename.isPending}
      />
    </ConfirmDialog>
  );
}
