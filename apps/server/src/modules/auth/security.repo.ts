import type { Db, Tx } from '@kabuto/db';
import { sql } from 'kysely';

type Q = Db | Tx;

export const findTotp = (q: Q, userId: bigint) =>
  q
    .selectFrom('totp_secret')
    .select(['secret', 'confirmed_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** A fresh unconfirmed secret (replacing an unconfirmed one; a confirmed one stays). Returns false if on. */
export async function putPendingTotp(q: Q, userId: bigint, secret: string, now: Date): Promise<boolean> {
  const r = await q
    .insertInto('totp_secret')
    .values({ user_id: userId, secret, created_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret, created_at: now, last_step: 0n })
        .where('totp_secret.confirmed_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Accept a TOTP step once: only when it is later than the last accepted one. Atomic. */
export async function takeTotpStep(q: Q, userId: bigint, step: bigint, confirmAt?: Date): Promise<boolean> {
  let u = q
    .updateTable('totp_secret')
    .set(confirmAt ? { last_step: step, confirmed_at: confirmAt } : { last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step);
  u = confirmAt ? u.where('confirmed_at', 'is', null) : u.where('confirmed_at', 'is not', null);
  return (await u.returning('user_id').executeTakeFirst()) !== undefined;
}

export const deleteTotp = (q: Q, userId: bigint) =>
  q.deleteFrom('totp_secret').where('user_id', '=', userId).execute();

export async function replaceRecoveryCodes(q: Q, userId: bigint, hashes: string[]): Promise<void> {
  await q.deleteFrom('recovery_code').where('user_id', '=', userId).execute();
  if (hashes.length > 0)
    await q
      .insertInto('recovery_code')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
}

/** Use a recovery code once. Atomic. */
export async function takeRecoveryCode(q: Q, userId: bigint, hash: string, now: Date): Promise<boolean> {
  const r = await q
    .updateTable('recovery_code')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

export const countRecoveryCodes = async (q: Q, userId: bigint): Promise<number> => {
  const r = await q
    .selectFrom('recovery_code')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return r.n;
};

/** Which second factors a user has: passkeys, a confirmed TOTP. */
export async function factorsOf(q: Q, userId: bigint): Promise<{ passkey: boolean; totp: boolean }> {
  const r = await q
    .selectNoFrom([
      sql<boolean>`exists (select 1 from webauthn_credential where user_id = ${userId})`.as('passkey'),
      sql<boolean>`exists (select 1 from totp_secret where user_id = ${userId} and confirmed_at is not null)`.as(
        'totp',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { passkey: r.passkey, totp: r.totp };
}

export const deleteUserCredential = (q: Q, userId: bigint, id: bigint) =>
  q.deleteFrom('webauthn_credential').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();

export const activeSessions = (q: Q, userId: bigint, now: Date) =>
  q
    .selectFrom('session')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** Revoke one of this user's own sessions; false when it is not theirs or already ended. */
export async function revokeOwnSession(q: Q, userId: bigint, sessionId: bigint, now: Date): Promise<boolean> {
  const r = await q
    .updateTable('session')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}
