import type { Db } from '@kabuto/db';
import type { Clock } from '@kabuto/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config.ts';
import { mailSender } from './sender.ts';
import { mailTransport } from './transport.ts';

/**
 * The process's mail: the transport SMTP_URL names (or the demo's log), and the outbox's sender, started
 * at once. `available` is false when this server sends no mail at all (production without SMTP_URL).
 */
export function mailOutbox(env: Env, db: Db, timers: Clock, log: FastifyBaseLogger, pollMs?: number) {
  const transport = mailTransport(env, (m) =>
    log.info({ mail: m }, `mail to ${m.to} (demo: printed here, not sent)\n${m.subject}\n\n${m.text}`),
  );
  const sender = mailSender(db, timers, transport, {
    pollMs,
    onError: (err, mail) =>
      log.warn({ err, mail: { id: String(mail.id), kind: mail.kind } }, 'mail not sent'),
  });
  sender.start();
  if (transport.kind === 'none')
    log.warn('SMTP_URL is unset: no mail is sent; password reset and adding an address are refused');
  return {
    available: transport.kind !== 'none',
    kind: transport.kind,
    flush: sender.flush,
    async close() {
      await sender.stop();
      transport.close();
    },
  };
}

export type MailOutbox = ReturnType<typeof mailOutbox>;
