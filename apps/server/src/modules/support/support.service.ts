import { withTx } from '@kabuto/db';
import { isWindowOpen, SUPPORT, SUPPORT_CODE, SUPPORT_STATE, toUnixSeconds } from '@kabuto/domain';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { audit } from '../../shared/audit.ts';
import { sendNotice } from '../../shared/notices.ts';
import type { Operator } from '../../shared/sessions.ts';
import { loadSettings } from '../../shared/settings.ts';
import * as repo from './support.repo.ts';

const HOUR_MS = 60 * 60 * 1000;
/** How much of the question the reply's site message quotes. */
const QUOTE_CHARS = 40;

/** Site messages are HTML (sanitised by the app): the user's and the operator's text is shown as text. */
const asHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r?\n/g, '<br>');

const quote = (s: string) => {
  const chars = [...s.replace(/\s+/g, ' ')];
  return chars.length > QUOTE_CHARS ? `${chars.slice(0, QUOTE_CHARS).join('')}…` : chars.join('');
};

const time = (d: Date | null) => (d ? toUnixSeconds(d.getTime()) : null);

const userRow = (m: repo.SupportRow) => ({
  id: String(m.id),
  body: m.body,
  status: SUPPORT_STATE[m.status as 0 | 1],
  reply: m.reply ?? '',
  create_time: toUnixSeconds(m.created_at.getTime()),
  reply_time: time(m.replied_at),
});

/**
 * In-app support: users write (a few messages an hour, any time; the hours say when an answer can be
 * expected), operators read the inbox and reply once; the reply is a site message stamped with the server
 * clock, in the same transaction as the reply, and audited.
 */
export function supportService({ db, clock }: Deps) {
  async function info(userId: bigint, p: { page: number; size: number }) {
    const s = await loadSettings(db);
    const h = s.support_hours;
    const rows = await repo.userMessages(db, userId, p.size, (p.page - 1) * p.size);
    return {
      hours: {
        open: h.from,
        close: h.to,
        weekdays_only: h.business_days_only,
        open_now: isWindowOpen({ from: h.from, to: h.to }, clock.now(), !h.business_days_only),
      },
      list: rows.map(userRow),
    };
  }

  async function send(userId: bigint, body: string) {
    const now = clock.now();
    const max = (await loadSettings(db)).support_messages_per_hour;
    return withTx(db, async (tx) => {
      // one user's sends take turns, so the count below cannot be raced past
      await tx.selectFrom('app_user').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      if ((await repo.countSince(tx, userId, new Date(now - HOUR_MS))) >= max) refuse('support.tooMany');
      const row = await repo.insertMessage(tx, { user_id: userId, body, created_at: new Date(now) });
      return { id: String(row.id) };
    });
  }

  async function inbox(f: { status: 'open' | 'replied' | 'all'; page: number; size: number }) {
    const { rows, total, open } = await repo.inbox(db, {
      status: f.status === 'all' ? undefined : SUPPORT_CODE[f.status],
      page: f.page,
      size: f.size,
    });
    return {
      list: rows.map((m) => ({
        ...userRow(m),
        user_id: String(m.user_id),
        account: m.account,
        replied_by: m.replied_by_name ?? '',
      })),
      total,
      open,
    };
  }

  async function reply(op: Operator, id: bigint, text: string) {
    const now = new Date(clock.now());
    await withTx(db, async (tx) => {
      const m = await repo.lockMessage(tx, id);
      if (!m) return refuse('support.notFound');
      const from = SUPPORT_STATE[m.status as 0 | 1];
      if (!SUPPORT.can(from, 'replied')) refuse('support.alreadyReplied');
      await repo.markReplied(tx, id, {
        status: SUPPORT_CODE[SUPPORT.move(from, 'replied')],
        reply: text,
        replied_by: op.id,
        replied_at: now,
      });
      await sendNotice(tx, now, m.user_id, 'supportReplied', {
        question: asHtml(quote(m.body)),
        reply: asHtml(text),
      });
      await audit(
        tx,
        op,
        { action: 'support.reply', target: `support:${id}`, detail: { user: String(m.user_id) } },
        now,
      );
    });
  }

  const pendingCount = async () => ({
    support: (await repo.inbox(db, { status: 0, page: 1, size: 1 })).total,
  });

  return { info, send, inbox, reply, pendingCount };
}

export type SupportService = ReturnType<typeof supportService>;
