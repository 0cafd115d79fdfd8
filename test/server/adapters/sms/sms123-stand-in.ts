import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

export interface Sms123Request {
  method: string;
  path: string;
  query: URLSearchParams;
}

/**
 * A local stand-in for SMS123's HTTP API as its published page describes it (GET
 * /api/send.php with apiKey, recipients, messageContent and referenceID; a JSON answer whose
 * status is ok or error, with a msgCode and the provider's referenceID), for the worked example
 * of SMS_PROVIDER=http. `status` forces an HTTP status, as an aggregator having a bad day.
 */
export class Sms123StandIn {
  readonly received: Sms123Request[] = [];
  status = 200;
  private readonly references = new Set<string>();
  private server: Server | undefined;

  constructor(readonly apiKey: string) {}

  async start(): Promise<string> {
    this.server = createServer((req: IncomingMessage, res) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const request = { method: req.method ?? '', path: url.pathname, query: url.searchParams };
      this.received.push(request);
      const answer = (status: number, body: object) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (this.status !== 200) return answer(this.status, { status: 'error' });
      if (request.path !== '/api/send.php' || request.method !== 'GET') {
        return answer(404, { status: 'error' });
      }
      const q = request.query;
      if (q.get('apiKey') !== this.apiKey)
        return answer(200, { status: 'error', msgCode: 'E00359' });
      if (!q.get('recipients')) return answer(200, { status: 'error', msgCode: 'E00248' });
      if (!q.get('messageContent')) return answer(200, { status: 'error', msgCode: 'E00243' });
      const reference = q.get('referenceID') ?? '';
      if (this.references.has(reference)) {
        return answer(200, { status: 'error', msgCode: 'BE00096' });
      }
      this.references.add(reference);
      return answer(200, {
        status: 'ok',
        msgCode: 'E00001',
        referenceID: `S123-${this.references.size}`,
        balance: '99',
        data: [{ recipient: q.get('recipients'), referenceID: `S123-${this.references.size}` }],
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
