import { call, type RefBody } from '../../../lib/api.ts';
import { early } from '../../../lib/early-endpoints.ts';

type LoginBody = RefBody<typeof early.login>;

/** `/user/login {account, password}` → `{token, account}`. Refusals are toasted by the client. */
export function login(body: LoginBody) {
  return call(early.login, body);
}
