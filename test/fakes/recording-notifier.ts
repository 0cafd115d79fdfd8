import type { Notifier, UiMessage } from '../../src/ui/shared/notifier';

export interface Toast {
  kind: 'success' | 'error';
  message: UiMessage;
  autoCloseMs?: number;
}

export class RecordingNotifier implements Notifier {
  readonly toasts: Toast[] = [];

  success(message: UiMessage, options?: { autoCloseMs?: number }): void {
    this.toasts.push({ kind: 'success', message, autoCloseMs: options?.autoCloseMs });
  }

  error(message: UiMessage, options?: { autoCloseMs?: number }): void {
    this.toasts.push({ kind: 'error', message, autoCloseMs: options?.autoCloseMs });
  }

  get last(): Toast | undefined {
    return this.toasts[this.toasts.length - 1];
  }
}
