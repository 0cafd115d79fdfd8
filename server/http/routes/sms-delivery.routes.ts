import { createHmac, timingSafeEqual } from 'node:crypto';
import { Histogram, type Registry } from 'prom-client';
import { type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { SMS_REPORT_PATHS, twilioDeliveryStatus } from '../../domain/sms-delivery';
import { type SmsHttpReportConfig } from '../../settings/sms-http';
import { type ServerContainer } from '../../container';
import { type SmsDeliveryReport } from '../../use-cases/record-sms-delivery.use-case';
import { success } from '../envelope';
import { ApiError } from '../errors';

const TAGS = ['SMS delivery reports'];
const ANSWERS = {
  200: {
    type: 'object',
    required: ['status', 'message'],
    properties: { status: { type: 'integer', enum: [1] }, message: { type: 'string' } },
  },
};

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Twilio's signature of a callback: HMAC-SHA1 under the auth token of the URL it called, then
 * each form parameter's name and value in name order (a repeated one's distinct values sorted,
 * as Twilio's own libraries do), base64 (Twilio's "Webhooks security").
 */
export function twilioSignature(authToken: string, url: string, form: URLSearchParams): string {
  const names = [...new Set(form.keys())].sort();
  const signed = names.reduce(
    (text, name) =>
      text + [...new Set(form.getAll(name))].sort().reduce((pairs, v) => pairs + name + v, ''),
    url,
  );
  return createHmac('sha1', authToken).update(signed).digest('base64');
}

/** A forged, unsigned or unreadable report: refused, and nothing changes. */
const refused = () => new ApiError('CALLBACK_BAD_SIGNATURE', 'The report is not signed by us.');

/** A form body as text (the parser below), or a JSON body as parsed, as flat text fields. */
function fieldsOf(request: FastifyRequest): URLSearchParams {
  const fields = new URLSearchParams(request.query as Record<string, string>);
  const body: unknown = request.body;
  if (typeof body === 'string') {
    for (const [name, value] of new URLSearchParams(body)) fields.append(name, value);
  } else if (typeof body === 'object' && body !== null) {
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === 'string' || typeof value === 'number') fields.set(name, String(value));
    }
  }
  return fields;
}

/** Seconds from a code's request to its SMS delivered: the queue, the provider, the carrier. */
const DELIVERY_BUCKETS = [1, 2, 5, 10, 20, 30, 60, 120, 300];

/** The histogram, made once per registry (both listeners' apps may share a container). */
function smsDeliveredAfter(registry: Registry): Histogram {
  const name = 'sms_request_to_delivered_seconds';
  const made = registry.getSingleMetric(name);
  if (made instanceof Histogram) return made;
  return new Histogram({
    name,
    help: 'Time from an SMS code’s request to the provider reporting it delivered (first report).',
    buckets: DELIVERY_BUCKETS,
    registers: [registry],
  });
}

/**
 * The providers' delivery reports: Twilio's status callback (signed with X-Twilio-Signature)
 * with SMS_PROVIDER=twilio, the HTTP provider's report (a shared secret) with SMS_PROVIDER=http
 * and SMS_HTTP_REPORT_SECRET. A report for a message we do not know is answered 200 too, so the
 * provider does not retry it for ever. The API's per-address budget applies.
 */
export function smsDeliveryRoutes(container: ServerContainer): FastifyPluginAsync {
  return async (app) => {
    const { config } = container;
    // Providers post forms; the raw text is parsed here (Twilio's signature covers its fields).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    const deliveredAfter = smsDeliveredAfter(container.metrics.registry);
    const record = async (report: SmsDeliveryReport) => {
      container.metrics.smsDelivery.inc({ status: report.status });
      const { deliveredAfterMs } = await container.recordSmsDelivery.execute(report);
      if (deliveredAfterMs !== undefined) deliveredAfter.observe(deliveredAfterMs / 1000);
      return success('Report recorded');
    };

    if (config.smsProvider === 'twilio') {
      app.post(
        SMS_REPORT_PATHS.twilio,
        {
          schema: { summary: 'Twilio’s status callback for an SMS', tags: TAGS, response: ANSWERS },
        },
        async (request) => {
          const form = typeof request.body === 'string' ? new URLSearchParams(request.body) : null;
          const signature = request.headers['x-twilio-signature'];
          const url = `${config.publicUrl}/api${SMS_REPORT_PATHS.twilio}`;
          if (form === null || typeof signature !== 'string') throw refused();
          if (!sameText(signature, twilioSignature(config.twilio.authToken, url, form))) {
            throw refused();
          }
          const sid = form.get('MessageSid');
          const status = twilioDeliveryStatus(form.get('MessageStatus') ?? '');
          if (!sid || status === null) return success('Report ignored');
          return record({ providerMessageId: sid, status, error: form.get('ErrorCode') || null });
        },
      );
    }
    const report = config.smsHttp?.report;
    if (config.smsProvider === 'http' && report) httpReportRoutes(app, report, record);
  };
}

function httpReportRoutes(
  app: FastifyInstance,
  report: SmsHttpReportConfig,
  record: (report: SmsDeliveryReport) => Promise<unknown>,
): void {
  const handler = async (request: FastifyRequest) => {
    const fields = fieldsOf(request);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const secret = bearer ?? fields.get('secret') ?? '';
    if (!sameText(secret, report.secret)) throw refused();
    const id = fields.get(report.idField);
    const status = report.statuses[fields.get(report.statusField) ?? ''];
    if (!id || status === undefined) return success('Report ignored');
    return record({
      providerMessageId: id,
      status,
      error: status === 'failed' ? fields.get(report.errorField) || null : null,
    });
  };
  const schema = { summary: 'The SMS provider’s delivery report', tags: TAGS, response: ANSWERS };
  app.post(SMS_REPORT_PATHS.http, { schema }, handler);
  app.get(SMS_REPORT_PATHS.http, { schema }, handler);
}
