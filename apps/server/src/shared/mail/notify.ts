import type { MailNoticeKind } from '@kabuto/contract';
import type { Db, Tx } from '@kabuto/db';
import { NOTICE_TEMPLATES, type NoticeTemplate } from '../notice-templates.ts';
import type { NoticeParam } from '../notices.ts';
import { type MailKind, queueMail } from './outbox.ts';
import { render } from './templates.ts';

const SWITCH = {
  sign_in: 'notify_sign_in',
  withdrawal: 'notify_withdrawal',
  margin_call: 'notify_margin_call',
  report: 'notify_report',
} as const;
const KIND: Record<MailNoticeKind, MailKind> = {
  sign_in: 'signIn',
  withdrawal: 'withdrawal',
  margin_call: 'marginCall',
  report: 'report',
};

/**
 * A notice by mail, inside the caller's transaction: the site message's template, in the user's mail
 * language, to their verified address — when they have one and have not switched `kind` off. Margin
 * calls and reports call this the same way sign-ins and withdrawals do. `at` stamps the mail. True when a
 * mail was queued.
 */
export async function mailNotice(
  tx: Tx | Db,
  at: Date,
  userId: bigint,
  kind: MailNoticeKind,
  template: NoticeTemplate,
  params: Record<string, NoticeParam> = {},
): Promise<boolean> {
  const row = await tx
    .selectFrom('user_email')
    .select(['address', 'lang', SWITCH[kind]])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row?.address || !(row as Record<string, unknown>)[SWITCH[kind]]) return false;
  const mail = render(NOTICE_TEMPLATES[template], row.lang, params);
  await queueMail(tx, at, { userId, kind: KIND[kind], to: row.address, ...mail });
  return true;
}
