import type { Db, SupportMessageTable, Tx } from '@kabuto/db';
import type { Selectable } from 'kysely';

/** Every statement on `support_message`. */

type Q = Db | Tx;
export type SupportRow = Selectable<SupportMessageTable>;

export const insertMessage = (q: Q, v: { user_id: bigint; body: string; created_at: Date }) =>
  q.insertInto('support_message').values(v).returning('id').executeTakeFirstOrThrow();

/** Messages a user sent since an instant (the hourly limit). */
export async function countSince(q: Q, userId: bigint, since: Date): Promise<number> {
  const row = await q
    .selectFrom('support_message')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const userMessages = (q: Q, userId: bigint, limit: number, offset: number) =>
  q
    .selectFrom('support_message')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export const lockMessage = (tx: Tx, id: bigint) =>
  tx.selectFrom('support_message').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const markReplied = (
  tx: Tx,
  id: bigint,
  v: { status: number; reply: string; replied_by: bigint; replied_at: Date },
) => tx.updateTable('support_message').set(v).where('id', '=', id).execute();

/** The inbox: open first, then newest; with the user's account and the replying operator's name. */
export async function inbox(q: Q, f: { status?: number; page: number; size: number }) {
  let base = q.selectFrom('support_message as m');
  if (f.status !== undefined) base = base.where('m.status', '=', f.status);
  const [rows, total, open] = await Promise.all([
    base
      .innerJoin('app_user as u', 'u.id', 'm.user_id')
      .leftJoin('operator as o', 'o.id', 'm.replied_by')
      .selectAll('m')
      .select(['u.account', 'o.username as replied_by_name'])
      .orderBy('m.status')
      .orderBy('m.id', 'desc')
      .limit(f.size)
      .offset((f.page - 1) * f.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    q
      .selectFrom('support_message')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 0)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n), open: Number(open.n) };
}
