import fc from 'fast-check';
import { ApiPaths } from '../../../src/contract/api';
import { hasDisallowedCharacters } from '../../../server/http/hostile-input';
import {
  encodeComponent,
  fieldValue,
  get,
  type HostileRequest,
  jsonBody,
  oddString,
  post,
  query,
  queryText,
  valid,
} from './hostile-input.arbitraries';

/**
 * Hostile requests for every API route, as fast-check arbitraries: random JSON, wrong types,
 * huge and odd Unicode strings (control characters, lone surrogates, noncharacters, bidi and
 * zero-width marks, emoji), extra fields, and values that are valid but for one odd character.
 * Shared by the in-memory (app.inject) and the real-HTTP (PGlite, PostgreSQL) property suites.
 */

export type { HostileRequest } from './hostile-input.arbitraries';

export interface RouteCase {
  name: string;
  request: fc.Arbitrary<HostileRequest>;
}

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
    name: 'GET sessions',
    request: get(ApiPaths.memberSessions, true, query({ x: oddString })),
  },
  {
    name: 'POST sign out a session',
    request: post(ApiPaths.signOutSession, true, jsonBody({ session_id: fc.uuid() })),
  },
  {
    name: 'GET personal data',
    request: get(ApiPaths.personalData, true, query({ x: oddString })),
  },
  {
    // The confirmation is never the word, so no password is tried (no throttle is filled).
    name: 'POST delete account',
    request: post(
      ApiPaths.deleteAccount,
      true,
      jsonBody({ password: valid.password, confirmation: oddString }),
    ),
  },
  {
    name: 'GET passkeys',
    request: get(ApiPaths.passkeys, true, query({ x: oddString })),
  },
  {
    name: 'POST rename a passkey',
    request: post(
      ApiPaths.renamePasskey,
      true,
      jsonBody({ passkey_id: fc.uuid(), name: valid.name }),
    ),
  },
  {
    name: 'POST passkey sign-in options',
    request: post(ApiPaths.passkeyLoginOptions, false, jsonBody({ x: oddString })),
  },
  {
    name: 'POST passkey sign-in',
    request: post(ApiPaths.passkeyLogin, false, jsonBody({ credential: oddString })),
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

/** The headers a hostile request is sent with: the member's token when it asks, its content type. */
export function headersOf(request: HostileRequest, token: string): Record<string, string> {
  return {
    ...(request.auth ? { authorization: `Bearer ${token}` } : {}),
    ...(request.contentType ? { 'content-type': request.contentType } : {}),
  };
}

/** The answer must be a client error or success, never a server fault. */
export function describeAnswer(request: HostileRequest, status: number, body: string): string {
  return `${request.method} ${request.path} ${JSON.stringify(request.body ?? '').slice(0, 300)} -> ${status} ${body.slice(0, 300)}`;
}
