import { call, type RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

type LoginBody = RefBody<typeof endpoints.account.login>;

/** `/user/login {account, password}` → `{token, account}`. Refusals are toasted by the client. */
export function login(body: LoginBody) {
  return call(endpoints.account.login, body);
}
