import { expectOk, T0, type TestApp } from './app.ts';

const HOUR = 3600;
const s0 = Math.floor(T0 / 1000);

/**
 * The operator's body of an offering around T0: subscribing from an hour before to an hour after, drawn
 * an hour later, paid within a day, listed two days on. `over` replaces any field.
 */
export const offeringBody = (code: string, over: Record<string, unknown> = {}) => ({
  code,
  market: 'jpy',
  board: 'tse_growth',
  name_jp: `テスト${code}`,
  name_cn: `测试${code}`,
  name_us: `Test ${code}`,
  range_low: '900',
  range_high: '1100',
  shares: '200',
  max_per_application: '500',
  subscribe_start: s0 - HOUR,
  subscribe_end: s0 + HOUR,
  lottery_at: s0 + 2 * HOUR,
  payment_deadline: s0 + 24 * HOUR,
  listing_at: s0 + 48 * HOUR,
  underwriter: '野村證券',
  pe: '20.1',
  waitlist: 1,
  ...over,
});

/**
 * An offering saved by the operator (`offeringBody`), then priced (`price` in yen; null leaves it
 * unpriced).
 */
export async function saveOffering(
  t: TestApp,
  op: string,
  code: string,
  over: Record<string, unknown> = {},
  price: string | null = '1000',
): Promise<{ id: string; code: string }> {
  const r = expectOk(await t.admin('/ipo/save', offeringBody(code, over), op));
  if (price) expectOk(await t.admin('/ipo/price', { id: r.id, offer_price: price }, op));
  return { id: r.id as string, code };
}
