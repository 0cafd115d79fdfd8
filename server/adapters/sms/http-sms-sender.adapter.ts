import { randomUUID } from 'node:crypto';
import { type SmsMessage, type SmsSender, type SmsSent } from '../../ports/sms-sender.port';
import { type SmsHttpConfig } from '../../settings/sms-http';
import { SmsSendError } from './twilio-sms-sender.adapter';

export interface HttpSmsSenderOptions extends SmsHttpConfig {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** `{name}` in a template, replaced by its value; names the settings checked at start. */
const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{([a-z_0-9]+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A template's strings filled in, at any depth, other values kept. */
function fillDeep(value: unknown, values: Record<string, string>): unknown {
  if (typeof value === 'string') return fill(value, values);
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, values));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, values)]));
  }
  return value;
}

/** The value at a dot path (`data.0.id`) of a JSON answer, as text; undefined when absent. */
function at(answer: unknown, path: string): string | undefined {
  let node = answer;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node === undefined || node === null || typeof node === 'object'
    ? undefined
    : String(node as string | number | boolean);
}

/** Whether a status is one the settings call accepted: `200`, `2xx`, or a list of them. */
const statusAccepted = (status: number, accepted: string): boolean =>
  accepted.split(',').some((entry) => {
    const code = String(status);
    return entry.endsWith('xx') ? code[0] === entry[0] : code === entry;
  });

/**
 * A provider with a plain HTTP API, as its settings describe it (the way Ory Kratos' courier
 * does): the recipient, the text, our message id and the secret filled into a field template
 * sent as JSON, a form or the query; accepted on the listed statuses and, when set, one field
 * of the JSON answer. Errors name the status only: the URL and the answer may hold the secret
 * or echo the text with its code.
 */
export class HttpSmsSender implements SmsSender {
  private readonly fetchFn: typeof fetch;

  constructor(private readonly options: HttpSmsSenderOptions) {
    this.fetchFn = options.fetch ?? fetch;
  }

  async send(message: SmsMessage): Promise<SmsSent> {
    const { method, format, successStatus, successField, messageIdField } = this.options;
    const values = {
      to: message.phoneNo,
      to_e164: `+${message.phoneNo}`,
      text: message.body,
      id: message.id ?? randomUUID(),
      secret: this.options.secret,
    };
    const fields = fillDeep(this.options.fields, values) as Record<string, unknown>;
    const url = new URL(this.options.url);
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: string | undefined;
    if (format === 'query') {
      for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, text(value));
    } else if (format === 'form') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(
        Object.entries(fields).map(([name, value]): [string, string] => [name, text(value)]),
      ).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(fields);
    }
    for (const [name, value] of Object.entries(this.options.headers)) {
      headers[name] = fill(value, values);
    }

    let response: Response;
    try {
      response = await this.fetchFn(url, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : 'failed';
      throw new SmsSendError(`SMS provider request ${reason}`);
    }
    const answerText = await response.text().catch(() => '');
    if (!statusAccepted(response.status, successStatus)) {
      throw new SmsSendError(`SMS provider answered HTTP ${response.status}`, response.status);
    }
    let answer: unknown;
    try {
      answer = JSON.parse(answerText);
    } catch {
      answer = undefined;
    }
    if (successField && at(answer, successField.path) !== successField.value) {
      throw new SmsSendError(
        `SMS provider answered HTTP ${response.status} without ${successField.path}=${successField.value}`,
        response.status,
      );
    }
    // Without an id of its own in the answer, the provider's reports can only name ours.
    return { providerMessageId: (messageIdField && at(answer, messageIdField)) || values.id };
  }
}

/** A field's value as form or query text: strings as they are, anything else as JSON. */
const text = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);
