import type { Deps } from '../../deps.ts';
import type { QueueCounter, UserDetailContributor } from '../../shared/admin-contributors.ts';
import type { IdentityLookup } from '../../shared/identity.ts';
import type { OpenPositionsCheck } from '../../shared/positions.ts';
import type { StepUpCheck } from '../../shared/step-up.ts';
import type { UserInfoContributor } from '../../shared/user-info.ts';
import type { Module } from '../module.ts';
import type { DepositsService } from './deposits.service.ts';
import { fundsAdminRoutes, fundsRoutes } from './funds.routes.ts';
import { fundsServices } from './funds.service.ts';

export interface FundsOffers {
  /** Today's deposit window of a currency (the public config shows it). */
  depositWindow: DepositsService['window'];
  userInfo: UserInfoContributor;
  pendingCount: QueueCounter;
  userDetail: UserDetailContributor;
}

/** Bank cards, deposits, withdrawals, exchange, the fund records and the statement; the back office's queues. */
export function fundsModule(
  deps: Deps,
  needs: { identity: IdentityLookup; hasOpenPositions: OpenPositionsCheck; stepUp: StepUpCheck },
): Module<FundsOffers> {
  const funds = fundsServices(deps, needs);
  return {
    name: 'funds',
    offers: {
      depositWindow: funds.deposits.window,
      userInfo: funds.wallets.userInfo,
      pendingCount: funds.pendingCounts,
      userDetail: funds.userDetail,
    },
    routes: (kit) => fundsRoutes(kit, deps, funds),
    adminRoutes: (adminKit) => fundsAdminRoutes(adminKit, funds),
  };
}
