import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import type { QueueCounter } from '../../shared/admin-contributors.ts';
import type { Module } from '../module.ts';
import type { TradingOffers } from '../trading/index.ts';
import { maintenanceJob } from './margin.jobs.ts';
import { marginAdminRoutes, marginRoutes } from './margin.routes.ts';
import { marginService } from './margin.service.ts';

export interface MarginOffers {
  pendingCount: QueueCounter;
}

/**
 * The margin account (信用取引口座): the application and its review, the gate trading asks before an
 * order above 1× or a short (joined into trading), and the account-wide maintenance with its margin
 * calls (the leader's round, job `margin`, right after trading's exits).
 */
export function marginModule(
  deps: Deps,
  needs: { market: MarketDataProvider; trading: Pick<TradingOffers, 'positions' | 'closeLocked' | 'join'> },
): Module<MarginOffers> {
  const margin = marginService({ ...deps, market: needs.market });
  const job = maintenanceJob({ ...deps, market: needs.market }, needs.trading);
  needs.trading.join({ margin: { checkMarginOrders: margin.checkMarginOrders } });
  return {
    name: 'margin',
    offers: { pendingCount: margin.pendingCount },
    routes: (kit) => marginRoutes(kit, margin),
    adminRoutes: (kit) => marginAdminRoutes(kit, margin),
    jobs: { margin: () => job.run() },
  };
}
