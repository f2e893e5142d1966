import type { ChallengePurpose, Db, Tx } from '@kabuto/db';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Env } from '../config.ts';
import { newToken, tokenHash } from '../lib/crypto.ts';
import { refuse } from '../lib/errors.ts';

/**
 * Passkeys (WebAuthn) for users and operators, on SimpleWebAuthn, and the server-side challenges they
 * and the other sign-in steps use. Every challenge is stored as a SHA-256, expires, and is used once.
 * Timers here run on real time (not the simulated market clock): an authenticator lives in real time.
 */

type Q = Db | Tx;
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const MAX_PASSKEYS = 10;
const RP_NAME = 'Kabuto';

export type Owner = { user_id: bigint } | { operator_id: bigint };
const ownerWhere = (owner: Owner) =>
  'user_id' in owner ? (['user_id', owner.user_id] as const) : (['operator_id', owner.operator_id] as const);

// ---------------------------------------------------------------- challenges

/** Store a challenge value (already random, e.g. WebAuthn's) for one purpose. */
export async function storeChallenge(
  q: Q,
  value: string,
  purpose: ChallengePurpose,
  link: { user_id?: bigint; operator_id?: bigint; session_id?: bigint },
  now: number,
  ttlMs = CHALLENGE_TTL_MS,
): Promise<void> {
  await q
    .insertInto('auth_challenge')
    .values({
      purpose,
      value_hash: tokenHash(value),
      user_id: link.user_id ?? null,
      operator_id: link.operator_id ?? null,
      session_id: link.session_id ?? null,
      created_at: new Date(now),
      expires_at: new Date(now + ttlMs),
    })
    .execute();
}

/** A new random one-time value (tickets, step-up proofs) stored for `purpose`; returns the value. */
export async function issueChallenge(
  q: Q,
  purpose: ChallengePurpose,
  link: { user_id?: bigint; operator_id?: bigint; session_id?: bigint },
  now: number,
  ttlMs = CHALLENGE_TTL_MS,
): Promise<string> {
  const value = newToken();
  await storeChallenge(q, value, purpose, link, now, ttlMs);
  return value;
}

/**
 * Use a challenge: atomically marks it used if it exists for this purpose, is unused and unexpired.
 * Returns its row, or undefined (unknown, used, expired, other purpose): a replay gets nothing.
 */
export async function consumeChallenge(q: Q, value: string, purpose: ChallengePurpose, now: number) {
  return q
    .updateTable('auth_challenge')
    .set({ used_at: new Date(now) })
    .where('value_hash', '=', tokenHash(value))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .returning(['id', 'user_id', 'operator_id', 'session_id'])
    .executeTakeFirst();
}

/** A challenge that is still usable, without using it (a login ticket across its second step). */
export async function peekChallenge(q: Q, value: string, purpose: ChallengePurpose, now: number) {
  return q
    .selectFrom('auth_challenge')
    .select(['id', 'user_id', 'operator_id', 'session_id', 'attempts'])
    .where('value_hash', '=', tokenHash(value))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .executeTakeFirst();
}

/** Count a failed try against a ticket; at `max` the ticket is used up. Atomic. */
export async function countTicketFailure(q: Q, id: bigint, max: number, now: number): Promise<void> {
  await q
    .updateTable('auth_challenge')
    .set({
      attempts: sql`attempts + 1`,
      used_at: sql`case when attempts + 1 >= ${max} then ${new Date(now)}::timestamptz else used_at end`,
    })
    .where('id', '=', id)
    .execute();
}

/** Expired challenges are no use to anyone; dropped as new ones are made. */
export const pruneChallenges = (q: Q, now: number) =>
  q
    .deleteFrom('auth_challenge')
    .where('expires_at', '<', new Date(now - CHALLENGE_TTL_MS))
    .execute();

// ---------------------------------------------------------------- relying party

export interface RelyingParty {
  rpID: string;
  origins: string[];
}

/**
 * Where passkeys are valid. WEBAUTHN_ORIGINS (comma-separated) with WEBAUTHN_RP_ID (default: the first
 * origin's host) when deployed; unset, only http(s)://localhost[:port] (IP addresses cannot hold passkeys).
 */
export function relyingParty(env: Env, request: FastifyRequest): RelyingParty {
  if (env.WEBAUTHN_ORIGINS) {
    const origins = env.WEBAUTHN_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    return { rpID: env.WEBAUTHN_RP_ID ?? new URL(origins[0]).hostname, origins };
  }
  const host = typeof request.headers.host === 'string' ? request.headers.host : '';
  const m = /^localhost(:\d{1,5})?$/i.exec(host);
  if (!m) return refuse('security.passkeyUnavailable');
  return {
    rpID: 'localhost',
    origins: [`http://localhost${m[1] ?? ''}`, `https://localhost${m[1] ?? ''}`],
  };
}

// ---------------------------------------------------------------- credentials

export const listCredentials = (q: Q, owner: Owner) => {
  const [col, id] = ownerWhere(owner);
  return q
    .selectFrom('webauthn_credential')
    .select([
      'id',
      'credential_id',
      'public_key',
      'counter',
      'transports',
      'name',
      'created_at',
      'last_used_at',
    ])
    .where(col, '=', id)
    .orderBy('id')
    .execute();
};

