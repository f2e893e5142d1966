import type { Text } from '@kabuto/contract';
import type { Db, Tx } from '@kabuto/db';
import { NOTICE_TEMPLATES, type NoticeTemplate } from './notice-templates.ts';

const fill = (t: Text, params: Record<string, string | number>): Text => {
  const f = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
  return { jp: f(t.jp), cn: f(t.cn), us: f(t.us) };
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
  params: Record<string, string | number> = {},
): Promise<void> {
  const t = NOTICE_TEMPLATES[template];
  await sendNoticeText(tx, at, userId, fill(t.title, params), fill(t.content, params));
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
