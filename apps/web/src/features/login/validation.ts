import type { MsgParams } from '../../lib/messages.ts';

/** A failed client-side check: a msg key of the contract catalogue (the server uses the same keys). */
export interface Problem {
  msg: string;
  params?: MsgParams;
}

export const ACCOUNT_RE = /^[A-Za-z0-9]{4,20}$/;
export const MOBILE_RE = /^\d{10}$/;

export function checkAccount(account: string, mobileMode: boolean): Problem | null {
  if (!account) return { msg: 'validation.required', params: { field: 'account' } };
  if (mobileMode) return MOBILE_RE.test(account) ? null : { msg: 'account.notMobile' };
  return ACCOUNT_RE.test(account) ? null : { msg: 'account.format' };
}

export function checkPassword(password: string, field: string): Problem | null {
  if (!password) return { msg: 'validation.required', params: { field } };
  return [...password].length < 8 || password.length > 64 ? { msg: 'account.passwordFormat' } : null;
}

export interface RegisterForm {
  account: string;
  password: string;
  /** The password again. */
  repeat: string;
  inviter: string;
  /** Optional: an address to verify (a link is mailed to it). */
  email: string;
  terms: boolean;
}

/** For comfort only: the server checks all of this again and is the authority. */
export function checkRegister(form: RegisterForm, mobileMode: boolean): Problem | null {
  return (
    checkAccount(form.account, mobileMode) ??
    checkPassword(form.password, 'pwd') ??
    (form.repeat ? null : { msg: 'validation.required', params: { field: 'pwd1' } }) ??
    (form.password === form.repeat ? null : { msg: 'account.passwordMismatch' }) ??
    (form.inviter ? null : { msg: 'validation.required', params: { field: 'inviter' } }) ??
    (form.terms ? null : { msg: 'account.termsRequired' })
  );
}
