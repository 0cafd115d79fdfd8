import { meaningOf } from './server-messages';

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

/**
 * The server's message when it sent one (the spec), else the fallback key. A message the server
 * is known to send becomes its translated key, and one naming a field ("phone_no: ...") becomes
 * that field's rule or the fallback: a member never sees a field name.
 */
export function serverMessageOr(serverMessage: string | undefined, fallbackKey: string): UiMessage {
  if (!serverMessage || serverMessage.trim() === '') return { key: fallbackKey };
  const meaning = meaningOf(serverMessage);
  if (meaning.kind === 'key') return { key: meaning.key };
  if (meaning.kind === 'fieldMessage') return { key: fallbackKey };
  return { text: serverMessage };
}
