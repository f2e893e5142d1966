import type { Db } from '@kabuto/db';
import type { Clock } from '@kabuto/domain';
import { sql } from 'kysely';
import type { MailTransport } from './transport.ts';

/** Tries before a mail is given up (`failed`, the dead letter), and the wait before each retry. */
export const MAIL_MAX_ATTEMPTS = 6;
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);
/** How long a claimed mail is held by its sender before another may try it (a sender that died). */
const LEASE_MS = 2 * 60_000;

export interface MailSenderOptions {
  /** How often the outbox is read (default 1 s). */
  pollMs?: number;
  onError?: (err: unknown, mail: { id: bigint; kind: string; attempts: number }) => void;
}

/**
 * Sends the outbox: every process runs one. A mail is claimed with `for update skip locked` and a lease
 * (its `next_at` moves past the send), so two processes never send it at once; a sent mail keeps its
 * subject and address but loses its body (a reset mail carries a live link). A failed send is retried
 * with backoff and given up after MAIL_MAX_ATTEMPTS (`failed`, with the last error).
 */
export function mailSender(db: Db, timers: Clock, transport: MailTransport, opts: MailSenderOptions = {}) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;

  async function claim() {
    const now = new Date(timers.now());
    const lease = new Date(timers.now() + LEASE_MS);
    return db
      .updateTable('mail_outbox')
      .set({ attempts: sql`attempts + 1`, next_at: lease })
      .where(
        'id',
        '=',
        db
          .selectFrom('mail_outbox')
          .select('id')
          .where('state', '=', 'pending')
          .where('next_at', '<=', now)
          .orderBy('next_at')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'kind', 'to_address', 'subject', 'body', 'attempts'])
      .executeTakeFirst();
  }

  /** Sends every mail due now; the number sent. */
  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const mail = await claim();
      if (!mail) return sent;
      try {
        await transport.send({ to: mail.to_address, subject: mail.subject, text: mail.body ?? '' });
        await db
          .updateTable('mail_outbox')
          .set({ state: 'sent', body: null, sent_at: new Date(timers.now()), last_error: null })
          .where('id', '=', mail.id)
          .execute();
        sent++;
      } catch (err) {
        const last = mail.attempts >= MAIL_MAX_ATTEMPTS;
        await db
          .updateTable('mail_outbox')
          .set({
            state: last ? 'failed' : 'pending',
            next_at: new Date(timers.now() + retryDelayMs(mail.attempts)),
            last_error: String((err as Error)?.message ?? err).slice(0, 500),
          })
          .where('id', '=', mail.id)
          .execute();
        opts.onError?.(err, mail);
      }
    }
  }

  /** Sends what is due now (one run at a time in this process). */
  function flush(): Promise<number> {
    running ??= sendDue().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      flush()
        .catch((err) => opts.onError?.(err, { id: 0n, kind: 'outbox', attempts: 0 }))
        .finally(schedule);
    }, opts.pollMs ?? 1000);
    timer.unref();
  }

  return {
    flush,
    start() {
      if (!stopped || transport.kind === 'none') return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}

export type MailSender = ReturnType<typeof mailSender>;
