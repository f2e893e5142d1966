import nodemailer from 'nodemailer';
import type { Env } from '../../config.ts';
import { modeOf } from '../../ops/mode.ts';

/** One mail as the sender hands it to a transport. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Where mail goes: `smtp` (SMTP_URL, through nodemailer), `log` (the demo without SMTP_URL: each mail is
 * printed to the log, nothing leaves the machine), or `none` (production without SMTP_URL: nothing is
 * queued, and what needs mail — password reset, adding an address — is refused with `mail.unavailable`).
 */
export interface MailTransport {
  kind: 'smtp' | 'log' | 'none';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export type MailLog = (message: MailMessage & { from: string }) => void;

export function mailTransport(env: Env, log: MailLog): MailTransport {
  const from = env.MAIL_FROM;
  if (env.SMTP_URL) {
    const smtp = nodemailer.createTransport(env.SMTP_URL);
    return {
      kind: 'smtp',
      async send(m) {
        await smtp.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
      },
      close: () => smtp.close(),
    };
  }
  if (modeOf(env) === 'demo') {
    return {
      kind: 'log',
      async send(m) {
        log({ ...m, from });
      },
      close() {},
    };
  }
  return {
    kind: 'none',
    async send() {
      throw new Error('no SMTP_URL: this server sends no mail');
    },
    close() {},
  };
}

/** The site's public address for links in mails: PUBLIC_URL, else the first passkey origin, else localhost. */
export function publicUrl(env: Pick<Env, 'PUBLIC_URL' | 'WEBAUTHN_ORIGINS' | 'PORT'>): string {
  const base =
    env.PUBLIC_URL ?? env.WEBAUTHN_ORIGINS?.split(',')[0]?.trim() ?? `http://localhost:${env.PORT}`;
  return base.replace(/\/+$/, '');
}
