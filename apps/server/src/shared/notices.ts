import type { Text } from '@kabuto/contract';
import type { Db, Tx } from '@kabuto/db';
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
