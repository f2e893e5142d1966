import { catalogueService } from './catalogue.service.ts';
import { copyTradeAdmin } from './copy-trade.admin.ts';
import type { CopyTradeDeps } from './copy-trade.deps.ts';
import { copyTradeJobs } from './copy-trade.jobs.ts';
import { followService } from './follow.service.ts';

export type { CopyTradeDeps, Follower, FollowInput, OperationKey } from './copy-trade.deps.ts';

/**
 * Copy-trade products, one service built from its jobs: the catalogue and NAV (`catalogue.service.ts`),
 * following and redeeming (`follow.service.ts`), the leader's daily job (`copy-trade.jobs.ts`) and the back
 * office (`copy-trade.admin.ts`).
 */
export function copyTradeService(d: CopyTradeDeps) {
  const catalogue = catalogueService(d);
  const follow = followService(d);
  const jobs = copyTradeJobs(d, follow);
  const admin = copyTradeAdmin(d, catalogue);
  return {
    list: catalogue.list,
    detail: catalogue.detail,
    follow: follow.follow,
    redeem: follow.redeem,
    orders: follow.orders,
    runJobs: jobs.runJobs,
    runTimed: jobs.runTimed,
    daily: jobs.daily,
    admin,
  };
}

export type CopyTradeService = ReturnType<typeof copyTradeService>;
