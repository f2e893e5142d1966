import { call } from '../../../lib/api.ts';
import { early } from '../../../lib/early-endpoints.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** A registration: the password twice, and the inviter's code. */
export interface Registration {
  account: string;
  password: string;
  repeat: string;
  inviter: string;
  /** Optional ("" for none): an address to verify, mailed in the language shown. */
  email: string;
}

/** `/user/register {account, pwd, pwd1, inviter, email?, lang}`. */
export function register(r: Registration) {
  return call(early.register, {
    account: r.account,
    pwd: r.password,
    pwd1: r.repeat,
    inviter: r.inviter,
    ...(r.email ? { email: r.email } : {}),
    lang: currentLanguage(),
  });
}
