import type { i18n as I18n } from 'i18next';
import { toast } from 'react-toastify';
import type { Notifier, UiMessage } from './notifier';

/** Notifier over react-toastify; keys are translated with i18next at the moment of showing. */
export class ToastNotifier implements Notifier {
  constructor(private readonly i18n: I18n) {}

  success(message: UiMessage, options?: { autoCloseMs?: number }): void {
    toast.success(this.text(message), toastOptions(options));
  }

  error(message: UiMessage, options?: { autoCloseMs?: number }): void {
    toast.error(this.text(message), toastOptions(options));
  }

  private text(message: UiMessage): string {
    return 'text' in message ? message.text : this.i18n.t(message.key, message.values);
  }
}

/** Leaves autoClose unset unless asked, so the ToastContainer's default (3 s) applies. */
const toastOptions = (options?: { autoCloseMs?: number }) =>
  options?.autoCloseMs !== undefined ? { autoClose: options.autoCloseMs } : {};
