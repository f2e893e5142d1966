import type { Tx, UserState } from '@kabuto/db';
import type { Units } from '@kabuto/domain';
import type { Instrument, MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import type { IdempotencyState } from '../../shared/idempotency-keys.ts';
import type { FilledPosition } from '../../shared/positions.ts';

/** A request's idempotency key as the route passes it in (marked applied in the subscription's transaction). */
export type OperationKey = IdempotencyState;

/** The subscriber, as authentication read it this request (passed in by the route). */
export interface Subscriber {
  id: bigint;
  state: UserState;
  hasFundPassword: boolean;
}

/** A position an allocation opens: a leverage-1 long at the block price, already filled. */
export type AllocatedPosition = FilledPosition<'block'>;

/** What the block service is built from (app.ts wires the trading module's position insert in). */
export interface BlockTradesDeps extends Deps {
  market: MarketDataProvider;
  keys: { markApplied(tx: Tx, key: OperationKey | undefined): Promise<void> };
  insertPositions(tx: Tx, rows: readonly AllocatedPosition[]): Promise<{ id: bigint; order_no: string }[]>;
}

export interface SubscribeInput {
  offeringId: bigint;
  quantity: bigint;
  password?: string;
}

export interface OfferingInput {
  symbol: string;
  price: Units;
  shares: bigint;
  password?: string | null;
  start: Date;
  end: Date;
}

/** One decided subscription of an allocation. */
export interface AllocationLine {
  id: string;
  user_id: string;
  quantity: string;
  allocated: string;
  status: number;
}

/** The stock a block trade is in (refused when the symbol is unknown or not a stock). */
export function stockOf(market: MarketDataProvider, symbol: string): Instrument {
  const inst = market.instrument(symbol);
  if (!inst) return refuse('trade.unknownSymbol');
  if (inst.kind !== 'stock') refuse('trade.cannotBuy');
  return inst;
}
