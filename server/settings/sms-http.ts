import { isSmsDeliveryStatus, type SmsDeliveryStatus } from '../domain/sms-delivery';
import { type EnvReader } from './env-reader';

export type SmsHttpMethod = 'GET' | 'POST';
export type SmsHttpFormat = 'json' | 'form' | 'query';

const METHODS: readonly SmsHttpMethod[] = ['GET', 'POST'];
const FORMATS: readonly SmsHttpFormat[] = ['json', 'form', 'query'];
/** What a template may name; anything else in braces is a typo the start-up reports. */
export const SMS_HTTP_PLACEHOLDERS = ['to', 'to_e164', 'text', 'id', 'secret'] as const;

/**
 * A provider with a plain HTTP API (SMS_PROVIDER=http), described rather than coded: where to
 * send, how to write the request, and how to read the answer.
 */
export interface SmsHttpConfig {
  url: string;
  method: SmsHttpMethod;
  /** json: a JSON body; form: an urlencoded body; query: the fields in the URL's query. */
  format: SmsHttpFormat;
  /** The request's fields: a JSON object whose strings may hold {placeholders}. */
  fields: Record<string, unknown>;
  /** Extra headers, their values templates too (for example an Authorization with {secret}). */
  headers: Record<string, string>;
  /** Filled in for {secret}: kept in the environment, never in a template or a log. */
  secret: string;
  /** The statuses that mean accepted: a list of codes, or a class such as 2xx. */
  successStatus: string;
  /** When set, `path=value`: the JSON answer's field at that dot path must equal the value. */
  successField?: { path: string; value: string };
  /** Dot path of the provider's message id in the JSON answer, for its delivery reports. */
  messageIdField?: string;
  /** The delivery-report route's settings; undefined (no route) without SMS_HTTP_REPORT_SECRET. */
  report?: SmsHttpReportConfig;
}

/** How the provider's delivery reports read (POST or GET /api/sms/delivery-report). */
export interface SmsHttpReportConfig {
  /** Shared with the provider: its reports carry it as a Bearer token or a `secret` parameter. */
  secret: string;
  /** The report's fields holding the message id (the provider's, or ours when it gave none)... */
  idField: string;
  /** ...the status, mapped through `statuses`... */
  statusField: string;
  /** ...and the error code, when it failed. */
  errorField: string;
  /** The provider's status words, each to queued, sent, delivered or failed. */
  statuses: Record<string, SmsDeliveryStatus>;
}

function jsonObject(read: EnvReader, name: string, raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Reported below, like any value that is not an object.
  }
  read.problems.push(`${name}: must be a JSON object`);
  return {};
}

/** Every {name} in the strings of a template, nested ones included. */
function placeholdersIn(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  if (typeof value === 'object' && value !== null) {
    return Object.values(value).flatMap(placeholdersIn);
  }
  return [];
}

/**
 * The SMS_HTTP_* settings, read always (so their names are known) but checked and used only
 * when SMS_PROVIDER is http: undefined otherwise.
 */
