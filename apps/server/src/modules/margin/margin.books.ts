import type { Db, Tx } from '@kabuto/db';
import {
  accruedUnits,
  bookNotional,
  bookPnl,
  type Currency,
  formatUnits,
  ISO_CODE,
  MARKET_ZONE,
  type MarginBook,
  type MarginHolding,
  type Market,
  maintenanceRatioPpm,
  summedNumerator,
  type Units,
  zonedParts,
} from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import * as financing from './financing.repo.ts';
import * as repo from './margin.repo.ts';

/** One user's margin book in one market, as read now: its positions (with their rows) and collateral. */
export interface UserBook {
  userId: bigint;
  market: Market;
  rows: repo.MarginPositionRow[];
  book: MarginBook;
  /** Every position has a quote (a book with an unpriced position is valued but not acted on). */
  priced: boolean;
  /** The positions' costs accrued and not yet charged (already taken off the collateral). */
  financing: Units;
}

/** A position row priced now (its open price when there is no quote: no P&L). */
export const holdingOf = (market: MarketDataProvider, r: repo.MarginPositionRow): MarginHolding => {
  const open = r.open_price ?? 0n;
  return {
    openPrice: open,
    quantity: r.quantity,
    direction: r.direction,
    price: market.quote(r.symbol)?.price ?? open,
  };
};

/**
 * The margin books of some users (or of every user with margin positions), one per user and market:
 * collateral = the wallet's available cash + the margin its margin positions hold.
 */
export async function readBooks(
  q: Db | Tx,
  market: MarketDataProvider,
  userIds?: readonly bigint[],
): Promise<UserBook[]> {
  const rows = (await repo.marginPositions(q, userIds)).filter((r) => r.open_price !== null);
  const by = new Map<string, UserBook>();
  for (const r of rows) {
    const key = `${r.user_id}|${r.market}`;
    let b = by.get(key);
    if (!b) {
      b = {
        userId: r.user_id,
        market: r.market as Market,
        rows: [],
        book: { collateral: 0n, positions: [] },
        priced: true,
        financing: 0n,
      };
      by.set(key, b);
    }
    b.rows.push(r);
  }
  const books = [...by.values()];
  // the costs accrued and not charged yet are owed: they count against the collateral
  const accrued = new Map<bigint, Units>();
  for (const x of await financing.openSums(q, userIds))
    accrued.set(
      x.position_id,
      (accrued.get(x.position_id) ?? 0n) + accruedUnits(summedNumerator(x.kind, x.sum)),
    );
  for (const b of books) b.financing = b.rows.reduce((s, r) => s + (accrued.get(r.id) ?? 0n), 0n);
  const markets = new Set(books.map((b) => b.market));
  for (const mkt of markets) {
    const of = books.filter((b) => b.market === mkt);
    const cash = await repo.cashOf(
      q,
      of.map((b) => b.userId),
      mkt,
    );
    for (const b of of) {
      const held = b.rows.reduce((s, r) => s + r.margin, 0n);
      b.book = {
        collateral: (cash.get(b.userId) ?? 0n) + held - b.financing,
        positions: b.rows.map((r) => holdingOf(market, r)),
      };
      b.priced = b.rows.every((r) => (market.quote(r.symbol)?.price ?? 0n) > 0n);
    }
  }
  return books;
}

/** A ratio in ppm as users read it: percent with 2 decimals ("18.33"). */
export const ratioText = (ppm: bigint | null): string | null => {
  if (ppm === null) return null;
  const bp = ppm / 100n;
  const neg = bp < 0n;
  const a = neg ? -bp : bp;
  return `${neg ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
};

/** A book's figures for the wire. */
export const bookFigures = (b: UserBook) => ({
  type: b.market,
  collateral: formatUnits(b.book.collateral),
  notional: formatUnits(bookNotional(b.book)),
  pnl: formatUnits(bookPnl(b.book)),
  ratio: ratioText(maintenanceRatioPpm(b.book)),
  positions: b.rows.length,
  financing: formatUnits(b.financing),
});

/** A deadline as messages show it: the market's local date and time with its zone ("2026-11-26 12:00 JST"). */
export function deadlineText(market: Market, at: number): string {
  const p = zonedParts(MARKET_ZONE[market], at);
  const hh = String(Math.floor(p.minuteOfDay / 60)).padStart(2, '0');
  const mm = String(p.minuteOfDay % 60).padStart(2, '0');
  const zone = { jpy: 'JST', cny: 'CST', krw: 'KST', usd: 'ET' }[market];
  return `${p.date} ${hh}:${mm} ${zone}`;
}

export const currencyCode = (m: Market) => ISO_CODE[m as Currency];
