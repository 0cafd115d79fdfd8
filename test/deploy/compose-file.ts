import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export const DEPLOY_DIR = path.join(__dirname, '..', '..', 'deploy');

/** A `${...}` reference as compose reads it: `${NAME}`, `${NAME:-default}`, `${NAME:?message}`. */
export interface Reference {
  name: string;
  /** `:-`/`-` (a default), `:?`/`?` (required, with the message), or none. */
  kind: 'default' | 'required' | 'plain';
  /** The default or the message. */
  argument: string;
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g;

/** The references in a compose file's text, its comment lines left out. */
export function referencesIn(text: string): Reference[] {
  const code = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n');
  return [...code.replaceAll('$$', '').matchAll(REFERENCE)].map((match) => ({
    name: match[1] ?? '',
    kind: match[2]?.endsWith('?') ? 'required' : match[2] ? 'default' : 'plain',
    argument: match[3] ?? '',
  }));
}

/**
 * Compose's interpolation of one string: a required variable missing or empty throws its
 * message, as `docker compose` refuses to start then.
 */
export function interpolate(text: string, env: Readonly<Record<string, string>>): string {
  return text
    .replace(REFERENCE, (_whole, name: string, operator: string | undefined, arg = '') => {
      const value = env[name];
      const empty = value === undefined || (operator?.startsWith(':') === true && value === '');
      if (operator?.endsWith('?') && empty) throw new Error(`${name}: ${arg}`);
      if (operator?.endsWith('-') && empty) return String(arg);
      return value ?? '';
    })
    .replaceAll('$$', '$');
}

export type Yaml = null | boolean | number | string | Yaml[] | { [key: string]: Yaml };

function interpolateAll(value: Yaml, env: Readonly<Record<string, string>>): Yaml {
  if (typeof value === 'string') return interpolate(value, env);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, env));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateAll(item, env)]),
    );
  }
  return value;
}

export interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  profiles?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  network_mode?: string;
  read_only?: boolean;
  stop_grace_period?: string;
  user?: string;
}

export interface ComposeFile {
  services: Record<string, Service>;
  networks: Record<
    string,
    { internal?: boolean; ipam?: { config: { subnet: string; gateway: string }[] } }
  >;
  volumes: Record<string, unknown>;
}

export const composeText = (): string =>
  readFileSync(path.join(DEPLOY_DIR, 'compose.yaml'), 'utf8');

/** deploy/compose.yaml with its anchors merged and `env` interpolated, as compose reads it. */
export function readCompose(env: Readonly<Record<string, string>>): ComposeFile {
  const raw = parse(composeText(), { merge: true }) as Yaml;
  return interpolateAll(raw, env) as unknown as ComposeFile;
}

/** The `NAME=value` lines of a .env file (comments and blank lines left out). */
export function readEnvFile(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
    .map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)] as const;
    });
  return Object.fromEntries(entries);
}

/** Whether an IPv4 address lies in a CIDR block. */
export function inBlock(address: string, block: string): boolean {
  const [base = '', bits = '32'] = block.split('/');
  const toNumber = (ip: string): number =>
    ip.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
  const size = 2 ** (32 - Number(bits));
  return Math.floor(toNumber(address) / size) === Math.floor(toNumber(base) / size);
}

/** The names of the networks a service joins. */
export const networksOf = (service: Service): string[] =>
  Array.isArray(service.networks) ? service.networks : Object.keys(service.networks ?? {});
