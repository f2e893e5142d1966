import type { Market } from '@kabuto/domain';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import type { UserInfo, UserInfoContributor } from '../../shared/user-info.ts';

export function accountService({ db }: Deps, contributors: UserInfoContributor[] = []) {
  async function userInfo(userId: bigint, market: Market): Promise<UserInfo> {
    const u = await db
      .selectFrom('app_user')
      .select(['account', 'invite_code', 'fund_password_hash', 'state', 'created_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!u) return refuse('account.notFound');
    const info: UserInfo = {
      account: u.account,
      inviteCode: u.invite_code,
      hasFundPassword: u.fund_password_hash !== null,
      state: u.state,
    };
    for (const part of await Promise.all(contributors.map((c) => c(userId, market))))
      Object.assign(info, part);
    return info;
  }
  return { userInfo };
}
