import type { Text } from '@kabuto/contract';
import { type Db, rowSet, type Tx } from '@kabuto/db';
import { sql } from 'kysely';
import { NOTICE_TEMPLATES, type NoticeTemplate } from './notice-templates.ts';

/** A parameter: the same in every language, or its own text per language. */
export type NoticeParam = string | number | Text;

/** A template's text in every language with its `{name}` placeholders filled. */
export const fillText = (t: Text, params: Record<string, NoticeParam>): Text => {
  const f = (s: string, lang: keyof Text) =>
    s.replace(/\{(\w+)\}/g, (_, k: string) => {
      const v = params[k];
      if (v === undefined) return `{${k}}`;
      return typeof v === 'object' ? v[lang] : String(v);
    });
  return { jp: f(t.jp, 'jp'), cn: f(t.cn, 'cn'), us: f(t.us, 'us') };
};

/**
 * Send a site message from a template, inside the caller's transaction, stamped `at` (the server clock's
 * now, so that messages agree with the simulated time the rest of the app shows).
 */
export async function sendNotice(
  tx: Tx | Db,
  at: Date,
  userId: bigint,
  template: NoticeTemplate,
  params: Record<string, NoticeParam> = {},
): Promise<void> {
  const t = NOTICE_TEMPLATES[template];
  await sendNoticeText(tx, at, userId, fillText(t.title, params), fillText(t.content, params));
}

/** Send a site message whose text is given (an operator's message), stamped `at`. */
export async function sendNoticeText(
  tx: Tx | Db,
  at: Date,
  userId: bigint,
  title: Text,
  content: Text,
): Promise<void> {
  await tx
    .insertInto('notice')
    .values({
      user_id: userId,
      title: JSON.stringify(title),
      content: JSON.stringify(content),
      created_at: at,
    })
    .execute();
}

/** One message of {@link sendNotices}. */
export interface NoticeInput {
  userId: bigint;
  template: NoticeTemplate;
  params?: Record<string, NoticeParam>;
}

/** How many messages one insert carries (each row's three languages travel as one JSON parameter). */
const NOTICE_CHUNK = 2000;

/**
 * {@link sendNotice} for many at once (a job telling thousands of users): the same rows, in the order
 * given, a statement per {@link NOTICE_CHUNK} messages instead of one each.
 */
export async function sendNotices(tx: Tx | Db, at: Date, notices: readonly NoticeInput[]): Promise<void> {
  for (let i = 0; i < notices.length; i += NOTICE_CHUNK) {
    const rows = rowSet(
      'v',
      { n: 'int4', user_id: 'int8', title: 'text', content: 'text' },
      notices.slice(i, i + NOTICE_CHUNK).map((x, n) => {
        const t = NOTICE_TEMPLATES[x.template];
        return {
          n,
          user_id: x.userId,
          title: JSON.stringify(fillText(t.title, x.params ?? {})),
          content: JSON.stringify(fillText(t.content, x.params ?? {})),
        };
      }),
    );
    await sql`
      insert into notice (user_id, title, content, created_at)
      select v.user_id, v.title::jsonb, v.content::jsonb, ${at}::timestamptz from ${rows} order by v.n`.execute(
      tx,
    );
  }
}
