import type { Tx, UserState } from '@kabuto/db';
import { type Holding, type Market, navOf, type Units } from '@kabuto/domain';
import type { Instrument, MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import type { FundPasswordVerifier } from '../../shared/fund-password.ts';
import type { ConstituentRow } from './copy-trade.repo.ts';

/** A request's idempotency key as the route passes it in (marked applied in the operation's transaction). */
export interface OperationKey {
  userId: bigint;
  path: string;
  key: string;
}

/** The follower, as authentication read it this request (passed in by the route). */
export interface Follower {
  id: bigint;
  state: UserState;
  hasFundPassword: boolean;
}

/** What the products services are built from. */
export interface CopyTradeDeps extends Deps {
  market: MarketDataProvider;
  keys: { markApplied(tx: Tx, key: OperationKey | undefined): Promise<void> };
  verifyFundPassword: FundPasswordVerifier;
}

export interface FollowInput {
  productId: bigint;
  amount: Units;
  market: Market;
  fundPassword?: string;
}

export interface ProductTerms {
  names: { jp: string; cn: string; us: string };
  issuer: string;
  targetBp: number;
  minimum: Units;
  capacity: Units;
  lockDays: number;
  deadline: Date;
  ends: Date;
}

export interface WeightInput {
  symbol: string;
  weightBp: number;
}

/** Product status as stored: 0 listed, 1 delisted (no new follows), 2 ended. */
export const PRODUCT_STATUS = { listed: 0, delisted: 1, ended: 2 } as const;

export const holdingsOf = (rows: readonly ConstituentRow[]): Holding[] =>
  rows.map((r) => ({ symbol: r.symbol, weightBp: r.weight_bp, qty: r.qty }));

/** The current prices of some symbols (the last trade; the close once the session has ended). */
export function livePrices(market: MarketDataProvider, symbols: readonly string[]): Map<string, Units> {
  return new Map(market.quotes(symbols).map((q) => [q.symbol, q.price]));
}

/** The NAV now from the current quotes; null when a constituent has no quote. */
export function liveNav(market: MarketDataProvider, holdings: readonly Holding[]): Units | null {
  return navOf(
    holdings,
    livePrices(
      market,
      holdings.map((h) => h.symbol),
    ),
  );
}

/** A stock of the product's market, or null. */
export function constituentOf(market: MarketDataProvider, symbol: string, mkt: Market): Instrument | null {
  const inst = market.instrument(symbol);
  return inst && inst.kind === 'stock' && inst.market === mkt ? inst : null;
}
