/**
 * How an operator whose role may not reveal a member's data (see `members.reveal`) may search
 * members by name. The masked answer shows each word's first letter and length; a name prefix
 * search answers "is there a member whose name starts with this", so without limits such an
 * operator could spell out a whole name one letter at a time. The rules below make that slow and
 * visible; docs/console.md (Member support) says why each number.
 */

/**
 * The shortest name prefix, in characters: the shortest names people give on the phone (Ali,
 * Lim, Tan, Ooi) are still found, while one- and two-letter probes, which match hundreds of
 * members and are where spelling a name out starts, are refused.
 */
export const MIN_NAME_PREFIX = 3;

/** Name searches one such operator may make in a window (the window rolls). */
export const NAME_SEARCH_BUDGET = 30;
export const NAME_SEARCH_WINDOW_MS = 60 * 60 * 1000;

/** The audit actions: each name search, and the budget spent (once in a window). */
export const NAME_SEARCH_ACTION = 'member.name_search';
export const NAME_SEARCH_LIMIT_ACTION = 'member.name_search_limit';

/**
 * Whether search text is a name: names have no digits, while every phone number, IC number and
 * passport number has some, so text with a digit is matched exactly and never as a name.
 */
export const isNameText = (text: string): boolean => !/\p{Nd}/u.test(text);

/** Length in characters (code points), as a person counts them. */
export const characters = (text: string): number => Array.from(text).length;
