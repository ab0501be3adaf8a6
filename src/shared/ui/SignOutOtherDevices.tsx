import { Button, type ButtonProps } from '@mantine/core';
import { useEndOtherSessions } from '../../../generated/api/sessions/sessions';
import { useT } from '../../messages/t';
import { ConfirmDialog } from './ConfirmDialog';
import { toast } from './toast';
import { useConfirmedChange } from './useConfirmedChange';

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
  const signOut = useConfirmedChange<true>({
    change: () => end.mutateAsync(),
    done: () => {
      toast.success(t('otherDevices.done'));
      onDone?.();
    },
    refused: () => t('otherDevices.failed'),
  });
  return (
    <>
      <Button variant={variant} onClick={() => signOut.ask(true)} loading={signOut.busy}>
        {t('otherDevices.action')}
      </Button>
      <ConfirmDialog
        opened={signOut.asking !== undefined}
        title={t('otherDevices.confirmTitle')}
        message={t('otherDevices.confirm')}
        confirmLabel={t('otherDevices.action')}
        cancelLabel={t('profile.cancel')}
        busy={signOut.busy}
        onConfirm={signOut.confirm}
        onCancel={signOut.cancel}
      />
    </>
  );
}
