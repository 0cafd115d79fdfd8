/**
 * UBL 2.1 in MyInvois' JSON form: every element is an array of objects whose text is `_` and
 * whose attributes sit beside it ({"ID":[{"_":"R-2026-000001"}]}). The order of the keys is part
 * of the signed bytes, so documents are plain objects built in the order MyInvois' samples use
 * and serialised once with JSON.stringify.
 */
export type UblValue = string | number | boolean;

/** One element: its text and attributes, or its child elements. */
export interface UblNode {
  readonly [name: string]: UblValue | readonly UblNode[];
}

export interface UblDocument {
  readonly _D: string;
  readonly _A: string;
  readonly _B: string;
  readonly Invoice: readonly UblNode[];
}

export const UBL_NAMESPACES = {
  _D: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  _A: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  _B: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** An element holding a text, with its attributes after it. */
export function text(value: UblValue, attributes: Record<string, string> = {}): UblNode[] {
  return [{ _: value, ...attributes }];
}

/** An amount in ringgit from whole sen: integer sen keep the sums exact. */
export function ringgit(sen: number): UblNode[] {
  return text(sen / 100, { currencyID: 'MYR' });
}
