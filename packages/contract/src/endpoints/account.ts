import { CURRENCIES } from '@kabuto/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { body, halfWidth, id, lang, market, paging, password, text } from '../fields.ts';
import { emailAddress } from './email.ts';
import { loginData } from './security.ts';

const tag = 'account';
const empty = body({});

export const register = endpoint({
  path: '/user/register',
  auth: false,
  tag,
  summary:
    'Register with an invite code. The account is 4–20 half-width letters/digits (or a 10-digit mobile number when configured).',
  body: body({
    account: halfWidth(20).describe('login name'),
    pwd: password().describe('login password'),
    pwd1: password().describe('login password again'),
    inviter: halfWidth(32).describe("an existing user's invite code"),
    email: emailAddress().optional().describe('optional: an address to verify (a link is mailed to it)'),
    lang: lang(),
  }),
  data: z.object({ account: z.string() }),
});

export const login = endpoint({
  path: '/user/login',
  auth: false,
  tag,
  summary:
    'Log in; returns a token to send in the `token` header, or, when a passkey or TOTP is enrolled, a ticket for the second step (/user/passkeyLogin or /user/totpLogin).',
  body: body({ account: text(64), password: text(64) }),
  data: loginData,
});

export const logout = endpoint({
  path: '/user/logout',
  auth: true,
  tag,
  summary: 'Revoke the current token.',
  body: empty,
  data: z.null(),
});

const userInfoFields = {
  account: z.string(),
  invite_code: z.string(),
  is_true: z.number().describe('verification: 0 none, 1 verified, 2 rejected, 3 under review'),
  realname: z.string(),
  id_card: z.string().describe('masked ID number'),
  has_fund_password: z.boolean(),
  passwords: z
    .enum(['1', ''])
    .describe(
      '"1" when a fund password is set, "" when not (the family\'s clients gate on it); never the password',
    ),
  state: z.enum(['active', 'frozen', 'banned', 'restricted']),
  xyf: z.number().describe('credit score'),
};

/**
 * The wallet of `type` (available, frozen, total_assets), the last rejection's reason, and per wallet its
 * available balance (`jpy`, `usd`, …), the unpaid loan (`{c}yjed`) and the loan limit (`{c}kjed`).
 */
const contributed = Object.fromEntries([
  ['kyc_reason', z.string().describe('why the last verification was rejected, else ""')],
  ['available', z.string().describe('available balance of the wallet of `type`')],
  ['frozen', z.string().describe('reserved and margin of that wallet')],
  ['total_assets', z.string().describe('total of that wallet')],
  ...CURRENCIES.flatMap((c) => [
    [c, z.string().describe(`available balance of the ${c} wallet`)],
    [`${c}yjed`, z.string().describe(`unpaid loan principal in ${c}`)],
    [`${c}kjed`, z.string().describe(`loan limit in ${c}`)],
  ]),
]) as Record<string, z.ZodString>;

/**
 * The user as getUserinfo sends it. Checked exactly (every field above); typed with the account's own
 * fields and the others as an index, since the server assembles them from several areas.
 */
export const userInfoData = z.object({ ...userInfoFields, ...contributed }) as unknown as z.ZodType<
  z.output<z.ZodObject<typeof userInfoFields>> & Record<string, unknown>
>;

export const userInfo = endpoint({
  path: '/user/getUserinfo',
  auth: true,
  tag,
  summary: 'The logged-in user. A reply with status ≠ 1 ends the client session.',
  body: body({ type: market() }),
  data: userInfoData,
});

const passwordChange = body({
  old_pass: text(64).describe('current password'),
  new_pass: password(),
  new_passs: password().describe('new password again'),
});

export const changePassword = endpoint({
  path: '/user/changePassword',
  auth: true,
  tag,
  summary: 'Change the login password (all sessions but this one are revoked).',
  body: passwordChange,
  data: z.null(),
});

export const setFundPassword = endpoint({
  path: '/user/setPasswords',
  auth: true,
  tag,
  summary: 'Set the first fund (trading) password: 6 digits.',
  body: body({ new_pass: text(32), new_passs: text(32) }),
  data: z.null(),
});

export const changeFundPassword = endpoint({
  path: '/user/changePasswords',
  auth: true,
  tag,
  summary: 'Change the fund (trading) password.',
  body: body({ old_pass: text(32), new_pass: text(32), new_passs: text(32) }),
  data: z.null(),
});

export const notices = endpoint({
  path: '/user/notice',
  auth: true,
  tag: 'content',
  summary: 'Site messages, newest first, in the requested language (page / size).',
  body: body({ lang: lang(), ...paging() }),
  data: z.array(z.object({ id: z.string(), title: z.string(), create_time: z.number(), read: z.boolean() })),
});

export const noticeDetail = endpoint({
  path: '/user/noticedetail',
  auth: true,
  tag: 'content',
  summary: 'One site message (marks it read).',
  body: body({ id: id(), lang: lang() }),
  data: z.object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    create_time: z.number(),
    read: z.boolean(),
  }),
});
