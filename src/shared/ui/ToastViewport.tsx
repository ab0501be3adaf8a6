import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_LIMIT } from './toast';

/** Where toasts appear. Loaded with the first toast (see Toasts). */
export default function ToastViewport() {
  return <Notifications limit={TOAST_LIMIT} position="top-center" />;
}
