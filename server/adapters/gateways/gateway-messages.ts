import {
  type GatewayCallbackRequest,
  type GatewayMessage,
  type GatewayOutcome,
  type GatewayRejectionKind,
} from '../../ports/payment-gateway.port';

/**
 * The small pieces every gateway adapter reads and answers messages with: one place, so a new
 * adapter (docs/gateways.md, "Adding a gateway") builds its messages the same way.
 */

/** A rejection of the message recorded as `payload`; its transactionId is never trusted. */
export const rejecter =
  (payload: string) =>
  (kind: GatewayRejectionKind, message: string): GatewayMessage => ({
    payload,
    verdict: { ok: false, error: { kind, message, transactionId: null } },
  });

/** A verified message recorded as `payload`, stating `outcome`. */
export const accept = (payload: string, outcome: GatewayOutcome): GatewayMessage => ({
  payload,
  verdict: { ok: true, value: outcome },
});

/** The form's fields, or null when one is repeated (its meaning would be ambiguous). */
export function readForm(text: string): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(params, key)) return null;
    params[key] = value;
  }
  return params;
}

/** The value as a plain object, or null when it is not one (an array, null, a scalar). */
export function asObject(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** Any body as text for the audit trail; never throws (a cyclic value is named, not kept). */
export function serialise(body: unknown): string {
  try {
    return JSON.stringify(body) ?? String(body);
  } catch {
    return '[unserialisable]';
  }
}

/** A form-encoded callback's text as received (the record), and its fields once read. */
export function formCallback(
  request: GatewayCallbackRequest,
):
  | { payload: string; params: Record<string, string> }
  | { payload: string; rejected: GatewayMessage } {
  const payload = typeof request.body === 'string' ? request.body : serialise(request.body);
  const reject = rejecter(payload);
  if (request.contentType !== 'application/x-www-form-urlencoded') {
    return {
      payload,
      rejected: reject('malformed', 'Body must be application/x-www-form-urlencoded'),
    };
  }
  const params = readForm(payload);
  if (params === null)
    return { payload, rejected: reject('malformed', 'Every field must be sent once') };
  return { payload, params };
}
