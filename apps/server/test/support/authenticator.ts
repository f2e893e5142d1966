import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software passkey for API tests: an ES256 key pair that answers WebAuthn options the way a platform
 * authenticator with user verification does (attestation "none"), encoded as the browser's JSON.
 */

// ---- a minimal CBOR encoder (maps, byte and text strings, small integers)
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor> | { [k: string]: Cbor };
function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const b = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, b.length), b]);
  }
  if (Buffer.isBuffer(v)) return Buffer.concat([head(2, v.length), v]);
  const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();
const b64u = (b: Buffer) => b.toString('base64url');

export interface SoftPasskey {
  credentialId: string;
  /** navigator.credentials.create() for these options, as RegistrationResponseJSON. */
  register(options: any, origin?: string): any;
  /** navigator.credentials.get() for these options, as AuthenticationResponseJSON. */
  assert(options: any, origin?: string, overrides?: { challenge?: string }): any;
}

export function softPasskey(): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = (publicKey as KeyObject).export({ format: 'jwk' }) as { x: string; y: string };
  const credId = randomBytes(16);
  let counter = 0;
  let userHandle = '';
  const flags = 0x01 | 0x04; // user present, user verified

  const authData = (rpId: string, attested: boolean) => {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(++counter);
    const parts: Buffer[] = [sha256(rpId), Buffer.from([flags | (attested ? 0x40 : 0)]), c];
    if (attested) {
      const cose = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x, 'base64url')],
          [-3, Buffer.from(jwk.y, 'base64url')],
        ]),
      );
      const len = Buffer.alloc(2);
      len.writeUInt16BE(credId.length);
      parts.push(Buffer.alloc(16), len, credId, cose);
    }
    return Buffer.concat(parts);
  };

  return {
    credentialId: b64u(credId),
    register(options, origin = 'http://localhost') {
      userHandle = options.user.id;
      const clientData = Buffer.from(
        JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
      );
      const ad = authData(options.rp.id, true);
      const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData: ad });
      return {
        id: b64u(credId),
        rawId: b64u(credId),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(clientData),
          attestationObject: b64u(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
    assert(options, origin = 'http://localhost', overrides = {}) {
      const clientData = Buffer.from(
        JSON.stringify({
          type: 'webauthn.get',
          challenge: overrides.challenge ?? options.challenge,
          origin,
          crossOrigin: false,
        }),
      );
      const ad = authData(options.rpId, false);
      const signature = sign('sha256', Buffer.concat([ad, sha256(clientData)]), privateKey);
      return {
        id: b64u(credId),
        rawId: b64u(credId),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(clientData),
          authenticatorData: b64u(ad),
          signature: b64u(signature),
          userHandle: userHandle || undefined,
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
  };
}
