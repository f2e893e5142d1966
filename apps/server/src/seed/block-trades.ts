import type { Tx } from '@kabuto/db';
import { BLOCK_LOT, roundTo } from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import { newSeed } from '../shared/commitment.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Block offerings of the demo, relative to the server clock so that a new user always finds some open:
 * four open ones (two behind the demo password) and one that opens tomorrow. The price is a 5% discount
 * to the stock's last price, in whole yen.
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
    { start: -HOUR, end: 2 * DAY, shares: 10_000n, password: false },
    { start: -HOUR, end: 3 * DAY, shares: 5_000n, password: true },
    { start: -2 * HOUR, end: DAY, shares: 20_000n, password: false },
    { start: -HOUR, end: 5 * DAY, shares: 3_000n, password: true },
    { start: DAY, end: 4 * DAY, shares: 8_000n, password: false },
  ];
  let n = 0;
  for (const [i, inst] of stocks.entries()) {
    const q = market.quote(inst.symbol);
    if (!q || q.price <= 0n) continue;
    const plan = plans[i];
    const price = roundTo((q.price * 95n) / 100n, 10_000n, 'down');
    if (price <= 0n) continue;
    const { seed, commitment } = newSeed();
    await tx
      .insertInto('block_offering')
      .values({
        market: 'jpy',
        symbol: inst.symbol,
        price,
        shares: (plan.shares / BLOCK_LOT) * BLOCK_LOT,
        password_hash: plan.password ? passwordHash : null,
        start_at: new Date(now + plan.start),
        end_at: new Date(now + plan.end),
        seed,
        commitment,
      })
      .execute();
    n++;
  }
  return n;
}
