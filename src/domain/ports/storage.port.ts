/** Small synchronous key/value storage (the browser's localStorage in production). */
export interface StoragePort {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export const STORAGE_PORT = Symbol.for('StoragePort');

/**
 * The same shape over the tab's own storage (the browser's sessionStorage): what must survive a
 * reload of this tab and nothing longer, such as a sign-up waiting for its SMS code.
 */
export const SESSION_STORAGE_PORT = Symbol.for('SessionStoragePort');

/** Every key the app keeps, in one place. */
export const StorageKeys = {
  token: 'token',
  themeMode: 'themeMode',
  language: 'i18nextLng',
  paymentRequest: 'paymentRequest',
  /** Followed by ':' and the member's user id: that member's bookmarked catalogue ids. */
  bookmarksPrefix: 'bookmarks',
  /** Newsletter addresses given on the marketing page (kept on this device only). */
  newsletter: 'newsletterSubscriptions',
  /** In the tab's session storage: the sign-up waiting for its code (never the password). */
  pendingSignUp: 'pendingSignUp',
} as const;
