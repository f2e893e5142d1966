import type { Tx, UserState } from '@kabuto/db';
import type { Instrument, MarketDataProvider } from '@kabuto/market';
import type { RawBuilder } from 'kysely';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import type { Settings } from '../../shared/settings.ts';
import type { Venue } from './venue.ts';

/** A request's idempotency key, as its route passes it in: marked applied inside the operation's transaction. */
export interface OperationKey {
  userId: bigint;
  path: string;
  key: string;
}

/** How the module marks keys applied (the idempotency key helpers). */
export interface KeyMarks {
  /** Mark one key applied (nothing for a call without a key). */
  markApplied(tx: Tx, key: OperationKey | undefined): Promise<void>;
  /** The statement marking several keys, to ride as a CTE on a statement the transaction runs anyway. */
  appliedKeys(keys: readonly OperationKey[]): RawBuilder<unknown>;
}

/** The user placing an order, as authentication read it this request (passed in by the route). */
export interface Trader {
  id: bigint;
  state: UserState;
  hasFundPassword: boolean;
}

/**
 * Stock lending's part in a close (the lending module joins trading with it: `join({ lending })`): a lent
 * position is recalled, in the close's transaction, before it is sold.
 */
export interface LendingHook {
  recallOnClose(
    tx: Tx,
    position: { id: bigint; user_id: bigint },
    now: number,
    settings: Settings,
  ): Promise<void>;
}

/** What the trading services are built from (the module's index.ts builds them). */
export interface TradingDeps extends Deps {
  market: MarketDataProvider;
  venue: Venue;
  keys: KeyMarks;
  lending?: LendingHook;
}

export function instrumentOf(market: MarketDataProvider, symbol: string): Instrument {
  const inst = market.instrument(symbol);
  if (!inst) return refuse('trade.unknownSymbol');
  return inst;
}
