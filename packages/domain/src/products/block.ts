/**
 * Block trades and after-market trades: the subscription status machine and the after-market window.
 * Pure functions; the server books them, the web app shows the same window.
 */
import type { Market } from '../currencies.ts';
import { daySchedule, localDate } from '../markets/calendar.ts';
import { type LocalDate, parseHm, zonedEpoch } from '../markets/time.ts';
import { MARKET_ZONE } from '../markets/types.ts';
import { codedMachine, statusMachine } from '../status-machine.ts';

// ---- block subscription status machine ----

/** A block subscription's status, as stored and on the wire (`/trade/ustockslist`). */
export type BlockSubscriptionStatusName = 'pending' | 'allocated' | 'refunded';
export const BLOCK_SUBSCRIPTION_STATUS = { pending: 0, allocated: 1, refunded: 2 } as const satisfies Record<
  BlockSubscriptionStatusName,
  number
>;
export type BlockSubscriptionStatus = (typeof BLOCK_SUBSCRIPTION_STATUS)[BlockSubscriptionStatusName];

/**
 * A pending subscription (money held, frozen) is decided once at the allocation: allocated (some or all
 * of it became a position, the rest refunded) or refunded (nothing allocated). Both are final.
 */
export const BLOCK_SUBSCRIPTION = codedMachine(
  statusMachine<BlockSubscriptionStatusName>('block subscription', {
    pending: ['allocated', 'refunded'],
    allocated: [],
    refunded: [],
  }),
  BLOCK_SUBSCRIPTION_STATUS,
);

export const isBlockSubscriptionStatus = BLOCK_SUBSCRIPTION.is;
export const canMoveBlockSubscription = BLOCK_SUBSCRIPTION.can;
/** The status a subscription moves to; an illegal move throws {@link IllegalTransitionError}. */
export const moveBlockSubscription = BLOCK_SUBSCRIPTION.move;

/** The status a subscription is decided to at the allocation: allocated when it got any share. */
export const decidedStatus = (allocatedShares: bigint): BlockSubscriptionStatus =>
  allocatedShares > 0n ? BLOCK_SUBSCRIPTION_STATUS.allocated : BLOCK_SUBSCRIPTION_STATUS.refunded;

/** Shares are subscribed and allocated in lots of this many. */
export const BLOCK_LOT = 100n;

/** A block offering's window: open for subscriptions when start ≤ now < end. */
export const isBlockWindowOpen = (startMs: number, endMs: number, nowMs: number): boolean =>
  startMs <= nowMs && nowMs < endMs;

// ---- after-market window ----

/** The after-market window, local "HH:MM" times of the market (e.g. 15:40–16:30 in Tokyo). */
export interface AfterMarketHours {
  from: string;
  to: string;
}

/**
 * The after-market window of the trading day at `epochMs`: from `from` (never before that day's close)
 * to `to`, local time of the market; null on a day the exchange does not trade or when the hours are
 * empty. Orders fill only inside it, at that day's official closing price.
 */
export function afterMarketWindow(
  market: Market,
  epochMs: number,
  hours: AfterMarketHours,
): { date: LocalDate; start: number; end: number } | null {
  const date = localDate(market, epochMs);
  const day = daySchedule(market, date);
  if (!day) return null;
  const zone = MARKET_ZONE[market];
  const start = Math.max(day.end, zonedEpoch(zone, date, parseHm(hours.from) * 60));
  const end = zonedEpoch(zone, date, parseHm(hours.to) * 60);
  if (end <= start) return null;
  return { date, start, end };
}

/** Is the after-market window open at `epochMs`? */
export function isAfterMarketOpen(market: Market, epochMs: number, hours: AfterMarketHours): boolean {
  const w = afterMarketWindow(market, epochMs, hours);
  return w !== null && w.start <= epochMs && epochMs < w.end;
}
