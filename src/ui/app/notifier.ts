/**
 * Toasts, as view-models see them. A message is an i18n key (with interpolation values) or a text
 * the server sent, shown as is.
 */
export type UiMessage =
  { key: string; values?: Record<string, string | number> } | { text: string };

export interface Notifier {
  success(message: UiMessage, options?: { autoCloseMs?: number }): void;
  error(message: UiMessage, options?: { autoCloseMs?: number }): void;
}

export const NOTIFIER = Symbol.for('Notifier');

/** The server's message when it sent one, else the fallback key. */
export const serverMessageOr = (
  serverMessage: string | undefined,
  fallbackKey: string,
): UiMessage =>
  serverMessage && serverMessage.trim() !== '' ? { text: serverMessage } : { key: fallbackKey };
