import type { Db, Tx } from '@kabuto/db';

/** What a mail is about (the outbox's `kind`, for the log and the back office). */
export type MailKind =
  | 'verify'
  | 'reset'
  | 'passwordChanged'
  | 'signIn'
  | 'withdrawal'
  | 'marginCall'
  | 'report';

/** A new mail's `next_at`: due at once (retries are scheduled by the sender's own clock). */
const DUE_NOW = new Date(0);

export interface QueuedMail {
  userId: bigint | null;
  kind: MailKind;
  to: string;
  subject: string;
  body: string;
}

/**
 * Queue a mail inside the caller's transaction: it is sent once that commits (by any process's sender),
 * and never when it rolls back. `at` stamps it; it is due at once, whatever clock the caller keeps.
 */
export async function queueMail(tx: Tx | Db, at: Date, mail: QueuedMail): Promise<void> {
  await tx
    .insertInto('mail_outbox')
    .values({
      user_id: mail.userId,
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      body: mail.body,
      next_at: DUE_NOW,
      created_at: at,
    })
    .execute();
}
