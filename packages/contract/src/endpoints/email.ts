import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { body, lang, password, text } from '../fields.ts';

/**
 * Email: the user's address (added on My page or at registration, verified by a mailed link), which
 * notices come by mail, and password reset by mail (a single-use link, valid 30 minutes).
 */
const tag = 'email';

/** An email address: trimmed, at most 254 characters, one @ with a dotted domain, no spaces. */
export const emailAddress = () =>
  text(254)
    .regex(/^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/, 'mail.format')
    .describe('email address');

/** The one-time token of a mailed link (the part after `token=`). */
const linkToken = () =>
  z.string({ error: 'mail.linkInvalid' }).regex(/^[A-Za-z0-9_-]{43}$/, 'mail.linkInvalid');

const onOff = () => z.boolean({ error: 'validation.invalid' });

export const NOTICE_KINDS = ['sign_in', 'withdrawal', 'margin_call', 'report'] as const;
export type MailNoticeKind = (typeof NOTICE_KINDS)[number];

const notices = z.object({
  sign_in: z.boolean().describe('a sign-in from a device the account has not used before'),
  withdrawal: z.boolean().describe('a withdrawal requested, approved or rejected'),
  margin_call: z.boolean().describe('a margin call or a forced close'),
  report: z.boolean().describe('a periodic report is ready'),
});

export const settings = endpoint({
  path: '/user/email',
  auth: true,
  tag,
  summary:
    'The email address (verified or waiting for its link), which notices come by mail, and whether this site sends mail at all.',
  body: body({}),
  data: z.object({
    email: z.string().describe('the verified address, "" when none'),
    pending: z.string().describe('an address waiting for its verification link, "" when none'),
    lang: z.enum(['jp', 'cn', 'us']).describe('the language of the mails'),
    notices,
    available: z.boolean().describe('false when this site sends no mail (no SMTP configured)'),
  }),
});

export const setAddress = endpoint({
  path: '/user/setEmail',
  auth: true,
  tag,
  summary:
    'Add or change the address: a verification link (valid 24 hours) is mailed to it; the address counts once the link is opened. The mails come in `lang`.',
  body: body({ email: emailAddress(), lang: lang() }),
  data: z.null(),
});

export const verifyAddress = endpoint({
  path: '/user/verifyEmail',
  auth: false,
  tag,
  summary: "Open a verification link: the address it was sent to becomes the account's verified address.",
  body: body({ token: linkToken() }),
  data: z.object({ email: z.string() }),
});

export const setNotices = endpoint({
  path: '/user/emailNotices',
  auth: true,
  tag,
  summary: 'Switch each notice by mail on or off; the mails come in `lang`.',
  body: body({
    sign_in: onOff(),
    withdrawal: onOff(),
    margin_call: onOff(),
    report: onOff(),
    lang: lang(),
  }),
  data: z.null(),
});

export const forgotPassword = endpoint({
  path: '/user/forgotPassword',
  auth: false,
  tag,
  summary:
    'Ask for a password-reset link at a verified address. The answer is the same whether or not the address belongs to an account; the link works once, for 30 minutes.',
  body: body({ email: emailAddress() }),
  data: z.null(),
});

export const resetPassword = endpoint({
  path: '/user/resetPassword',
  auth: false,
  tag,
  summary:
    "Set a new password with a reset link's token. Every session of the account ends; the second factor, if any, is still asked at sign-in.",
  body: body({
    token: linkToken(),
    new_pass: password(),
    new_passs: password().describe('new password again'),
  }),
  data: z.null(),
});
