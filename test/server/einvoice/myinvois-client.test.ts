import { createHash } from 'node:crypto';
import { consolidatedInvoice } from '../../../server/einvoice/consolidated-invoice';
import {
  MYINVOIS_BASE_URLS,
  MyInvoisClient,
  MyInvoisError,
} from '../../../server/einvoice/myinvois-client';
import { signDocument } from '../../../server/einvoice/signature';
import { selfSigned } from './support/certificate';
import { startFakeMyInvois, type FakeMyInvois } from './support/fake-myinvois';
import { SELLER } from './support/seller';

let fake: FakeMyInvois;
let clock: number;

beforeEach(async () => {
  fake = await startFakeMyInvois();
  clock = Date.UTC(2026, 11, 1, 0, 30);
});
afterEach(() => fake.close());

const client = (onBehalfOf: string | null = null): MyInvoisClient =>
  new MyInvoisClient({
    baseUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    onBehalfOf,
    now: () => clock,
  });

const { certificate, privateKey } = selfSigned();
const unsigned = consolidatedInvoice({
  id: 'CON-2026-11-1',
  month: '2026-11',
  issuedAt: new Date('2026-12-01T00:30:00Z'),
  seller: SELLER,
  payments: [{ receiptNumber: 'R-2026-000001', amountSen: 5_000 }],
});
const document = signDocument(unsigned, { certificate, privateKey }, new Date());

describe('the MyInvois client', () => {
  it('knows the sandbox and production hosts', () => {
    expect(MYINVOIS_BASE_URLS).toEqual({
      sandbox: 'https://preprod-api.myinvois.hasil.gov.my',
      production: 'https://api.myinvois.hasil.gov.my',
    });
  });

  it('logs in with client credentials for InvoicingAPI and submits the exact bytes', async () => {
    const answer = await client().submit([{ codeNumber: 'CON-2026-11-1', document }]);
    expect(answer).toEqual({
      submissionUid: 'SUB00000000000000000000001',
      accepted: [{ uuid: 'UUID1', codeNumber: 'CON-2026-11-1' }],
      rejected: [],
    });
    const [login, submit] = fake.seen;
    expect(Object.fromEntries(new URLSearchParams(login.body))).toEqual({
      client_id: 'portal-client',
      client_secret: 'portal-secret',
      grant_type: 'client_credentials',
      scope: 'InvoicingAPI',
    });
    expect(login.headers.onbehalfof).toBeUndefined();
    expect(submit.headers.authorization).toBe('Bearer token-1');
    const sent = (JSON.parse(submit.body) as { documents: Record<string, string>[] }).documents[0];
    const bytes = Buffer.from(JSON.stringify(document));
    expect(sent).toEqual({
      format: 'JSON',
      document: bytes.toString('base64'),
      documentHash: createHash('sha256').update(bytes).digest('hex'),
      codeNumber: 'CON-2026-11-1',
    });
  });

  it('sees a document refused whose signature does not verify', async () => {
    const answer = await client().submit([
      { codeNumber: 'CON-2026-11-1', document },
      { codeNumber: 'CON-2026-11-2', document: unsigned },
    ]);
    expect(answer.accepted).toEqual([{ uuid: 'UUID1', codeNumber: 'CON-2026-11-1' }]);
    expect(answer.rejected).toEqual([
      {
        codeNumber: 'CON-2026-11-2',
        error: {
          code: 'InvalidSignature',
          message: 'Signature validation failed',
          details: ['the document carries no complete signature'],
        },
      },
    ]);
  });

  it('keeps its token, renews it a minute before it expires and once on a 401', async () => {
    const myinvois = client();
    await myinvois.submission('SUB1');
    await myinvois.submission('SUB1');
    expect(fake.tokensIssued()).toBe(1);
    clock += (3600 - 59) * 1000;
    await myinvois.submission('SUB1');
    expect(fake.tokensIssued()).toBe(2);
    fake.revokeTokens();
    const status = await myinvois.submission('SUB1');
    expect(fake.tokensIssued()).toBe(3);
    expect(status).toEqual({
      overallStatus: 'valid',
      documents: [
        { uuid: 'UUID1', codeNumber: 'CON-2026-11-1', status: 'Valid', longId: 'LONG ID 1' },
      ],
    });
  });

  it('shares one login between calls made together', async () => {
    const myinvois = client();
    await Promise.all([
      myinvois.submission('A'),
      myinvois.submission('B'),
      myinvois.submission('C'),
    ]);
    expect(fake.tokensIssued()).toBe(1);
  });

  it('logs in on behalf of the represented taxpayer when it is an intermediary', async () => {
    await client('C12345678901').submission('SUB1');
    expect(fake.seen[0].headers.onbehalfof).toBe('C12345678901');
  });

  it('validates a TIN: known, unknown', async () => {
    fake.knownTins.add('C12345678901:BRN:202001234567');
    const myinvois = client();
    await expect(myinvois.validateTin('C12345678901', 'BRN', '202001234567')).resolves.toBe(true);
    await expect(myinvois.validateTin('C12345678901', 'BRN', '202001234568')).resolves.toBe(false);
  });

  it('says MyInvois refused the credentials, and logs in again on the next call', async () => {
    const wrong = new MyInvoisClient({
      baseUrl: fake.url,
      clientId: fake.clientId,
      clientSecret: 'wrong',
      onBehalfOf: null,
    });
    const refusal = await wrong.submission('SUB1').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MyInvoisError);
    expect(refusal).toMatchObject({ status: 400, body: { error: 'invalid_client' } });
    expect((refusal as Error).message).not.toContain('wrong');
    await expect(wrong.submission('SUB1')).rejects.toBeInstanceOf(MyInvoisError);
    expect(fake.seen.filter((r) => r.path === '/connect/token')).toHaveLength(2);
  });
});
