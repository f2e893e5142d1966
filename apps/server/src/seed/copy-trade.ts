import type { Tx } from '@kabuto/db';
import {
  holdingsFor,
  lastClose,
  localDate,
  type Market,
  NAV_ONE,
  navOf,
  parseUnits,
  type Units,
} from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';

const DAY = 24 * 60 * 60 * 1000;
const u = (s: string) => parseUnits(s) as Units;

interface Plan {
  market: Market;
  names: { jp: string; cn: string; us: string };
  issuer: string;
  targetBp: number;
  minimum: string;
  capacity: string;
  lockDays: number;
  /** Follow deadline and end, days after the seed. */
  deadlineDays: number;
  endDays: number;
  weights: [string, number][];
}

/** How many trading days of NAV history the demo's products start with (about six months). */
export const SEED_NAV_DAYS = 120;

const PLANS: Plan[] = [
  {
    market: 'jpy',
    names: { jp: '日本大型株バランス', cn: '日本大盘均衡', us: 'Japan Large-Cap Balanced' },
    issuer: 'Kabuto Quant Lab',
    targetBp: 8,
    minimum: '10000',
    capacity: '50000000',
    lockDays: 7,
    deadlineDays: 30,
    endDays: 180,
    weights: [
      ['7203', 2500],
      ['6758', 2000],
      ['8306', 2000],
      ['9432', 1500],
      ['6861', 2000],
    ],
  },
  {
    market: 'jpy',
    names: { jp: '半導体・テックモメンタム', cn: '半导体科技动量', us: 'Chips & Tech Momentum' },
    issuer: 'Sakura Systematic',
    targetBp: 12,
    minimum: '50000',
    capacity: '30000000',
    lockDays: 14,
    deadlineDays: 20,
    endDays: 120,
    weights: [
      ['8035', 3000],
      ['6758', 2500],
      ['9984', 2500],
      ['6861', 2000],
    ],
  },
  {
    market: 'jpy',
    names: { jp: '高配当ディフェンシブ', cn: '高股息防御', us: 'High-Dividend Defensive' },
    issuer: 'Marunouchi Income Partners',
    targetBp: 5,
    minimum: '10000',
    capacity: '100000000',
    lockDays: 3,
    deadlineDays: 45,
    endDays: 365,
    weights: [
      ['8058', 2000],
      ['8001', 2000],
      ['9433', 2000],
      ['8316', 2000],
      ['2914', 2000],
    ],
  },
  {
    market: 'usd',
    names: { jp: '米国メガテック', cn: '美国科技巨头', us: 'US Mega-Cap Tech' },
    issuer: 'Kabuto Quant Lab',
    targetBp: 10,
    minimum: '100',
    capacity: '500000',
    lockDays: 7,
    deadlineDays: 30,
    endDays: 180,
    weights: [
      ['AAPL', 2500],
      ['MSFT', 2500],
      ['NVDA', 2500],
      ['GOOGL', 2500],
    ],
  },
];

/**
 * Copy-trade products of the demo, relative to the server clock (open to follow for weeks), each with
 * months of NAV history computed from the market data's back-filled daily closes: the portfolio's
 * quantities are fixed at the first day's closes (NAV 1.0000), and every later close's NAV is Σ quantity ×
 * close. Nothing is typed in.
 */
export async function seedProducts(tx: Tx, market: MarketDataProvider, now: number): Promise<number> {
  let n = 0;
  for (const plan of PLANS) {
    const symbols = plan.weights.map(([s]) => s);
    if (symbols.some((s) => !market.instrument(s))) continue;
    const last = lastClose(plan.market, now).date;
    // date → symbol → close, for the closed days only
    const closes = new Map<string, Map<string, Units>>();
    for (const symbol of symbols)
      for (const c of await market.candles(symbol, '1D', { limit: SEED_NAV_DAYS + 10 })) {
        const date = localDate(plan.market, c.time);
        if (date > last) continue;
        if (!closes.has(date)) closes.set(date, new Map());
        closes.get(date)!.set(symbol, c.close);
      }
    const dates = [...closes.keys()]
      .filter((dt) => closes.get(dt)!.size === symbols.length)
      .sort()
      .slice(-SEED_NAV_DAYS);
    if (dates.length < 2) continue;
    const weights = plan.weights.map(([symbol, weightBp]) => ({ symbol, weightBp }));
    const holdings = holdingsFor(weights, NAV_ONE, closes.get(dates[0])!);
    const p = await tx
      .insertInto('product')
      .values({
        market: plan.market,
        name_jp: plan.names.jp,
        name_cn: plan.names.cn,
        name_us: plan.names.us,
        issuer: plan.issuer,
        target_bp: plan.targetBp,
        minimum: u(plan.minimum),
        capacity: u(plan.capacity),
        lock_days: plan.lockDays,
        inception: dates[0],
        deadline_at: new Date(now + plan.deadlineDays * DAY),
        ends_at: new Date(now + plan.endDays * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('product_constituent')
      .values(
        holdings.map((h) => ({ product_id: p.id, symbol: h.symbol, weight_bp: h.weightBp, qty: h.qty })),
      )
      .execute();
    await tx
      .insertInto('product_nav')
      .values(
        dates.map((date, i) => ({
          product_id: p.id,
          date,
          nav: i === 0 ? NAV_ONE : navOf(holdings, closes.get(date)!)!,
        })),
      )
      .execute();
    n++;
  }
  return n;
}
