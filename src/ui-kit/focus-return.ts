/** What focus can be given back to: an element still on the page, or not. */
export interface FocusTarget {
  readonly isConnected: boolean;
  focus(): void;
}

/** The document as focus return reads it. */
export interface FocusDocument<T extends FocusTarget> {
  readonly body: unknown;
  readonly activeElement: unknown;
  /** The modal dialogs still open, in document order (the last is the top one). */
  openDialogs(): readonly T[];
}

/**
 * Gives focus back when a modal dialog closes: to what had it before the dialog opened; when
 * that is gone, is the page's body, or cannot take focus any more (a button disabled while its
 * action ran, as a dialog's Confirm is while a second dialog asks for more), to the dialog still
 * open beneath, so focus never falls to <body> and that dialog still hears Escape.
 */
export function returnFocus<T extends FocusTarget>(
  previous: T | null,
  doc: FocusDocument<T>,
): void {
  if (previous !== null && previous !== doc.body && previous.isConnected) {
    previous.focus();
    if (doc.activeElement === previous) return;
  }
  const dialogs = doc.openDialogs();
  dialogs[dialogs.length - 1]?.focus();
}

/** The browser's document for returnFocus. */
export const browserFocusDocument = (): FocusDocument<HTMLElement> => ({
  body: document.body,
  get activeElement() {
    return document.activeElement;
  },
  openDialogs: () => [
    ...document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]'),
  ],
});
