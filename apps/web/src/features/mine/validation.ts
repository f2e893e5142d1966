import type { MsgParams } from '../../lib/messages.ts';

/** A failed client-side check as a contract msg key (the server checks again and decides). */
export interface Problem {
  msg: string;
  params?: MsgParams;
}

const required = (value: string, field: string): Problem | null =>
  value ? null : { msg: 'validation.required', params: { field } };

export interface PasswordChange {
  old: string;
  next: string;
  repeat: string;
}

/** Login password: current, new and repeat required; new is 8–64 characters, differs, and matches. */
export function checkLoginPasswordChange({ old, next, repeat }: PasswordChange): Problem | null {
  return (
    required(old, 'old_pass') ??
    required(next, 'new_pass') ??
    ([...next].length < 8 || next.length > 64 ? { msg: 'account.passwordFormat' } : null) ??
    required(repeat, 'new_passs') ??
    (next === repeat ? null : { msg: 'account.passwordMismatch' }) ??
    (next === old ? { msg: 'account.samePassword' } : null)
  );
}

const SIX_DIGITS = /^\d{6}$/;

/** Fund password: exactly 6 digits; `old` is only asked for when one is already set. */
export function checkFundPassword({ old, next, repeat }: PasswordChange, hasOld: boolean): Problem | null {
  return (
    (hasOld ? required(old, 'old_pass') : null) ??
    required(next, 'new_pass') ??
    (SIX_DIGITS.test(next) ? null : { msg: 'account.fundPasswordFormat' }) ??
    required(repeat, 'new_passs') ??
    (next === repeat ? null : { msg: 'account.passwordMismatch' }) ??
    (hasOld && next === old ? { msg: 'account.samePassword' } : null)
  );
}
