import { CloseButton, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useT } from '../../messages/t';
import { TOAST_LIMIT, toastQueue, type ToastRequest } from './toast';
import classes from './Toasts.module.css';

const AUTO_CLOSE_MS = 6000;

/**
 * Where toasts appear, at the top of the page: a few lines of its own on components the page
 * has anyway, so nothing is fetched when the first one shows (offline included).
 */
export function Toasts() {
  const [shown, setShown] = useState<ToastRequest[]>([]);
  useEffect(
    () =>
      toastQueue.connect((request) =>
        // One message is shown once: repeated failures of the same call never stack up. A full
        // stack makes room by closing its oldest, so the newest message is always seen.
        setShown((now) =>
          now.some((t) => t.message === request.message && t.color === request.color) ? now : [...now, request].slice(-TOAST_LIMIT),
        ),
      ),
    [],
  );
  if (!shown.length) return null;
  return (
    <div className={classes.stack}>
      {shown.map((request) => (
        <Toast key={request.color + request.message} request={request} close={() => setShown((now) => now.filter((t) => t !== request))} />
      ))}
    </div>
  );
}

function Toast({ request, close }: { request: ToastRequest; close(): void }) {
  const t = useT();
  // An error stays until it is read and clicked away; good news may go by itself.
  useEffect(() => {
    if (request.color === 'red') return;
    const timer = setTimeout(close, AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the timer starts once, when the toast shows
  }, []);
  return (
    // The spec closes toasts on click.
    <Paper
      role={request.color === 'red' ? 'alert' : 'status'}
      className={classes.toast}
      data-color={request.color}
      shadow="lg"
      withBorder
      onClick={close}
    >
      <Text size="sm">{request.message}</Text>
      <CloseButton aria-label={t('dialog.close')} size="sm" onClick={close} />
    </Paper>
  );
}
