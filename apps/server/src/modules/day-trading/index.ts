import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import type { QueueCounter } from '../../shared/admin-contributors.ts';
import { markApplied } from '../../shared/idempotency-keys.ts';
import type { IdentityLookup } from '../../shared/identity.ts';
import type { Module } from '../module.ts';
import type { DayTradeDeps } from './day-trade.deps.ts';
import { dayTradeJobs } from './day-trade.jobs.ts';
import { dayTradeReview } from './day-trade.review.ts';
import { dayTradeAdminRoutes, dayTradeRoutes } from './day-trade.routes.ts';
import { type DayTradeService, dayTradeService } from './day-trade.service.ts';

export interface DayTradingOffers {
  pendingCount: QueueCounter;
}

/**
 * Day trading: the application (reviewed: identity from KYC, no unpaid loan), the day-trade order (its
 * desk on the trading module's order call), positions through the trading module. Job `dayTrade`: the
 * forced close and settlement of the lines whose day is over.
 */
export function dayTradingModule(
  deps: Deps,
  needs: {
    market: MarketDataProvider;
    marketFill: DayTradeDeps['marketFill'];
    insertPositions: DayTradeDeps['insertPositions'];
    closeLocked: DayTradeDeps['closeLocked'];
    /** Lock a position (of that user, when given): the trading module's store. */
    lockPosition(
      tx: Parameters<DayTradeDeps['lockPosition']>[0],
      userId: bigint | null,
      id: bigint,
    ): ReturnType<DayTradeDeps['lockPosition']>;
    joinTrading(parts: { dayTrade: Pick<DayTradeService, 'buy'> }): void;
    identity: IdentityLookup;
    hasUnpaidLoan(userId: bigint): Promise<boolean>;
  },
): Module<DayTradingOffers> {
  const d: DayTradeDeps = {
    ...deps,
    market: needs.market,
    marketFill: needs.marketFill,
    keys: { markApplied },
    insertPositions: needs.insertPositions,
    closeLocked: needs.closeLocked,
    lockPosition: (tx, id) => needs.lockPosition(tx, null, id),
    identity: needs.identity,
    hasUnpaidLoan: needs.hasUnpaidLoan,
  };
  const service = dayTradeService(d);
  const review = dayTradeReview(d);
  const rounds = dayTradeJobs(d);
  needs.joinTrading({ dayTrade: service });
  return {
    name: 'day-trading',
    offers: { pendingCount: review.pendingCount },
    routes: (kit) => dayTradeRoutes(kit, { market: needs.market }, service),
    adminRoutes: (adminKit) => dayTradeAdminRoutes(adminKit, review),
    jobs: { dayTrade: () => rounds.runJobs() },
  };
}
