import type { Tx } from '@kabuto/db';
import {
  addTradingDays,
  BLOCK_LOT,
  isTradingDay,
  type LocalDate,
  localDate,
  MARKET_ZONE,
  nextTradingDay,
  previousTradingDay,
  roundTo,
  zonedEpoch,
} from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import { newSeed } from '../shared/commitment.ts';

/** A window opens at Tokyo's 09:00 and closes at its 15:30, on trading days. */
const OPENS = 9 * 3600;
const CLOSES = 15 * 3600 + 30 * 60;
const at = (date: LocalDate, second: number) => zonedEpoch(MARKET_ZONE.jpy, date, second);

/**
 * The demo's windows on Tokyo's calendar: an open one started at the last trading day's 09:00 at or
 * before now; an upcoming one starts at the next trading day's 09:00 after now; each closes at 15:30
 * of the trading day `days` trading days after its start (never on a weekend or a holiday).
 */
export function seedBlockWindow(
  now: number,
  plan: { open: boolean; days: number },
): { start: number; end: number } {
  const today = localDate('jpy', now);
  const startDay = plan.open
    ? isTradingDay('jpy', today) && at(today, OPENS) <= now
      ? today
      : previousTradingDay('jpy', today)
    : isTradingDay('jpy', today) && at(today, OPENS) > now
      ? today
      : nextTradingDay('jpy', today);
  let endDay = addTradingDays('jpy', startDay, plan.days);
  while (at(endDay, CLOSES) <= now) endDay = nextTradingDay('jpy', endDay);
  return { start: at(startDay, OPENS), end: at(endDay, CLOSES) };
}

/**
 * Block offerings of the demo, relative to the server clock so that a new user always finds some open:
 * four open ones (two behind the demo password) and one that opens on the next trading day, their windows
 * on Tokyo's trading days (`seedBlockWindow`). The price is a 5% discount to the stock's last price, in
 * whole yen.
 */
export async function seedBlockOfferings(
  tx: Tx,
  market: MarketDataProvider,
  now: number,
  passwordHash: string,
): Promise<number> {
  const stocks = market
    .instruments('jpy')
    .filter((i) => i.kind === 'stock')
    .slice(0, 5);
  const plans = [
    { open: true, days: 2, shares: 10_000n, password: false },
    { open: true, days: 3, shares: 5_000n, password: true },
    { open: true, days: 1, shares: 20_000n, password: false },
    { open: true, days: 5, shares: 3_000n, password: true },
    { open: false, days: 3, shares: 8_000n, password: false },
  ];
  let n = 0;
  for (const [i, inst] of stocks.entries()) {
    const q = market.quote(inst.symbol);
    if (!q || q.price <= 0n) continue;
    const plan = plans[i];
    const price = roundTo((q.price * 95n) / 100n, 10_000n, 'down');
    if (price <= 0n) continue;
    const { seed, commitment } = newSeed();
    const window = seedBlockWindow(now, plan);
    await tx
      .insertInto('block_offering')
      .values({
        market: 'jpy',
        symbol: inst.symbol,
        price,
        shares: (plan.shares / BLOCK_LOT) * BLOCK_LOT,
        password_hash: plan.password ? passwordHash : null,
        start_at: new Date(window.start),
        end_at: new Date(window.end),
        seed,
        commitment,
      })
      .execute();
    n++;
  }
  return n;
}
