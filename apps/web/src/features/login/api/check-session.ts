import { call } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';
import { storedMarket } from '../../../lib/storage.ts';

/** `/user/getUserinfo {type}` without toasts or redirects: the splash decides where to go. */
export function checkSession() {
  return call(endpoints.account.userInfo, { type: storedMarket() }, { silent: true });
}
