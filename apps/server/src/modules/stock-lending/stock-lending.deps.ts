import type { PositionTable, Tx } from '@kabuto/db';
import {
  lendingRatePpm,
  type Market,
  parseUnits,
  percentToPpm,
  type RateTier,
  type Units,
} from '@kabuto/domain';
import type { Instrument, MarketDataProvider } from '@kabuto/market';
import type { Selectable } from 'kysely';
import type { Deps } from '../../deps.ts';
import type { IdempotencyState } from '../../shared/idempotency-keys.ts';
import type { LendingRatesSetting } from '../../shared/settings.ts';

/** A request's idempotency key as the route passes it in (marked applied in the recall's transaction). */
export type OperationKey = IdempotencyState;

export type PositionRow = Selectable<PositionTable>;

/** What lending reads and marks of the positions, handed in by app.ts from the trading module. */
export interface PositionAccess {
  /** Lock a position (of that user, when given). */
  lock(tx: Tx, userId: bigint | null, id: bigint): Promise<PositionRow | undefined>;
  /** A user's positions of a market in the given statuses, newest first. */
  list(userId: bigint, market: Market, statuses: readonly number[]): Promise<PositionRow[]>;
  markLent(tx: Tx, id: bigint, lent: boolean, at: Date): Promise<void>;
}

/** What the lending services are built from (app.ts wires them). */
export interface StockLendingDeps extends Deps {
  market: MarketDataProvider;
  keys: { markApplied(tx: Tx, key: OperationKey | undefined): Promise<void> };
  positions: PositionAccess;
}

/** The tiers of a market as the domain reads them. */
export const tiersOf = (rates: LendingRatesSetting, market: Market): RateTier[] =>
  rates.tiers[market].map((t) => ({ minCap: parseUnits(t.min_cap) as Units, ratePpm: percentToPpm(t.rate) }));

/** An instrument's annual lending rate (ppm) now: the symbol's own rate, else its market cap's tier. */
export function rateOf(
  market: MarketDataProvider,
  rates: LendingRatesSetting,
  inst: Instrument,
): { ppm: bigint; source: 'tier' | 'symbol' } {
  const own = rates.symbols[inst.symbol];
  const cap = market.quote(inst.symbol)?.marketCap ?? null;
  if (own !== undefined) return { ppm: percentToPpm(own), source: 'symbol' };
  return { ppm: lendingRatePpm(cap, tiersOf(rates, inst.market)), source: 'tier' };
}
