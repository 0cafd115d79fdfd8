import { createHash } from 'node:crypto';
import type { UblDocument } from './ubl';

/**
 * MyInvois' API as the SDK documents it: an OAuth 2.0 client-credentials token (scope
 * InvoicingAPI) from /connect/token, kept until a minute before it expires and renewed once when
 * an answer says 401; an intermediary logs in with the taxpayer's TIN in the onbehalfof header.
 * Documents go as the base64 of their exact bytes with the SHA-256 of those bytes in hex.
 */
export type MyInvoisEnvironment = 'sandbox' | 'production';

export const MYINVOIS_BASE_URLS: Readonly<Record<MyInvoisEnvironment, string>> = {
  sandbox: 'https://preprod-api.myinvois.hasil.gov.my',
  production: 'https://api.myinvois.hasil.gov.my',
};

export interface MyInvoisClientOptions {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The represented taxpayer's TIN (or TIN:BRN) when we log in as an intermediary. */
  readonly onBehalfOf: string | null;
  readonly fetch?: typeof fetch;
  /** Milliseconds since the epoch; a fake clock in tests. */
  readonly now?: () => number;
  readonly timeoutMs?: number;
}

export interface SubmittedDocument {
  /** Our document number, MyInvois' codeNumber. */
  readonly codeNumber: string;
  readonly document: UblDocument;
}

export interface SubmissionAnswer {
  readonly submissionUid: string;
  readonly accepted: readonly { readonly uuid: string; readonly codeNumber: string }[];
  readonly rejected: readonly { readonly codeNumber: string; readonly error: unknown }[];
}

export type DocumentStatus = 'Submitted' | 'Valid' | 'Invalid' | 'Cancelled';

export interface SubmissionStatus {
  readonly overallStatus: 'in progress' | 'valid' | 'partially valid' | 'invalid';
  readonly documents: readonly {
    readonly uuid: string;
    readonly codeNumber: string;
    readonly status: DocumentStatus;
    /** Given for a valid document only: the key of its public validation link. */
    readonly longId: string | null;
  }[];
}

/** MyInvois answered with an error; `body` is its answer as sent (the standard error object). */
export class MyInvoisError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`MyInvois answered ${status}`);
    this.name = 'MyInvoisError';
  }
}

/** Renew this long before the token's stated end, so that no call carries a dying token. */
const RENEW_BEFORE_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 30_000;

interface Token {
  readonly value: string;
  readonly renewAt: number;
}

export class MyInvoisClient {
  private token: Promise<Token> | null = null;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: MyInvoisClientOptions) {
    this.fetch = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
  }

  async submit(documents: readonly SubmittedDocument[]): Promise<SubmissionAnswer> {
    const body = {
      documents: documents.map(({ codeNumber, document }) => {
        const bytes = Buffer.from(JSON.stringify(document));
        return {
          format: 'JSON',
          document: bytes.toString('base64'),
          documentHash: createHash('sha256').update(bytes).digest('hex'),
          codeNumber,
        };
      }),
    };
    const answer = (await this.call('POST', '/api/v1.0/documentsubmissions/', body)) as {
      submissionUid: string;
      acceptedDocuments?: { uuid: string; invoiceCodeNumber: string }[];
      rejectedDocuments?: { invoiceCodeNumber: string; error: unknown }[];
    };
    return {
      submissionUid: answer.submissionUid,
      accepted: (answer.acceptedDocuments ?? []).map((d) => ({
        uuid: d.uuid,
        codeNumber: d.invoiceCodeNumber,
      })),
      rejected: (answer.rejectedDocuments ?? []).map((d) => ({
        codeNumber: d.invoiceCodeNumber,
        error: d.error,
      })),
    };
  }

  async submission(submissionUid: string): Promise<SubmissionStatus> {
    const path = `/api/v1.0/documentsubmissions/${encodeURIComponent(submissionUid)}?pageNo=1&pageSize=100`;
    const answer = (await this.call('GET', path)) as {
      overallStatus: SubmissionStatus['overallStatus'];
      documentSummary?: {
        uuid: string;
        internalId: string;
        status: DocumentStatus;
        longId?: string;
      }[];
    };
    return {
      overallStatus: answer.overallStatus,
      documents: (answer.documentSummary ?? []).map((d) => ({
        uuid: d.uuid,
        codeNumber: d.internalId,
        status: d.status,
        longId: d.longId !== undefined && d.longId !== '' ? d.longId : null,
      })),
    };
  }

  /** Whether MyInvois knows this TIN with this identification; false on its 404. */
  async validateTin(
    tin: string,
    idType: 'NRIC' | 'PASSPORT' | 'BRN' | 'ARMY',
    idValue: string,
  ): Promise<boolean> {
    const query = new URLSearchParams({ idType, idValue });
    try {
      await this.call('GET', `/api/v1.0/taxpayer/validate/${encodeURIComponent(tin)}?${query}`);
      return true;
    } catch (error) {
      if (error instanceof MyInvoisError && error.status === 404) return false;
      throw error;
    }
  }

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    let response = await this.send(method, path, body, await this.bearer());
    if (response.status === 401) {
      // The token was revoked or expired early: one new token, one retry.
      this.token = null;
      response = await this.send(method, path, body, await this.bearer());
    }
    const text = await response.text();
    const parsed: unknown = text === '' ? null : safeJson(text);
    if (!response.ok) throw new MyInvoisError(response.status, parsed);
    return parsed;
  }

  private send(method: string, path: string, body: unknown, token: string): Promise<Response> {
    return this.fetch(`${this.options.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  }

  private async bearer(): Promise<string> {
    const current = this.token;
    if (current !== null) {
      const token = await current.catch(() => null);
      if (token !== null && this.now() < token.renewAt) return token.value;
      if (this.token === current) this.token = null;
    }
    // One login at a time: callers arriving while it runs share its answer.
    this.token ??= this.login();
    return (await this.token).value;
  }

  private async login(): Promise<Token> {
    const { baseUrl, clientId, clientSecret, onBehalfOf } = this.options;
    const response = await this.fetch(`${baseUrl}/connect/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...(onBehalfOf === null ? {} : { onbehalfof: onBehalfOf }),
      },
      body: new URLSearchParams({
        client_id: clientId,
        client_secret: clientSecret,
        grant_type: 'client_credentials',
        scope: 'InvoicingAPI',
      }).toString(),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    const parsed = safeJson(await response.text()) as {
      access_token?: string;
      expires_in?: number;
    } | null;
    if (!response.ok || typeof parsed?.access_token !== 'string') {
      this.token = null;
      throw new MyInvoisError(response.status, parsed);
    }
    const lifetimeMs = (parsed.expires_in ?? 3600) * 1000;
    return { value: parsed.access_token, renewAt: this.now() + lifetimeMs - RENEW_BEFORE_MS };
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
