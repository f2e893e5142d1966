import { call } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

/** A registration: the password twice, and the inviter's code. */
export interface Registration {
  account: string;
  password: string;
  repeat: string;
  inviter: string;
}

/** `/user/register {account, pwd, pwd1, inviter}`. */
export function register(r: Registration) {
  return call(endpoints.account.register, {
    account: r.account,
    pwd: r.password,
    pwd1: r.repeat,
    inviter: r.inviter,
  });
}
