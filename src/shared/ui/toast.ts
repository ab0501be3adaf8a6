export const TOAST_LIMIT = 5;

export interface ToastRequest {
  message: string;
  color: 'red' | 'green';
}

type Display = (request: ToastRequest) => void;

let display: Display | undefined;
const waiting: ToastRequest[] = [];

function raise(request: ToastRequest) {
  if (display) return display(request);
  waiting.push(request);
}

/** Short messages at the top of the page (spec section 8). */
export const toast = {
  error: (message: string) => raise({ message, color: 'red' }),
  success: (message: string) => raise({ message, color: 'green' }),
};

/** Toasts raised before the page shows its toasts (see Toasts) wait here until it does. */
export const toastQueue = {
  connect(show: Display) {
    display = show;
    for (const request of waiting.splice(0)) show(request);
    return () => {
      if (display === show) display = undefined;
    };
  },
};
