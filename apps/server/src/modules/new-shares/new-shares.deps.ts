import type { Tx, UserState } from '@kabuto/db';
import {
  type Board,
  boardTickTable,
  isListingBoard,
  localDate,
  MARKET_ZONE,
  type Market,
  type TickTableId,
  type Units,
} from '@kabuto/domain';
import type { Instrument, MarketDataProvider } from '@kabuto/market';
import type { RawBuilder } from 'kysely';
import type { Deps } from '../../deps.ts';
import { sha256Hex } from '../../shared/commitment.ts';
import type { IdempotencyState } from '../../shared/idempotency-keys.ts';
import type { FilledPosition } from '../../shared/positions.ts';
import type { OfferingRow } from './new-shares.repo.ts';

/** A request's idempotency key, as its route passes it in. */
export type OperationKey = IdempotencyState;

/** A leverage-1 position the listing writes (the trading module's batch insert, wired in app.ts). */
export type NewSharePosition = FilledPosition<'new_share'>;

/** What the new-share services are built from (app.ts wires them). */
export interface NewSharesDeps extends Deps {
  market: MarketDataProvider;
  /** Mark the request's idempotency key applied inside the operation's transaction. */
  markApplied(tx: Tx, key: OperationKey | undefined): Promise<void>;
  /** Insert positions in the caller's transaction (the trading repo's insert). */
  insertPositions(
    tx: Tx,
    rows: readonly NewSharePosition[],
    ctes?: readonly RawBuilder<unknown>[],
  ): Promise<{ id: bigint; order_no: string }[]>;
}

export interface Applicant {
  id: bigint;
  state: UserState;
}

/**
 * One formatter a market, made once: an `Intl.DateTimeFormat` costs about 0.4 ms and 25 KiB of memory
 * outside the JavaScript heap to build, and a draw formats a deadline for each of its applications.
 */
const localTimeFormats = new Map<Market, Intl.DateTimeFormat>();

/** "2026-11-25 15:00" in the exchange's zone. */
export function localTime(m: Market, d: Date): string {
  let f = localTimeFormats.get(m);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone: MARKET_ZONE[m],
      dateStyle: 'short',
      timeStyle: 'short',
    });
    localTimeFormats.set(m, f);
  }
  return f.format(d);
}

/** The listing's first-price seed: derived from the lottery seed, so it too was fixed in advance. */
export const listingSeed = (seedHex: string) => sha256Hex(`${seedHex}:listing`);

/** A new listing's tick table: its board's (a new listing is in no index with its own table). */
export const tickOfBoard = (board: string): TickTableId =>
  isListingBoard(board) ? boardTickTable(board) : 'tse_general';

/** The price an application is held at: the offer price, or the top of the range before pricing. */
export const holdPrice = (o: OfferingRow): Units => o.offer_price ?? o.range_high;

export const namesOf = (o: Pick<OfferingRow, 'name_jp' | 'name_cn' | 'name_us'>) => ({
  jp: o.name_jp,
  cn: o.name_cn,
  us: o.name_us,
});

/** The instrument a listed offering becomes. */
export function listingInstrument(o: OfferingRow): Instrument {
  const first = o.first_price ?? holdPrice(o);
  return {
    symbol: o.code,
    kind: 'stock',
    market: o.market as Market,
    board: o.board as Board,
    tickTable: tickOfBoard(o.board),
    names: namesOf(o),
    sharesOutstanding: o.shares * 4n,
    refPrice: first,
    listed: localDate(o.market as Market, o.listing_at.getTime()),
    sim: { listingOpen: first, listingBase: holdPrice(o), dividendBp: 0 },
  };
}

export interface RecordedResult {
  id: string;
  outcome: 'won' | 'waitlisted' | 'lost';
  lots: string;
  rank: number;
}
