/**
 * Toasts, as view-models see them. A message is an i18n key (with interpolation values) or, only
 * for a failure code the app does not know, the text the server sent, shown as is.
 */
export type UiMessage =
  { key: string; values?: Record<string, string | number> } | { text: string };

export interface Notifier {
  success(message: UiMessage, options?: { autoCloseMs?: number }): void;
  error(message: UiMessage, options?: { autoCloseMs?: number }): void;
}

export const NOTIFIER = Symbol.for('Notifier');

/** The same toasts, each closing after `autoCloseMs`: for a screen whose toasts all stay that long. */
export function closingAfter(notifier: Notifier, autoCloseMs: number): Notifier {
  return {
    success: (message) => notifier.success(message, { autoCloseMs }),
    error: (message) => notifier.error(message, { autoCloseMs }),
  };
}
