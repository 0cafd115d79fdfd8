import { CODE_LENGTH } from '../../contract/rules';

/**
 * The editing rules of the code boxes as pure functions (the component only wires DOM events and
 * focus), so they are unit-tested without a browser.
 */
export interface CodeEdit {
  value: string[];
  /** The box to focus next. */
  focus: number;
}

/** Reset codes keep digits only; sign-up keeps any character except whitespace. */
export const acceptedChars = (text: string, digitsOnly: boolean): string[] => [
  ...(digitsOnly ? text.replace(/\D/g, '') : text.replace(/\s/g, '')),
];

/** Text typed or pasted into box `index`: fills from there on; a whole code fills from box 1. */
export function enterText(
  value: string[],
  index: number,
  text: string,
  digitsOnly: boolean,
): CodeEdit {
  let chars = acceptedChars(text, digitsOnly);
  if (chars.length >= value.length) {
    index = 0;
  } else if (text.length > 1 && value[index] !== '' && text.startsWith(value[index])) {
    // The box held a character and the browser appended the new one: keep what was typed.
    chars = acceptedChars(text.slice(value[index].length), digitsOnly);
  }
  if (chars.length === 0) return { value, focus: index };
  const next = [...value];
  chars.slice(0, value.length - index).forEach((char, offset) => (next[index + offset] = char));
  return { value: next, focus: Math.min(index + chars.length, value.length - 1) };
}

/** Box `index` was emptied (Delete, Backspace on a filled box, cut). */
export function clearBox(value: string[], index: number): CodeEdit {
  const next = [...value];
  next[index] = '';
  return { value: next, focus: index };
}

/** Backspace on an already empty box moves back and clears the previous one; null: nothing to do. */
export function backspaceOnEmpty(value: string[], index: number): CodeEdit | null {
  if (value[index] !== '' || index === 0) return null;
  return clearBox(value, index - 1);
}

/** The code boxes before anything is typed: one empty string per box. */
export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');
