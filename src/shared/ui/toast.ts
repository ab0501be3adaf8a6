import { notifications, notificationsStore } from '@mantine/notifications';

export const TOAST_LIMIT = 5;
const AUTO_CLOSE_MS = 6000;

function show(message: string, color: 'red' | 'green', title?: string) {
  // One message is shown once: repeated failures of the same call never stack up.
  const id = `toast:${color}:${message}`;
  if (notificationsStore.getState().notifications.some((n) => n.id === id)) return;
  notifications.show({
    id,
    message,
    title,
    color,
    position: 'top-center',
    autoClose: AUTO_CLOSE_MS,
    withAutoCloseProgress: false,
    // The spec closes toasts on click.
    onClick: () => notifications.hide(id),
    style: { cursor: 'pointer' },
    role: color === 'red' ? 'alert' : 'status',
  });
}

export const toast = {
  error: (message: string) => show(message, 'red'),
  success: (message: string) => show(message, 'green'),
};
