import type { Db, Tx } from '@kabuto/db';
import type { Market, PositionStatus, Units } from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { appliedKeys, markApplied } from '../../shared/idempotency-keys.ts';
import type { OpenPositionsCheck, PositionsValuation } from '../../shared/positions.ts';
import type { Module, ModuleLog } from '../module.ts';
import { amendService } from './amend.service.ts';
import { exitsService } from './exits.service.ts';
import { ordersService } from './orders.service.ts';
import { type PositionsService, positionsService } from './positions.service.ts';
import type { LendingHook, MarginHook, TaxHook, TradingDeps } from './trading.deps.ts';
import { positionJobs } from './trading.jobs.ts';
import {
  hasOpenPositions,
  insertPositions,
  listPositions,
  lockPosition,
  markLent,
  type PositionRow,
} from './trading.repo.ts';
import { type BlockDesk, type DayTradeDesk, type Desks, tradingRoutes } from './trading.routes.ts';
import { positionValuation } from './valuation.ts';
import { internalVenue } from './venue.ts';

export type { BlockDesk, DayTradeDesk, LendingHook, MarginHook };

/** The positions store, for the products that hand out or lend positions. */
export interface PositionStore {
  /** Insert filled positions in the caller's transaction (a new share's, a block's, a day trade's). */
  insert: typeof insertPositions;
  /** Lock a position (of that user, when given). */
  lock(tx: Tx, userId: bigint | null, id: bigint): Promise<PositionRow | undefined>;
  /** A user's positions of a market in the given statuses, newest first. */
  list(userId: bigint, market: Market, statuses: readonly number[]): Promise<PositionRow[]>;
  markLent(tx: Tx, id: bigint, lent: boolean, at: Date): Promise<void>;
  /** Whether a user holds open positions. */
  hasOpen: OpenPositionsCheck;
}

export interface TradingOffers {
  positions: PositionStore;
  /** A user's open positions valued at current quotes. */
  valuation: PositionsValuation;
  /** The price a market order fills at now, or null when there is none. */
  marketFill(symbol: string, direction: 1 | 2, now: number): Units | null;
  /** Close a locked holding at market (the normal close; a day-trade position settles into its line). */
  closeLocked: PositionsService['closeLocked'];
  /**
   * Where later modules join trading: the block and day-trading desks take their orders off
   * `/trade/buy_stock`, and stock lending recalls a lent position inside a close's transaction.
   */
  join(parts: {
    block?: BlockDesk;
    dayTrade?: DayTradeDesk;
    lending?: LendingHook;
    margin?: MarginHook;
  }): void;
}

function positionStore(db: Db): PositionStore {
  return {
    insert: insertPositions,
    lock: lockPosition,
    list: (userId, mkt, statuses) => listPositions(db, userId, mkt, statuses as PositionStatus[]),
    markLent,
    hasOpen: (userId) => hasOpenPositions(db, userId),
  };
}

/**
 * Orders, positions, exits and the order book. Jobs (the leader's round, in this order): pending
 * orders (call auctions, resting fills, expiry), exit triggers; the account-wide maintenance of margin
 * books is the margin module's, right after.
 */
export function tradingModule(
  deps: Deps,
  needs: { market: MarketDataProvider; tax?: TaxHook; log?: ModuleLog },
): Module<TradingOffers> {
  const t: TradingDeps = {
    ...deps,
    market: needs.market,
    venue: internalVenue(needs.market),
    keys: { markApplied, appliedKeys },
    tax: needs.tax,
  };
  const orders = ordersService(t);
  const positions = positionsService(t);
  const exits = exitsService(t, positions, (err, exitId) =>
    needs.log?.error({ err, exitId: String(exitId) }, 'exit order failed to fire'),
  );
  const book = positionJobs(t, orders, positions);
  const desks: Desks = {};
  return {
    name: 'trading',
    offers: {
      positions: positionStore(deps.db),
      valuation: positionValuation(deps.db, needs.market),
      marketFill: t.venue.marketFill,
      closeLocked: positions.closeLocked,
      join(parts) {
        if (parts.block) desks.block = parts.block;
        if (parts.dayTrade) desks.dayTrade = parts.dayTrade;
        if (parts.lending) t.lending = parts.lending;
        if (parts.margin) t.margin = parts.margin;
      },
    },
    routes: (kit) => tradingRoutes(kit, orders, positions, desks, exits, amendService(t)),
    jobs: {
      pendingOrders: () => book.processPendingOrders(),
      // exit triggers (stop, trailing, OCO, IFD legs) fire before the margin module's maintenance
      exits: () => exits.runExits(),
    },
  };
}
