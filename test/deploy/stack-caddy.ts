import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's Caddy on the host with deploy/test/Caddyfile.stack, its CA in a directory of its own. */
export interface Caddy {
  /** Caddy's own root certificate (tls internal), PEM: what a member's machine would trust. */
  rootPem: string;
  /** Its data directory, where the root certificate lives (mounted into the sandbox gateway). */
  dataDir: string;
  stop(): Promise<void>;
}

export async function startCaddy(ports: Record<string, string>): Promise<Caddy> {
  const home = mkdtempSync(path.join(tmpdir(), 'stack-caddy-'));
  const dataDir = path.join(home, 'data');
  let output = '';
  const child: ChildProcess = spawn(
    'caddy',
    ['run', '--config', 'deploy/test/Caddyfile.stack', '--adapter', 'caddyfile'],
    {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_DATA_HOME: dataDir,
        XDG_CONFIG_HOME: path.join(home, 'config'),
        ...ports,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const root = path.join(dataDir, 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  for (let waited = 0; !existsSync(root); waited += 100) {
    if (child.exitCode !== null || waited > 20_000) {
      child.kill('SIGKILL');
      throw new Error(`Caddy did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    rootPem: readFileSync(root, 'utf8'),
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  body: { status?: number; code?: string; data?: Record<string, unknown> };
}

/**
 * A member's HTTPS client for `origin`, trusting Caddy's root only (the certificate chain and
 * the host name are checked), over keep-alive connections as a browser keeps them.
 */
export function httpsClient(origin: string, rootPem: string) {
  const agent = new Agent({ ca: rootPem, keepAlive: true, maxSockets: 16 });
  const call = (
    method: 'GET' | 'POST',
    pathname: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const body = options.body === undefined ? undefined : JSON.stringify(options.body);
      const outgoing = request(
        `${origin}/api${pathname}`,
        {
          method,
          agent,
          timeout: 10_000,
          headers: {
            accept: 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...(body !== undefined
              ? { 'content-type': 'application/json' }
              : method === 'POST'
                ? { 'content-length': '0' }
                : {}),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            let parsed: Answer['body'] = {};
            try {
              parsed = JSON.parse(text) as Answer['body'];
            } catch {
              // Not JSON (Caddy's own 502): the status says enough.
            }
            resolve({ status: response.statusCode ?? 0, body: parsed });
          });
          response.on('error', reject);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  return { call, close: () => agent.destroy() };
}
