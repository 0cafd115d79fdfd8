/** Copying text for the member (the transaction ID), as the status screen needs it. */
export interface Clipboard {
  /** Resolves true when the text was copied. */
  copy(text: string): Promise<boolean>;
}

export const CLIPBOARD = Symbol.for('Clipboard');

/** Clipboard over navigator.clipboard (absent on insecure origins, refused without focus). */
export class NavigatorClipboard implements Clipboard {
  async copy(text: string): Promise<boolean> {
    try {
      await globalThis.navigator.clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  }
}
