import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { type AddressInfo } from 'node:net';
import { signatureProblems } from '../../../../server/einvoice/signature-check';
import type { UblDocument } from '../../../../server/einvoice/ubl';

/** What the fake saw of one request. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/**
 * A MyInvois of the test's making, answering as the SDK's pages describe: tokens for the right
 * client, 401 for a token it has revoked, submissions taken with 202 (a document whose hash or
 * signature does not verify among the rejected ones), their status, and the TIN check (200 or 404).
 */
export interface FakeMyInvois {
  readonly url: string;
  readonly seen: SeenRequest[];
  readonly clientId: string;
  readonly clientSecret: string;
  /** Seconds a token lives, as expires_in says. */
  tokenLifetime: number;
  /** TIN:idType:idValue triples MyInvois knows. */
  readonly knownTins: Set<string>;
  /** Makes every token issued so far answer 401. */
  revokeTokens(): void;
  tokensIssued(): number;
  close(): Promise<void>;
}

interface SubmittedJson {
  readonly format: string;
  readonly document: string;
  readonly documentHash: string;
  readonly codeNumber: string;
}

/** MyInvois' own checks of a submitted document: its hash, then its signature. */
function check(submitted: SubmittedJson): string[] {
  const bytes = Buffer.from(submitted.document, 'base64');
  if (createHash('sha256').update(bytes).digest('hex') !== submitted.documentHash) {
    return ['the document hash does not match the document'];
  }
  return signatureProblems(JSON.parse(bytes.toString('utf8')) as UblDocument);
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeMyInvois(): Promise<FakeMyInvois> {
  const live = new Set<string>();
  let issued = 0;
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      seen.push({
        method: req.method ?? '',
        path: url.pathname + url.search,
        headers: req.headers,
        body,
      });
      const answer = (status: number, value?: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(value === undefined ? '' : JSON.stringify(value));
      };
      if (url.pathname === '/connect/token') {
        const form = new URLSearchParams(body);
        if (
          form.get('client_id') !== fake.clientId ||
          form.get('client_secret') !== fake.clientSecret
        ) {
          answer(400, { error: 'invalid_client' });
          return;
        }
        issued += 1;
        const token = `token-${issued}`;
        live.add(token);
        answer(200, {
          access_token: token,
          token_type: 'Bearer',
          expires_in: fake.tokenLifetime,
          scope: 'InvoicingAPI',
        });
        return;
      }
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!live.has(token)) {
        answer(401);
        return;
      }
      const validate = /^\/api\/v1\.0\/taxpayer\/validate\/([^/]+)$/.exec(url.pathname);
      if (validate !== null) {
        const key = `${decodeURIComponent(validate[1])}:${url.searchParams.get('idType')}:${url.searchParams.get('idValue')}`;
        answer(fake.knownTins.has(key) ? 200 : 404);
        return;
      }
      if (req.method === 'POST' && url.pathname === '/api/v1.0/documentsubmissions/') {
        const { documents } = JSON.parse(body) as { documents: SubmittedJson[] };
        const checked = documents.map((d) => ({ codeNumber: d.codeNumber, problems: check(d) }));
        answer(202, {
          submissionUid: 'SUB00000000000000000000001',
          acceptedDocuments: checked
            .filter((d) => d.problems.length === 0)
            .map((d, i) => ({ uuid: `UUID${i + 1}`, invoiceCodeNumber: d.codeNumber })),
          rejectedDocuments: checked
            .filter((d) => d.problems.length > 0)
            .map((d) => ({
              invoiceCodeNumber: d.codeNumber,
              error: {
                code: 'InvalidSignature',
                message: 'Signature validation failed',
                details: d.problems,
              },
            })),
        });
        return;
      }
      if (req.method === 'GET' && url.pathname.startsWith('/api/v1.0/documentsubmissions/')) {
        answer(200, {
          submissionUid: url.pathname.split('/').pop(),
          documentCount: 1,
          overallStatus: 'valid',
          documentSummary: [
            { uuid: 'UUID1', internalId: 'CON-2026-11-1', status: 'Valid', longId: 'LONG ID 1' },
          ],
        });
        return;
      }
      answer(404, { error: { code: 'NotFound' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: FakeMyInvois = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    clientId: 'portal-client',
    clientSecret: 'portal-secret',
    tokenLifetime: 3600,
    knownTins: new Set(),
    revokeTokens: () => live.clear(),
    tokensIssued: () => issued,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