export const findCredential = (q: Q, credentialId: string) =>
  q
    .selectFrom('webauthn_credential')
    .select(['id', 'user_id', 'operator_id', 'credential_id', 'public_key', 'counter', 'transports'])
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();

/** The challenge inside a WebAuthn response's clientDataJSON ('' when it cannot be read). */
export function challengeOf(response: { response: { clientDataJSON: string } }): string {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'));
    return typeof data?.challenge === 'string' ? data.challenge : '';
  } catch {
    return '';
  }
}

/** Creation options for a new passkey of `owner`: discoverable, user verification required. */
export async function registrationOptions(
  q: Q,
  rp: RelyingParty,
  owner: Owner,
  account: string,
  purpose: ChallengePurpose,
  now: number,
) {
  const existing = await listCredentials(q, owner);
  if (existing.length >= MAX_PASSKEYS) refuse('security.passkeyLimit', { max: MAX_PASSKEYS });
  const prefix = 'user_id' in owner ? 'u' : 'o';
  const id = 'user_id' in owner ? owner.user_id : owner.operator_id;
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: account,
    userDisplayName: account,
    userID: new TextEncoder().encode(`${prefix}${id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await pruneChallenges(q, now);
  await storeChallenge(q, options.challenge, purpose, owner, now);
  return options;
}

/** Verify a new passkey against its (single-use) challenge and store it. */
export async function registerCredential(
  q: Q,
  rp: RelyingParty,
  owner: Owner,
  purpose: ChallengePurpose,
  name: string,
  response: RegistrationResponseJSON,
  now: number,
): Promise<bigint> {
  const challenge = challengeOf(response);
  const row = challenge ? await consumeChallenge(q, challenge, purpose, now) : undefined;
  const [col, ownerId] = ownerWhere(owner);
  if (!row || row[col] !== ownerId) return refuse('security.challengeInvalid');
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
  try {
    const v = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
    info = v.verified ? v.registrationInfo : undefined;
  } catch {
    info = undefined;
  }
  if (!info) return refuse('security.passkeyFailed');
  if (await findCredential(q, info.credential.id)) refuse('security.passkeyExists');
  const { id } = await q
    .insertInto('webauthn_credential')
    .values({
      user_id: 'user_id' in owner ? owner.user_id : null,
      operator_id: 'operator_id' in owner ? owner.operator_id : null,
      credential_id: info.credential.id,
      public_key: info.credential.publicKey,
      counter: BigInt(info.credential.counter),
      transports: JSON.stringify(info.credential.transports ?? []),
      name,
      created_at: new Date(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Request options: for `owner`'s passkeys, or (owner null) any discoverable passkey of this site. */
export async function authenticationOptions(
  q: Q,
  rp: RelyingParty,
  owner: Owner | null,
  purpose: ChallengePurpose,
  link: { user_id?: bigint; operator_id?: bigint; session_id?: bigint },
  now: number,
) {
  const allow = owner ? await listCredentials(q, owner) : [];
  if (owner && allow.length === 0) refuse('security.noFactor');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'required',
    allowCredentials: allow.map((c) => ({ id: c.credential_id, transports: c.transports })),
  });
  await pruneChallenges(q, now);
  await storeChallenge(q, options.challenge, purpose, link, now);
  return options;
}

/**
 * Verify a passkey assertion: its challenge must be one issued for `purpose` (and, when `expect` says so,
 * for that user, operator or session), unused and unexpired; it is used up whatever the outcome. The
 * credential must belong to `owner` when one is given. Returns the credential's owner.
 */
export async function verifyAssertion(
  q: Q,
  rp: RelyingParty,
  purpose: ChallengePurpose,
  response: AuthenticationResponseJSON,
  expect: { owner?: Owner; session_id?: bigint },
  now: number,
): Promise<{ user_id: bigint | null; operator_id: bigint | null }> {
  const challenge = challengeOf(response);
  const row = challenge ? await consumeChallenge(q, challenge, purpose, now) : undefined;
  if (!row) return refuse('security.challengeInvalid');
  if (expect.owner) {
    const [col, id] = ownerWhere(expect.owner);
    if (row[col] !== id) return refuse('security.challengeInvalid');
  }
  if (expect.session_id !== undefined && row.session_id !== expect.session_id)
    return refuse('security.challengeInvalid');
  const cred = await findCredential(q, response.id);
  if (!cred) return refuse('security.passkeyFailed');
  if (expect.owner) {
    const [col, id] = ownerWhere(expect.owner);
    if (cred[col] !== id) return refuse('security.passkeyFailed');
  }
  let newCounter: number | undefined;
  try {
    const v = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      credential: {
        id: cred.credential_id,
        publicKey: new Uint8Array(cred.public_key),
        counter: Number(cred.counter),
        transports: cred.transports,
      },
      requireUserVerification: true,
    });
    newCounter = v.verified ? v.authenticationInfo.newCounter : undefined;
  } catch {
    newCounter = undefined;
  }
  if (newCounter === undefined) return refuse('security.passkeyFailed');
  await q
    .updateTable('webauthn_credential')
    .set({ counter: BigInt(newCounter), last_used_at: new Date(now) })
    .where('id', '=', cred.id)
    .execute();
  return { user_id: cred.user_id, operator_id: cred.operator_id };
}

/** WebAuthn options as the contract's open record (the library's JSON types have no index signature). */
export const wireOptions = (options: object): Record<string, unknown> => ({ ...options });
