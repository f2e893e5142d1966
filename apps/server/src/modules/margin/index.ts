import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import type { QueueCounter } from '../../shared/admin-contributors.ts';
import type { DailyJob } from '../jobs/index.ts';
import type { Module } from '../module.ts';
import type { TradingOffers } from '../trading/index.ts';
import { financingAdmin } from './financing.admin.ts';
import { financingService } from './financing.service.ts';
import { maintenanceJob } from './margin.jobs.ts';
import { marginAdminRoutes, marginRoutes } from './margin.routes.ts';
import { marginService } from './margin.service.ts';
import { shortableAdmin } from './shortable.admin.ts';
import { termJob } from './term.job.ts';

export interface MarginOffers {
  pendingCount: QueueCounter;
  /** The daily accrual of margin costs (job `financing` on the durable queue). */
  daily: DailyJob;
}

/**
 * The margin account (信用取引口座): the application and its review, the gate trading asks before an
 * order above 1× or a short (joined into trading), the account-wide maintenance with its margin
 * calls (the leader's round, job `margin`, right after trading's exits), the term of margin positions
 * (job `marginTerm`), and their costs (interest, lending fee, 逆日歩: accrued by the daily job
 * `financing`, charged in trading's close, which the module joins); in the back office, the operator's
 * shortable list (`shortable.admin.ts`).
 */
export function marginModule(
  deps: Deps,
  needs: { market: MarketDataProvider; trading: Pick<TradingOffers, 'positions' | 'closeLocked' | 'join'> },
): Module<MarginOffers> {
  const d = { ...deps, market: needs.market };
  const margin = marginService(d);
  const financing = financingService(d);
  const job = maintenanceJob(d, needs.trading);
  const term = termJob(d, needs.trading);
  needs.trading.join({
    margin: {
      checkMarginOrders: margin.checkMarginOrders,
      settleOnClose: financing.settleOnClose,
      onSplit: financing.onSplit,
      financingOf: financing.financingOf,
    },
  });
  const admin = financingAdmin(d);
  const shortable = shortableAdmin(d);
  return {
    name: 'margin',
    offers: { pendingCount: margin.pendingCount, daily: financing.daily },
    routes: (kit) => marginRoutes(kit, margin),
    adminRoutes: (kit) => marginAdminRoutes(kit, margin, admin, shortable),
    jobs: { margin: () => job.run(), marginTerm: () => term.run() },
  };
}
