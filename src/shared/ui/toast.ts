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
const listeners = new Set<() => void>();

function raise(request: ToastRequest) {
  if (display) return display(request);
  waiting.push(request);
  listeners.forEach((listener) => listener());
}

/** Short messages at the top of the page (spec section 8). */
export const toast = {
  error: (message: string) => raise({ message, color: 'red' }),
  success: (message: string) => raise({ message, color: 'green' }),
};

/**
 * The toast viewport's code loads with the first toast (see Toasts): until then, toasts wait
 * here. These let Toasts know when to load it and let the viewport take over.
 */
export const toastQueue = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  needed: () => display !== undefined || waiting.length > 0,
  connect(show: Display) {
    display = show;
    for (const request of waiting.splice(0)) show(request);
  },
};
