import { inLanguage, type Language } from '@kabuto/contract';
import type { Db } from '@kabuto/db';
import { toUnixSeconds } from '@kabuto/domain';
import { refuse } from '../../lib/errors.ts';

export async function listNotices(db: Db, userId: bigint, lang: Language) {
  const rows = await db
    .selectFrom('notice')
    .select(['id', 'title', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    title: inLanguage(r.title, lang),
    sentAt: toUnixSeconds(r.created_at.getTime()),
    read: r.read_at !== null,
  }));
}

/** One message of this user (another user's id is "not found"); marks it read. */
export async function readNotice(db: Db, userId: bigint, id: bigint, lang: Language, now: Date) {
  const row = await db
    .updateTable('notice')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(now)) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['id', 'title', 'content', 'created_at'])
    .executeTakeFirst();
  if (!row) return refuse('content.notFound');
  return {
    id: String(row.id),
    title: inLanguage(row.title, lang),
    content: inLanguage(row.content, lang),
    sentAt: toUnixSeconds(row.created_at.getTime()),
    read: true,
  };
}
