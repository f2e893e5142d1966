import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { body, halfWidth, id, lang, market, password, text } from '../fields.ts';
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

export const userInfoData = z
  .object({
    account: z.string(),
    invite_code: z.string(),
    is_true: z.number().describe('verification: 0 none, 1 verified, 2 rejected, 3 under review'),
    realname: z.string(),
    id_card: z.string().describe('masked ID number'),
    has_fund_password: z.boolean(),
    state: z.enum(['active', 'frozen', 'banned', 'restricted']),
    xyf: z.number().describe('credit score'),
  })
  .catchall(z.unknown())
  .describe(
    'plus one available balance per wallet (jpy, usd, …) and {type}yjed / {type}kjed when the ledger is present',
  );

export const getUserinfo = endpoint({
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

export const setPasswords = endpoint({
  path: '/user/setPasswords',
  auth: true,
  tag,
  summary: 'Set the first fund (trading) password: 6 digits.',
  body: body({ new_pass: text(32), new_passs: text(32) }),
  data: z.null(),
});

export const changePasswords = endpoint({
  path: '/user/changePasswords',
  auth: true,
  tag,
  summary: 'Change the fund (trading) password.',
  body: body({ old_pass: text(32), new_pass: text(32), new_passs: text(32) }),
  data: z.null(),
});

export const notice = endpoint({
  path: '/user/notice',
  auth: true,
  tag: 'content',
  summary: 'Site messages, newest first, in the requested language.',
  body: body({ lang: lang() }),
  data: z.array(z.object({ id: z.string(), title: z.string(), create_time: z.number(), read: z.boolean() })),
});

export const noticedetail = endpoint({
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