export function loadSmsHttp(read: EnvReader, used: boolean): SmsHttpConfig | undefined {
  const url = read.text('SMS_HTTP_URL', '');
  const method = read.text('SMS_HTTP_METHOD', 'POST');
  const format = read.text('SMS_HTTP_FORMAT', 'json');
  const fieldsRaw = read.text('SMS_HTTP_FIELDS', '{"to":"{to}","text":"{text}","id":"{id}"}');
  const headersRaw = read.text('SMS_HTTP_HEADERS', '{}');
  const secret = read.text('SMS_HTTP_SECRET', '');
  const successStatus = read.text('SMS_HTTP_SUCCESS_STATUS', '2xx');
  const successFieldRaw = read.text('SMS_HTTP_SUCCESS_FIELD', '');
  const messageIdField = read.text('SMS_HTTP_MESSAGE_ID_FIELD', '') || undefined;
  const report = loadReport(read);
  if (!used) return undefined;

  if (url === '') read.problems.push('SMS_HTTP_URL: is required when SMS_PROVIDER is http');
  else read.checkUrl('SMS_HTTP_URL', url);
  if (!(METHODS as readonly string[]).includes(method)) {
    read.problems.push(`SMS_HTTP_METHOD: must be one of ${METHODS.join(', ')} (got "${method}")`);
  }
  if (!(FORMATS as readonly string[]).includes(format)) {
    read.problems.push(`SMS_HTTP_FORMAT: must be one of ${FORMATS.join(', ')} (got "${format}")`);
  } else if (method === 'GET' && format !== 'query') {
    read.problems.push('SMS_HTTP_FORMAT: a GET request carries its fields as query');
  }
  const fields = jsonObject(read, 'SMS_HTTP_FIELDS', fieldsRaw);
  const headers = jsonObject(read, 'SMS_HTTP_HEADERS', headersRaw);
  const named = placeholdersIn([fields, headers]);
  const unknown = named.filter(
    (name) => !(SMS_HTTP_PLACEHOLDERS as readonly string[]).includes(name),
  );
  if (unknown.length > 0) {
    const known = SMS_HTTP_PLACEHOLDERS.map((n) => `{${n}}`).join(', ');
    read.problems.push(
      `SMS_HTTP_FIELDS/SMS_HTTP_HEADERS: unknown placeholders ${unknown.map((n) => `{${n}}`).join(', ')} (known: ${known})`,
    );
  }
  const inFields = placeholdersIn(fields);
  if (!inFields.includes('text') || !(inFields.includes('to') || inFields.includes('to_e164'))) {
    read.problems.push('SMS_HTTP_FIELDS: must carry {text} and {to} (or {to_e164})');
  }
  if (Object.values(headers).some((value) => typeof value !== 'string')) {
    read.problems.push('SMS_HTTP_HEADERS: every value must be a string');
  }
  if (named.includes('secret') && secret === '') {
    read.problems.push('SMS_HTTP_SECRET: is required when a template names {secret}');
  }
  if (!/^([1-5]xx|[1-5]\d\d)(,([1-5]xx|[1-5]\d\d))*$/.test(successStatus)) {
    read.problems.push(
      `SMS_HTTP_SUCCESS_STATUS: must be status codes or classes such as 2xx, comma-separated (got "${successStatus}")`,
    );
  }
  const match = /^([^=]+)=(.*)$/.exec(successFieldRaw);
  if (successFieldRaw !== '' && !match) {
    read.problems.push('SMS_HTTP_SUCCESS_FIELD: must be path=value (for example status=ok)');
  }
  return {
    url,
    method: method as SmsHttpMethod,
    format: format as SmsHttpFormat,
    fields,
    headers: headers as Record<string, string>,
    secret,
    successStatus,
    successField: match ? { path: match[1].trim(), value: match[2].trim() } : undefined,
    messageIdField,
    report: report(),
  };
}

/** SMS_HTTP_REPORT_*: read now, checked (by the returned function) only when used. */
function loadReport(read: EnvReader): () => SmsHttpReportConfig | undefined {
  const secret = read.text('SMS_HTTP_REPORT_SECRET', '');
  const idField = read.text('SMS_HTTP_REPORT_ID_FIELD', 'id');
  const statusField = read.text('SMS_HTTP_REPORT_STATUS_FIELD', 'status');
  const errorField = read.text('SMS_HTTP_REPORT_ERROR_FIELD', 'error');
  const statusesRaw = read.text(
    'SMS_HTTP_REPORT_STATUSES',
    '{"queued":"queued","sent":"sent","delivered":"delivered","failed":"failed"}',
  );
  return () => {
    if (secret === '') return undefined;
    if (secret.length < 16) {
      read.problems.push('SMS_HTTP_REPORT_SECRET: must be at least 16 characters');
    }
    const statuses = jsonObject(read, 'SMS_HTTP_REPORT_STATUSES', statusesRaw);
    const wrong = Object.values(statuses).filter(
      (status) => typeof status !== 'string' || !isSmsDeliveryStatus(status),
    );
    if (wrong.length > 0) {
      read.problems.push(
        'SMS_HTTP_REPORT_STATUSES: each value must be queued, sent, delivered or failed',
      );
    }
    return {
      secret,
      idField,
      statusField,
      errorField,
      statuses: statuses as Record<string, SmsDeliveryStatus>,
    };
  };
}
