import { call } from '../../../lib/api.ts';
import { early } from '../../../lib/early-endpoints.ts';
import { storedMarket } from '../../../lib/storage.ts';

/** `/user/getUserinfo {type}` without toasts or redirects: the splash decides where to go. */
export function checkSession() {
  return call(early.userInfo, { type: storedMarket() }, { silent: true });
}
