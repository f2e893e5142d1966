import type { Deps } from '../../deps.ts';
import type { UserInfoContributor } from '../../shared/user-info.ts';
import type { Module } from '../module.ts';
import { accountRoutes } from './account.routes.ts';
import { accountService } from './account.service.ts';

/** getUserinfo: the user's row and each contributing module's part, in one query. */
export function accountModule(deps: Deps, needs: { userInfo: UserInfoContributor[] }): Module {
  const account = accountService(deps, needs.userInfo);
  return { name: 'account', offers: {}, routes: (kit) => accountRoutes(kit, account) };
}
