import type { Market } from '@kabuto/domain';
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { batcher } from '../../lib/batcher.ts';
import { refuse } from '../../lib/errors.ts';
import type { UserInfo, UserInfoContributor } from '../../shared/user-info.ts';

/**
 * getUserinfo: the user's row and every contributor's read in one query (calls that arrive together
 * share it). Nothing is cached: every reply reads the committed state.
 */
export function accountService({ db }: Deps, contributors: UserInfoContributor[] = []) {
  /** The users' rows with every contributor's read, in one query. */
  const read = (ids: bigint[]) =>
    db
      .selectFrom('app_user as u')
      .select(['u.id', 'u.account', 'u.invite_code', 'u.state'])
      .select(sql<boolean>`u.fund_password_hash is not null`.as('has_fund_password'))
      .select(contributors.map((c, i) => c.read(sql.ref<bigint>('u.id')).as(`part${i}`)))
      .where('u.id', 'in', ids)
      .execute();
  type Row = Awaited<ReturnType<typeof read>>[number] & Record<string, unknown>;
  /** Calls that arrive together share one query (see batcher). */
  const lookup = batcher<bigint, Row | undefined>(
    async (ids) => {
      const byId = new Map((await read([...new Set(ids)])).map((r) => [r.id, r as Row]));
      return ids.map((id) => ({ ok: true, value: byId.get(id) }));
    },
    { maxBatch: 200, maxInFlight: 2 },
  );

  async function userInfo(userId: bigint, market: Market): Promise<UserInfo> {
    const u = await lookup(userId);
    if (!u) return refuse('account.notFound');
    const info: UserInfo = {
      account: u.account,
      inviteCode: u.invite_code,
      hasFundPassword: u.has_fund_password,
      state: u.state,
    };
    for (const part of await Promise.all(contributors.map((c, i) => c.part(u[`part${i}`], market))))
      Object.assign(info, part);
    return info;
  }
  return { userInfo };
}
