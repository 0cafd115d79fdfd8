import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Billplz's X Signature: HMAC-SHA256, keyed by the account's X Signature key, over a source
 * string made of every parameter except x_signature, each written as key followed by value,
 * sorted ascending case-insensitively and joined with '|'. Callbacks sign their form fields as
 * they are ('amount', 'paid_at', ...); redirects sign billplz[id], billplz[paid], ... under the
 * keys 'billplzid', 'billplzpaid', 'billplzpaid_at' (the brackets dropped).
 */
export function billplzSourceString(params: Record<string, string>): string {
  return Object.entries(params)
    .filter(([key]) => key !== 'x_signature')
    .map(([key, value]) => `${key}${value}`)
    .sort(compareCaseInsensitive)
    .join('|');
}

export function billplzSign(params: Record<string, string>, xSignatureKey: string): string {
  return createHmac('sha256', xSignatureKey)
    .update(billplzSourceString(params), 'utf8')
    .digest('hex');
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** Constant-time comparison of a received x_signature with the expected one. */
export function billplzVerify(
  params: Record<string, string>,
  signature: string,
  xSignatureKey: string,
): boolean {
  if (!HEX_SHA256.test(signature)) return false;
  const expected = Buffer.from(billplzSign(params, xSignatureKey), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The redirect's signed keys: billplz[paid_at] is signed as 'billplzpaid_at'. */
export function billplzRedirectParams(billplz: Record<string, string>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(billplz)) {
    if (key !== 'x_signature') params[`billplz${key}`] = value;
  }
  return params;
}

/** Plain code-unit order of the lower-cased strings: locale rules must not move '_' or digits. */
function compareCaseInsensitive(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
