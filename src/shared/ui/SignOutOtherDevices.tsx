import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { useEndOtherSessions } from '../../../generated/api/sessions/sessions';
import { useT } from '../../messages/t';
import { ConfirmDialog } from './ConfirmDialog';
import { toast } from './toast';

/**
 * Sign out other devices: ends the person's sessions in every other browser and the tokens apps
 * hold, after a question that says what it covers and what it leaves (this browser). Like every
 * change, a step-up the server asks for signs the person in again and brings them back here,
 * where they ask again. This tab stays signed in; `onDone` hears of a sign-out the server confirmed.
 * The security overview, the password page after a change, the "This wasn't me" guide and
 * "Where you've signed in" all offer it.
 */
export function SignOutOtherDevices({ variant = 'default', onDone }: { variant?: ButtonProps['variant']; onDone?: () => void }) {
  const t = useT();
  const end = useEndOtherSessions();
  const [asking, setAsking] = useState(false);
  const confirm = () => {
    if (end.isPending) return;
    end.mutate(undefined, {
      onSuccess: (result) => {
        setAsking(false);
        if (!result.status) return toast.error(t('otherDevices.failed'));
        toast.success(t('otherDevices.done'));
        onDone?.();
      },
      onError: () => setAsking(false),
    });
  };
  return (
    <>
      <Button variant={variant} onClick={() => setAsking(true)} loading={end.isPending}>
        {t('otherDevices.action')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('otherDevices.confirmTitle')}
        message={t('otherDevices.confirm')}
        confirmLabel={t('otherDevices.action')}
        cancelLabel={t('profile.cancel')}
        busy={end.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
