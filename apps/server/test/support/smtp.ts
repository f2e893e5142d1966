import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the in-process SMTP server received it, decoded. */
export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=` words of a header (RFC 2047). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A single-part text mail (what the server sends) into its subject and text. */
export function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { subject: decodeWords(header('Subject')), text: text.replace(/\r\n/g, '\n') };
}

/**
 * A real SMTP server on a loopback port, in this process (the `smtp-server` package): what the app sends
 * through SMTP_URL arrives in `mails`.
 */
export async function smtpCatcher() {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const parsed = parseMail(Buffer.concat(chunks).toString('latin1'));
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parsed,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The first mail to `to` matching `match`, waiting for it up to `ms`. */
    async next(to: string, match: (m: CaughtMail) => boolean = () => true, ms = 20_000): Promise<CaughtMail> {
      const end = Date.now() + ms;
      for (;;) {
        const i = mails.findIndex((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()) && match(m));
        if (i >= 0) return mails.splice(i, 1)[0];
        if (Date.now() > end) throw new Error(`no mail to ${to} in ${ms} ms (${mails.length} others)`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof smtpCatcher>>;

/** The token of the first link in a mail (`…?token=…`). */
export const linkToken = (m: CaughtMail): string => {
  const token = /[?&]token=([A-Za-z0-9_-]{43})/.exec(m.text)?.[1];
  if (!token) throw new Error(`no link in mail: ${m.text}`);
  return token;
};
