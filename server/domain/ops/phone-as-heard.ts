import { normalisePhone } from '../../../src/contract/rules';

/** Malaysia's country calling code: a leading 0 of a national number stands for it. */
const MALAYSIA_CODE = '60';
/** What people put between a phone's digits when they say or write it: none of it is stored. */
const SEPARATORS = /[\s\-.()]/g;

/**
 * The stored forms (digits with the country code) a phone may have as an operator hears it:
 * `019-123 4567`, `0191234567`, `+60 19-123 4567`, `60191234567` or `0060 19 1234567` are one
 * number. A leading 0 is the national prefix (0 -> 60) and 00 the international one; spaces,
 * dashes, dots and brackets are ignored. The text as stored without either reading is kept too,
 * so nothing a search found before is lost.
 */
export function phoneFormsOf(text: string): string[] {
  const digits = normalisePhone(text).replace(SEPARATORS, '');
  const forms = [digits];
  if (digits.startsWith('00')) forms.push(digits.slice(2));
  else if (digits.startsWith('0')) forms.push(`${MALAYSIA_CODE}${digits.slice(1)}`);
  return [...new Set(forms)];
}
