import type { accountApi, BodyOf } from '@kabuto/contract';
import type { PasswordChange, Registration } from './auth.service.ts';

/** The sign-in area's contract names to the service's English ones. */

/** `/user/register`: `pwd` and `pwd1` are the password twice, `inviter` the inviter's invite code. */
export const registration = (b: BodyOf<typeof accountApi.register>): Registration => ({
  account: b.account,
  password: b.pwd,
  passwordAgain: b.pwd1,
  inviteCode: b.inviter,
});

/** A password change: `old_pass` the current one, `new_pass` and `new_passs` the new one twice. */
export const passwordChange = (
  b: BodyOf<typeof accountApi.changePassword | typeof accountApi.changePasswords>,
): PasswordChange => ({ current: b.old_pass, next: b.new_pass, nextAgain: b.new_passs });

/** `/user/setPasswords`: the first fund password, twice. */
export const newFundPassword = (b: BodyOf<typeof accountApi.setPasswords>) => ({
  next: b.new_pass,
  nextAgain: b.new_passs,
});
