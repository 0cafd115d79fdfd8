let wanted = false;
const listeners = new Set<() => void>();

/**
 * Whether a toast has been asked for yet. Until then react-toastify and the toast container are
 * not loaded (they are not part of a first visit), and there is no toast to show or clear.
 */
export const toastsWanted = (): boolean => wanted;

/** Calls `listener` once toasts are first wanted; returns the unsubscribe function. */
export function subscribeToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The first toast is coming: the container mounts (shell/index.tsx). */
export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}
