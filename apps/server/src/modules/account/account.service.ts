import type { Market } from '@kabuto/domain';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { type UserInfoWire, userInfoUnset } from './account.wire.ts';

/**
 * Extra fields of the user-info reply contributed by other areas (wallet balances, loans,
 * verification). Each contributor reads its own tables; nothing is reported that does not exist.
 */
export type UserInfoContributor = (userId: bigint, market: Market) => Promise<Record<string, unknown>>;

export function accountService({ db }: Deps, contributors: UserInfoContributor[] = []) {
  async function userInfo(userId: bigint, market: Market): Promise<UserInfoWire> {
    const u = await db
      .selectFrom('app_user')
      .select(['account', 'invite_code', 'fund_password_hash', 'state', 'created_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!u) return refuse('account.notFound');
    const base: UserInfoWire = {
      account: u.account,
      invite_code: u.invite_code,
      has_fund_password: u.fund_password_hash !== null,
      state: u.state,
      ...userInfoUnset,
    };
    for (const extra of await Promise.all(contributors.map((c) => c(userId, market))))
      Object.assign(base, extra);
    return base;
  }
  return { userInfo };
}
