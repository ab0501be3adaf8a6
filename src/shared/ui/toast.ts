export const TOAST_LIMIT = 5;

export interface ToastRequest {
  message: string;
  color: 'red' | 'green';
}

/** A toast's identity: one message in one colour is shown once, however often it is raised. */
export const toastKey = ({ message, color }: ToastRequest) => `toast:${color}:${message}`;

/** An error is announced at once; good news waits its turn. */
export const toastRole = ({ color }: ToastRequest) => (color === 'red' ? 'alert' : 'status');

type Display = (request: ToastRequest) => void;

let display: Display | undefined;
const waiting: ToastRequest[] = [];

function raise(request: ToastRequest) {
  if (display) display(request);
  else waiting.push(request);
}

/** Short messages at the top of the page (spec section 8). */
export const toast = {
  error: (message: string) => raise({ message, color: 'red' }),
  success: (message: string) => raise({ message, color: 'green' }),
};

/** Until the toasts' viewport has loaded (Toasts.tsx), toasts wait here; then it shows them. */
export const toastQueue = {
  connect(show: Display) {
    display = show;
    for (const request of waiting.splice(0)) show(request);
  },
};
