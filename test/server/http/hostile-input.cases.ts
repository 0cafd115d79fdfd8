import fc from 'fast-check';
import { ApiPaths } from '../../../src/contract/api';
import { hasDisallowedCharacters } from '../../../server/http/hostile-input';

/**
 * Hostile requests for every API route, as fast-check arbitraries: random JSON, wrong types,
 * huge and odd Unicode strings (control characters, lone surrogates, noncharacters, bidi and
 * zero-width marks, emoji), extra fields, and values that are valid but for one odd character.
 * Shared by the in-memory (app.inject) and the real-HTTP (PGlite, PostgreSQL) property suites.
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

export interface RouteCase {
  name: string;
  request: fc.Arbitrary<HostileRequest>;
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
function fieldValue(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
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
function jsonBody(
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
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i]);
    }
  }
  return out;
}

const queryText = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/** Query strings for a GET route: its keys (any subset, repeated keys too) and extras. */
function query(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
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

const post = (path: string, auth: boolean, body: fc.Arbitrary<string>) =>
  body.map((text): HostileRequest => ({
    method: 'POST',
    path,
    body: text,
    contentType: 'application/json',
    auth,
  }));

const get = (path: string, auth: boolean, queryString: fc.Arbitrary<string>) =>
  queryString.map((text): HostileRequest => ({
    method: 'GET',
    path: text === '' ? path : `${path}?${text}`,
    auth,
  }));

const callbackFields = {
  transactionId: valid.transactionId,
  status: fc.constantFrom('completed', 'failed', 'pending'),
  amount: valid.amount,
  timestamp: fc.integer({ min: 0, max: 2_000_000_000 }),
  signature: valid.hex,
};

/**
 * Every route of the API with hostile requests. Logout is left out: a random body would end the
 * session the other authenticated cases use (its body is never read; the guard covers it).
 */
export const ROUTE_CASES: RouteCase[] = [
  {
    name: 'POST login',
    request: post(
      ApiPaths.login,
      false,
      jsonBody({ ic_or_passport: valid.icOrPassport, password: valid.password }),
    ),
  },
  {
    name: 'POST send_sms_code',
    request: post(
      ApiPaths.sendSmsCode,
      false,
      jsonBody({ phone_no: valid.phone, purpose: valid.purpose }),
    ),
  },
  {
    name: 'POST register',
    request: post(
      ApiPaths.register,
      false,
      jsonBody({
        name: valid.name,
        nationality: valid.nationality,
        ic_or_passport: valid.icOrPassport,
        phone_no: valid.phone,
        password: valid.password,
        tac_code: valid.code,
      }),
    ),
  },
  {
    name: 'POST forgot-password reset',
    request: post(
      ApiPaths.resetPassword,
      false,
      jsonBody({ phone_no: valid.phone, tac_code: valid.code, new_password: valid.password }),
    ),
  },
  {
    name: 'POST session-check',
    request: post(ApiPaths.sessionCheck, true, jsonBody({ token: oddString })),
  },
  {
    name: 'POST profile update',
    request: post(
      ApiPaths.updateProfile,
      true,
      jsonBody(
        { name: valid.name, phone_no: valid.phone, password: valid.password },
        { exactlyOne: true },
      ),
    ),
  },
  {
    name: 'POST payment request',
    request: post(
      ApiPaths.createPayment,
      true,
      jsonBody({ amount: valid.amount, payment_method: valid.paymentMethod }),
    ),
  },
  {
    name: 'POST payment callback (JSON)',
    request: post(ApiPaths.paymentCallback, false, jsonBody(callbackFields)),
  },
  {
    name: 'POST payment callback (form)',
    request: fc
      .array(
        fc
          .tuple(
            fc.oneof(fc.constantFrom('billplz[id]', 'billplz[paid]', 'x'), oddString),
            oddString,
          )
          .map(([key, value]) => `${encodeComponent(key)}=${encodeComponent(value)}`),
        { maxLength: 4 },
      )
      .chain((pairs) =>
        fc.oneof(
          fc.constant(pairs.join('&')),
          oddString.map((raw) => `${pairs.join('&')}${raw}`),
        ),
      )
      .map((text): HostileRequest => ({
        method: 'POST',
        path: ApiPaths.paymentCallback,
        body: text,
        contentType: 'application/x-www-form-urlencoded',
        auth: false,
      })),
  },
  {
    name: 'GET user exists',
    request: get(
      ApiPaths.userExists,
      false,
      query({ phone: valid.phone, nationality: valid.nationality, ic: valid.icOrPassport }),
    ),
  },
  {
    name: 'GET profile',
    request: get(ApiPaths.profile, true, query({ x: oddString })),
  },
  {
    name: 'GET transaction details',
    request: get(ApiPaths.transactionDetails, true, query({ transactionId: valid.transactionId })),
  },
  {
    name: 'GET payment status',
    request: fc
      .tuple(fieldValue(valid.transactionId), query({ x: oddString }))
      .map(([id, extra]): HostileRequest => {
        const path = `${ApiPaths.paymentStatus}/${encodeComponent(queryText(id))}`;
        return { method: 'GET', path: extra === '' ? path : `${path}?${extra}`, auth: true };
      }),
  },
  {
    name: 'GET dev SMS outbox',
    request: get('/dev/sms-outbox', false, query({ phone_no: valid.phone })),
  },
  {
    name: 'GET payment redirect',
    request: get(
      '/payment/redirect',
      false,
      query({
        'billplz[id]': oddString,
        'billplz[paid]': fc.constantFrom('true', 'false'),
        'billplz[x_signature]': valid.hex,
      }),
    ),
  },
];

/** The first string (key or value) in a stored row holding a disallowed character, if any. */
export function oddTextIn(row: unknown): string | undefined {
  const pending: unknown[] = [row];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (hasDisallowedCharacters(value)) return value;
    } else if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
      for (const [key, child] of Object.entries(value)) {
        if (hasDisallowedCharacters(key)) return key;
        pending.push(child);
      }
    }
  }
  return undefined;
}

/** The answer must be a client error or success, never a server fault. */
export function describeAnswer(request: HostileRequest, status: number, body: string): string {
  return `${request.method} ${request.path} ${JSON.stringify(request.body ?? '').slice(0, 300)} -> ${status} ${body.slice(0, 300)}`;
}
