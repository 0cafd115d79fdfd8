import http from 'node:http';
import { Secret, TOTP } from 'otpauth';
import { CSRF_HEADER, OpsPaths, type OpsSessionResponse } from '../../src/contract/ops-api';
import { OpsPaymentPaths } from '../../src/contract/ops-payments-api';
import { rssMiB } from './memory';

/** The console bench's own HTTP calls: enrolment and sign-in, and the CSV export. */

const OPS_PASSWORD = 'a long operator password for the bench';

interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

/** One call from `localAddress` (a loopback address of its own: one operator, one desk). */
function call(port: number, path: string, body: unknown, localAddress: string): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/api${path}`,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text,
            cookies: response.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const STEP_MS = 30_000;
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/**
 * Enrols the operator of `token` (a password and an authenticator app, as an operator does it
 * from the console's enrolment page) and signs them in with the next code, from `localAddress`:
 * sign-in and enrolment are limited to 10 a minute per address. Resolves with the session cookie.
 */
export async function enrolAndSignIn(
  port: number,
  token: string,
  email: string,
  localAddress: string,
): Promise<SignedIn> {
  const started = await call(port, OpsPaths.enrolmentStart, { token }, localAddress);
  if (started.status !== 200) throw new Error(`enrolment start: ${started.body}`);
  const secret = (JSON.parse(started.body) as { data: { totp_secret: string } }).data.totp_secret;
  // The previous step's code (the server takes one step either way), so that the current one,
  // later than it, signs in: a code is taken once. On a loaded machine the call can take long
  // enough for that step to fall out of the window: then the current code enrols, the next signs
  // in (also within the window).
  const enrol = (at: number) =>
    call(
      port,
      OpsPaths.enrolmentFinish,
      { token, password: OPS_PASSWORD, totp_code: codeAt(secret, at) },
      localAddress,
    );
  let signInAt = Date.now();
  let finished = await enrol(signInAt - STEP_MS);
  if (finished.status === 400 && finished.body.includes('"totp_code"')) {
    signInAt = Date.now() + STEP_MS;
    finished = await enrol(signInAt - STEP_MS);
  }
  if (finished.status !== 200) throw new Error(`enrolment: ${finished.body}`);
  const signedIn = await call(
    port,
    OpsPaths.signIn,
    { email, password: OPS_PASSWORD, totp_code: codeAt(secret, signInAt) },
    localAddress,
  );
  const cookie = signedIn.cookies.find((c) => c.startsWith('ops_session='));
  if (signedIn.status !== 200 || cookie === undefined) throw new Error(`sign-in: ${signedIn.body}`);
  const { csrf_token: csrf } = (JSON.parse(signedIn.body) as { data: OpsSessionResponse }).data;
  return { cookie: cookie.split(';')[0], csrf };
}

/** An operator's session: its cookie, and the CSRF token its writes (and exports) carry. */
export interface SignedIn {
  cookie: string;
  csrf: string;
}

interface ExportFigure {
  status: number;
  rows: number;
  seconds: number;
  /** The server's VmRSS just before the request, and the highest read while it ran (MiB). */
  rssBefore: number;
  rssPeak: number;
}

/**
 * The CSV export of every payment, read as fast as it comes, its lines counted (the header
 * aside), while the server process's VmRSS (`pid`) is read every 20 ms.
 */
export function exportAll(port: number, operator: SignedIn, pid: number): Promise<ExportFigure> {
  const rssBefore = rssMiB(pid) ?? 0;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(pid) ?? 0)), 20);
  const started = performance.now();
  return new Promise<ExportFigure>((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api${OpsPaymentPaths.paymentsExport}`,
        // Audited like a write: the export needs the session's CSRF token too.
        headers: { cookie: operator.cookie, [CSRF_HEADER]: operator.csrf },
      },
      (response) => {
        let lines = 0;
        response.on('data', (chunk: Buffer) => {
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
        });
        response.on('end', () => {
          clearInterval(sampler);
          rssPeak = Math.max(rssPeak, rssMiB(pid) ?? 0);
          resolve({
            status: response.statusCode ?? 0,
            rows: Math.max(0, lines - 1),
            seconds: (performance.now() - started) / 1000,
            rssBefore,
            rssPeak,
          });
        });
      },
    );
    request.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
  });
}
