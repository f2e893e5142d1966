import type { Db, ReviewState, Tx } from '@kabuto/db';
import { type Expression, sql } from 'kysely';
import { type QueuePage, queuePage } from '../../shared/review-queue.ts';

type Q = Db | Tx;

const COLUMNS = [
  'id',
  'user_id',
  'realname',
  'id_card',
  'front_upload',
  'back_upload',
  'status',
  'reason',
  'created_at',
  'decided_at',
] as const;

export const latest = (q: Q, userId: bigint) =>
  q
    .selectFrom('kyc_submission')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The latest submission's state as one JSON value inside a larger query (getUserinfo's). */
export const latestJson = (userId: Expression<bigint>) =>
  sql<{ status: ReviewState; realname: string; id_card: string; reason: string | null } | null>`(
    select json_build_object('status', k.status, 'realname', k.realname, 'id_card', k.id_card, 'reason', k.reason)
    from kyc_submission k where k.user_id = ${userId} order by k.id desc limit 1)`;

/** Whether the user has an approved submission, as a boolean inside a larger query (getUserinfo's). */
export const verifiedSql = (userId: Expression<bigint>) =>
  sql<boolean>`exists(select 1 from kyc_submission k where k.user_id = ${userId} and k.status = 'approved')`;

export const approved = (q: Q, userId: bigint) =>
  q
    .selectFrom('kyc_submission')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .executeTakeFirst();

export const history = (q: Q, userId: bigint) =>
  q
    .selectFrom('kyc_submission')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();

export const insert = (
  q: Q,
  row: {
    user_id: bigint;
    realname: string;
    id_card: string;
    front_upload: string;
    back_upload: string;
    created_at: Date;
  },
) => q.insertInto('kyc_submission').values(row).execute();

export const lockById = (tx: Tx, id: bigint) =>
  tx.selectFrom('kyc_submission').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();

export const decide = (
  tx: Tx,
  id: bigint,
  set: { status: ReviewState; reason: string | null; decided_at: Date; decided_by: bigint },
) => tx.updateTable('kyc_submission').set(set).where('id', '=', id).execute();

export const countPending = async (q: Q): Promise<number> => {
  const r = await q
    .selectFrom('kyc_submission')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(r.n);
};

export function list(q: Q, f: QueuePage) {
  let base = q.selectFrom('kyc_submission as k');
  if (f.status !== 'all') base = base.where('k.status', '=', f.status);
  const rows = base
    .innerJoin('app_user as u', 'u.id', 'k.user_id')
    .leftJoin('operator as o', 'o.id', 'k.decided_by')
    .select([
      'k.id',
      'k.user_id',
      'u.account',
      'k.realname',
      'k.id_card',
      'k.front_upload',
      'k.back_upload',
      'k.status',
      'k.reason',
      'k.created_at',
      'k.decided_at',
      'o.username as decided_by_name',
    ]);
  return queuePage(rows, base, 'k.id', f);
}

/** A user's approved identity (name and ID number), or null. */
export async function verifiedIdentity(q: Q, userId: bigint) {
  const row = await q
    .selectFrom('kyc_submission')
    .select(['realname', 'id_card'])
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return row ? { realname: row.realname, idCard: row.id_card } : null;
}
