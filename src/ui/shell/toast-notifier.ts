import type { i18n as I18n } from 'i18next';
import type { toast as toastify } from 'react-toastify';
import type { Notifier, UiMessage } from '../shared/notifier';
import { wantToasts } from '../shared/toasts-wanted';

type Toast = typeof toastify;

/**
 * react-toastify (about 10 KB gzip with the styles it injects) is not part of a first visit: it
 * and the toast container (components/lazy-toasts.tsx) arrive with the first toast. react-toastify
 * queues a toast shown before its container has mounted.
 */
const loadToast = (): Promise<Toast> => {
  wantToasts();
  return import('react-toastify').then((module) => module.toast);
};

/** A toast whose library cannot load (offline, a new deployment) is dropped, not an error. */
const dropped = () => undefined;

/** Notifier over react-toastify; keys are translated with i18next at the moment of showing. */
export class ToastNotifier implements Notifier {
  constructor(
    private readonly i18n: I18n,
    private readonly toast: () => Promise<Toast> = loadToast,
  ) {}

  success(message: UiMessage, options?: { autoCloseMs?: number }): void {
    const text = this.text(message);
    void this.toast().then((toast) => toast.success(text, toastOptions(options)), dropped);
  }

  error(message: UiMessage, options?: { autoCloseMs?: number }): void {
    const text = this.text(message);
    void this.toast().then((toast) => toast.error(text, toastOptions(options)), dropped);
  }

  private text(message: UiMessage): string {
    return 'text' in message ? message.text : this.i18n.t(message.key, message.values);
  }
}

/** Leaves autoClose unset unless asked, so the ToastContainer's default (3 s) applies. */
const toastOptions = (options?: { autoCloseMs?: number }) =>
  options?.autoCloseMs !== undefined ? { autoClose: options.autoCloseMs } : {};
