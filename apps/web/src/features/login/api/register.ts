import { call, type RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

type RegisterBody = RefBody<typeof endpoints.account.register>;

/** `/user/register {account, pwd, pwd1, inviter}`. */
export function register(body: RegisterBody) {
  return call(endpoints.account.register, body);
}
