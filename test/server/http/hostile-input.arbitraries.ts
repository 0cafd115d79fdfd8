import fc from 'fast-check';

/**
 * The building blocks of the hostile requests in `hostile-input.cases.ts`: odd and huge Unicode
 * strings, valid values spoiled by one odd character, wrong types, extra fields, and JSON bodies,
 * query strings and path segments made of them.
 */

export interface HostileRequest {
  method: 'GET' | 'POST';
  /** Under /api, already encoded (query strings and path segments included). */
  path: string;
  /** The raw body text; sent with `contentType`. */
  body?: string;
  contentType?: string;
  /** Sent with the test member's bearer token. */
  auth: boolean;
}

/** Characters that break naive code: controls, surrogates, noncharacters and tricky marks. */
const ODD_CHARACTERS = [
  '\u0000',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
  '\u00a0',
  '\u00ad',
  '\u200b',
  '\u200d',
  '\u202e',
  '\u2028',
  '\ufeff',
  '\ufffd',
  '\ufffe',
  '\uffff',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\u{1f600}',
  '\u{10ffff}',
  'e\u0301',
  '中',
  'ß',
  'İ',
  '%',
  '%00',
  '\\',
  '"',
  "'",
  '<',
  '$1',
  '{',
];

export const oddCharacter: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_CHARACTERS),
  fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
);

export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: oddCharacter, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  // Huge: near and over the body limit, in multi-byte characters.
  { weight: 1, arbitrary: fc.string({ unit: oddCharacter, minLength: 3000, maxLength: 9000 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 3000, maxLength: 6000 }) },
);

/** A valid value with one odd character slipped in somewhere. */
function spoiled(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(valid, oddCharacter, fc.nat()).map(([value, odd, at]) => {
    const i = at % (value.length + 1);
    return value.slice(0, i) + odd + value.slice(i);
  });
}

/** Anything a field may receive: valid, spoiled, odd, huge, or of the wrong type. */
export function fieldValue(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const validText = valid.map((value) => (typeof value === 'string' ? value : String(value)));
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 3, arbitrary: spoiled(validText) },
    { weight: 3, arbitrary: oddString },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(oddString, { maxLength: 3 }),
        fc.dictionary(oddString, oddString, { maxKeys: 3 }),
      ),
    },
  );
}

const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });

export const valid = {
  phone: digits(9).map((rest) => `60${rest}`),
  icOrPassport: fc.oneof(
    digits(12),
    fc.string({ unit: fc.constantFrom(...'ABCXYZ0123456789'), minLength: 6, maxLength: 9 }),
  ),
  password: fc.string({ unit: 'grapheme', minLength: 8, maxLength: 40 }),
  name: fc.string({ unit: 'grapheme', minLength: 2, maxLength: 60 }),
  nationality: fc.constantFrom('Malaysian', 'Non-Malaysian'),
  code: digits(6),
  purpose: fc.constantFrom('registration', 'password_reset'),
  amount: fc.oneof(fc.constantFrom('60.00', '123.45', '50', '1000000.00'), fc.double()),
  paymentMethod: fc.constant('qr'),
  transactionId: fc
    .string({ unit: fc.constantFrom(...'ABCDEFGHJKMNPQRSTVWXYZ0123456789'), minLength: 24 })
    .map((rest) => `TXN${rest.slice(0, 24)}`),
  hex: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }),
};

/** Extra keys a body should refuse (odd ones included) with odd values. */
const extraFields = fc.dictionary(
  fc.oneof(fc.constantFrom('admin', 'id', 'user_id', 'status', 'constructor'), oddString),
  fieldValue(oddString),
  { maxKeys: 3 },
);

/** Bodies for a JSON route: its fields (any subset) with hostile values, extras, any JSON. */
export function jsonBody(
  fields: Record<string, fc.Arbitrary<unknown>>,
  opts: { exactlyOne?: boolean } = {},
): fc.Arbitrary<string> {
  const hostileFields = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, fieldValue(value)]),
  );
  const record = fc.record(hostileFields, { requiredKeys: [] });
  const one = fc
    .constantFrom(...Object.keys(fields))
    .chain((key) => hostileFields[key].map((value) => ({ [key]: value })));
  const objects = opts.exactlyOne ? fc.oneof(one, record) : record;
  return fc.oneof(
    { weight: 6, arbitrary: objects.map((body) => JSON.stringify(body)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(objects, extraFields)
        .map(([body, extras]) => JSON.stringify({ ...extras, ...body })),
    },
    { weight: 1, arbitrary: fc.jsonValue().map((body) => JSON.stringify(body)) },
    // Not JSON at all (or JSON by accident).
    { weight: 1, arbitrary: oddString },
  );
}

/**
 * A query value or path segment as a client may send it: percent-encoded UTF-8, and lone
 * surrogates as the three bytes a sloppy encoder writes for them (WTF-8), which are not UTF-8.
 */
export function encodeComponent(text: string): string {
  // Whole runs of well-formed text at once: a loop per character costs seconds over the suites'
  // huge strings inside jest's sandbox, where every global lookup is slow.
  return text
    .split(LONE_SURROGATE)
    .map((part, i) => (i % 2 === 0 ? encodeURIComponent(part) : wtf8(part.charCodeAt(0))))
    .join('');
}

/** A surrogate that is not half of a pair, captured (so split keeps it between the runs). */
const LONE_SURROGATE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;

/** A lone surrogate as the three bytes a sloppy encoder writes for it, percent-encoded. */
const wtf8 = (unit: number): string =>
  [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
    .map((byte) => `%${byte.toString(16).toUpperCase()}`)
    .join('');

export const queryText = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/** Query strings for a GET route: its keys (any subset, repeated keys too) and extras. */
export function query(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
  const pair = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...Object.keys(fields)) },
    { weight: 1, arbitrary: oddString },
  );
  const withValue = pair.chain((key) =>
    (Object.hasOwn(fields, key) ? fieldValue(fields[key]) : fieldValue(oddString)).map(
      (value) => `${encodeComponent(key)}=${encodeComponent(queryText(value))}`,
    ),
  );
  return fc.array(withValue, { maxLength: 5 }).map((pairs) => pairs.join('&'));
}

export const post = (path: string, auth: boolean, body: fc.Arbitrary<string>) =>
  body.map((text): HostileRequest => ({
    method: 'POST',
    path,
    body: text,
    contentType: 'application/json',
    auth,
  }));

export const get = (path: string, auth: boolean, queryString: fc.Arbitrary<string>) =>
  queryString.map((text): HostileRequest => ({
    method: 'GET',
    path: text === '' ? path : `${path}?${text}`,
    auth,
  }));

/** Characters every text field refuses: controls, surrogates and noncharacters. */
export const REFUSED_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\t',
  '\n',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
  '\ud800',
  '\udfff',
  '\ufffe',
  '\uffff',
  '\ufdd0',
];

/** Texts in any script, with combining and joining marks, that every name field accepts. */
export const ALLOWED_TEXTS = [
  'Zoë',
  'Nguyễn',
  '李小龙',
  'ﾃｽﾄ',
  'e\u0301',
  '\u{1f600}',
  'a\u00a0b',
  'a\u200db',
  'İstanbul',
  'O’Brien',
];
