import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/** Minimal CBOR (RFC 8949) encoding: unsigned and negative integers, bytes, text, maps. */
type Cbor = number | Uint8Array | string | CborMap | CborRecord;
type CborMap = Map<number | string, Cbor>;
interface CborRecord {
  [key: string]: Cbor;
}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([key, entry]) => [cbor(key), cbor(entry)]),
  ]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/**
 * A WebAuthn authenticator in software, for route tests: a real P-256 key pair per credential,
 * real ES256 signatures, attestation 'none' in CBOR. Its answers can be bent (origin, flags,
 * counter, challenge) to show what the server refuses.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;

  constructor(
    private readonly origin: string,
    private readonly rpId: string,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x ?? '', y: jwk.y ?? '' };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(this.rpId),
      Buffer.from([flags]),
      count,
      attested ?? Buffer.alloc(0),
    ]);
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** A registration answer (navigator.credentials.create) to `challenge`. */
  register(challenge: string, bend: { origin?: string; userVerified?: boolean } = {}) {
    const cose = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cose]);
    // UP (0x01), UV (0x04) unless bent, AT (0x40).
    const flags = 0x01 | (bend.userVerified === false ? 0 : 0x04) | 0x40;
    const attestationObject = cbor({
      fmt: 'none',
      attStmt: new Map(),
      authData: this.authData(flags, this.counter, attested),
    });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', challenge, bend.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** A sign-in answer (navigator.credentials.get) to `challenge`; the counter moves on first. */
  authenticate(
    challenge: string,
    bend: { origin?: string; userVerified?: boolean; counter?: number } = {},
  ) {
    this.counter = bend.counter ?? this.counter + 1;
    const authenticatorData = this.authData(
      0x01 | (bend.userVerified === false ? 0 : 0x04),
      this.counter,
    );
    const clientDataJSON = this.clientData('webauthn.get', challenge, bend.origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}
