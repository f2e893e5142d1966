import type { Db, Tx, UserState } from '@kabuto/db';
import { sql } from 'kysely';

type Q = Db | Tx;

export const findUserByAccount = (q: Q, account: string) =>
  q
    .selectFrom('app_user')
    .select([
      'id',
      'account',
      'password_hash',
      'fund_password_hash',
      'state',
      'failed_logins',
      'locked_until',
    ])
    .where('account', '=', account)
    .executeTakeFirst();

export const findUserById = (q: Q, id: bigint) =>
  q
    .selectFrom('app_user')
    .select([
      'id',
      'account',
      'password_hash',
      'fund_password_hash',
      'state',
      'invite_code',
      'fund_failed',
      'fund_locked_until',
      'created_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();

export const findUserByInviteCode = (q: Q, code: string) =>
  q
    .selectFrom('app_user')
    .select(['id'])
    .where(sql`upper(invite_code)`, '=', code.trim().toUpperCase())
    .executeTakeFirst();

export const insertUser = (
  q: Q,
  row: {
    account: string;
    password_hash: string;
    invite_code: string;
    inviter_id: bigint | null;
    state?: UserState;
  },
) => q.insertInto('app_user').values(row).returning(['id']).executeTakeFirstOrThrow();

/** Whether the user has signed in from this address before (any session, live or not). */
export const hasSignedInFrom = async (q: Q, userId: bigint, ip: string): Promise<boolean> =>
  (await q
    .selectFrom('session')
    .select('id')
    .where('user_id', '=', userId)
    .where('ip', '=', ip)
    .limit(1)
    .executeTakeFirst()) !== undefined;

export const insertSession = (
  q: Q,
  row: {
    user_id: bigint;
    token_hash: string;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
    ip: string | null;
    user_agent: string | null;
  },
) => q.insertInto('session').values(row).execute();

export const revokeSession = (q: Q, sessionId: bigint, at: Date) =>
  q
    .updateTable('session')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();

export const revokeOtherSessions = (q: Q, userId: bigint, keepSessionId: bigint, at: Date) =>
  q
    .updateTable('session')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();

export const revokeAllSessions = (q: Q, userId: bigint, at: Date) =>
  q
    .updateTable('session')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();

export const setPasswordHash = (q: Q, id: bigint, hash: string) =>
  q.updateTable('app_user').set({ password_hash: hash }).where('id', '=', id).execute();

export const setFundPasswordHash = (q: Q, id: bigint, hash: string) =>
  q
    .updateTable('app_user')
    .set({ fund_password_hash: hash, fund_failed: 0, fund_locked_until: null })
    .where('id', '=', id)
    .execute();
