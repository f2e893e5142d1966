import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './foundation.ts';

export type MailLanguage = 'jp' | 'cn' | 'us';

/** A user's email: the verified address (or none), one waiting for its link, the mails' language and switches. */
export interface UserEmailTable {
  user_id: bigint;
  address: string | null;
  verified_at: Timestamp | null;
  pending_address: string | null;
  lang: ColumnType<MailLanguage, MailLanguage | undefined, MailLanguage>;
  notify_sign_in: ColumnType<boolean, boolean | undefined, boolean>;
  notify_withdrawal: ColumnType<boolean, boolean | undefined, boolean>;
  notify_margin_call: ColumnType<boolean, boolean | undefined, boolean>;
  notify_report: ColumnType<boolean, boolean | undefined, boolean>;
}

export type MailState = 'pending' | 'sent' | 'failed';

/** A mail to send: written with what caused it, sent by every process's sender (claimed, retried, given up). */
export interface MailOutboxTable {
  id: Generated<bigint>;
  user_id: bigint | null;
  kind: string;
  to_address: string;
  subject: string;
  body: string | null;
  state: ColumnType<MailState, MailState | undefined, MailState>;
  attempts: ColumnType<number, number | undefined, number>;
  next_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface MailTables {
  user_email: UserEmailTable;
  mail_outbox: MailOutboxTable;
}
