import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { getDefaultZIndex } from '@mantine/core';
import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { useEffect } from 'react';
import { t } from '../../messages/t';
import { TOAST_LIMIT, toastKey, toastQueue, toastRole, type ToastRequest } from './toast';
import classes from './ToastViewport.module.css';

const AUTO_CLOSE_MS = 6000;

function show(request: ToastRequest) {
  const { message, color } = request;
  // One message is shown once: repeated failures of the same call never stack up.
  const id = toastKey(request);
  const shown = notificationsStore.getState().notifications;
  if (shown.some((n) => n.id === id)) return;
  // Errors stay until clicked: a full stack makes room by closing its oldest, so the newest
  // message is always seen rather than queued behind them.
  if (shown.length >= TOAST_LIMIT && shown[0]?.id) notifications.hide(shown[0].id);
  notifications.show({
    id,
    message,
    color,
    position: 'top-center',
    // An error stays until it is read and clicked away; good news may go by itself.
    autoClose: color === 'red' ? false : AUTO_CLOSE_MS,
    withAutoCloseProgress: false,
    // The spec closes toasts on click.
    onClick: () => notifications.hide(id),
    style: { cursor: 'pointer' },
    role: toastRole(request),
    closeButtonProps: { 'aria-label': t('dialog.close') },
  });
}

/**
 * Toasts lie over the page and its modals, and under the header's open menu (a popover), so
 * that a toast never hides the page a person goes to next.
 */
const LAYER = getDefaultZIndex('popover') - 1;

/** Where toasts appear: top centre, below the header (ToastViewport.module.css). Loaded once the page has painted (see Toasts). */
export default function ToastViewport() {
  useEffect(() => toastQueue.connect(show), []);
  return <Notifications limit={TOAST_LIMIT} position="top-center" classNames={{ root: classes.root }} zIndex={LAYER} />;
}
