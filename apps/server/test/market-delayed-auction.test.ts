import { formatUnits, parseUnits } from '@kabuto/domain';
import { FIXTURE_API_KEY, type FixtureServer, startFixtureServer } from '@kabuto/market/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, expectRefusal, type TestApp } from './support/app.ts';
import { expectLedgerSound, trader } from './support/trading.ts';

const tokyo = (date: string, hm: string) => Date.parse(`${date}T${hm}:00+09:00`);
const TUE = '2026-11-24';
const WED = '2026-11-25';
const price = (v: string) => formatUnits(parseUnits(v) as bigint);

/** Polls an async condition (the J-Quants adapter polls the fixture server on a real timer). */
async function eventually(cond: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A day's bar of 7203 in `/equities/bars/daily`'s format (as J-Quants publishes it after the close). */
const bar7203 = (date: string, o: number, c: number) => ({
  Date: date,
  Code: '72030',
  O: o,
  H: Math.max(o, c) + 20,
  L: Math.min(o, c) - 20,
  C: c,
  UL: '0',
  LL: '0',
  Vo: 1_000_000,
  Va: 1_000_000 * c,
  AdjFactor: 1,
  AdjO: o,
  AdjH: Math.max(o, c) + 20,
  AdjL: Math.min(o, c) - 20,
  AdjC: c,
  AdjVo: 1_000_000,
});

/**
 * `MARKET_PROVIDER=jpy:jquants`: the delayed market made tradable at the next auction by an operator.
 * Orders wait for their call; the print is the day's open or close once J-Quants has published the bars.
 */
describe('delayed data tradable at the next auction (jpy:jquants against the fixture server)', () => {
  let fx: FixtureServer;
  let t: TestApp;
  beforeAll(async () => {
    fx = await startFixtureServer();
    t = await createTestApp('pglite', {
      MARKET_PROVIDER: 'jpy:jquants',
      JQUANTS_API_KEY: FIXTURE_API_KEY,
      JQUANTS_BASE_URL: fx.jquantsUrl,
      JQUANTS_RATE_PER_MIN: '60000',
      JQUANTS_POLL_MS: '200',
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fx?.close();
  });

  const run = () => t.app.kabuto.jobs.runOnce();
  const quotePrice = async () =>
    expectOk(await t.call('/trade/stockdetails', { symbol: '7203', type: 'jpy' })).price as number;

  it('refuses orders until an operator switches the market on (audited, no restart); then they wait for the call and fill at its print', async () => {
    t.clock.set(tokyo(TUE, '10:00'));
    const s = await trader(t, { jpy: '100000000' });
    const buy = (body: Record<string, unknown> = {}) =>
      t.money(
        '/trade/buy_stock',
        { type: 'jpy', symbol: '7203', zhang: '100', buyzd: 1, gdlx: 1, ganggan: 1, ...body },
        s,
      );
    const detail = async (id: string) =>
      expectOk(await t.call('/trade/stockdetail', { id, type: 'jpy' }, { token: s.token }));
    expectRefusal(await buy(), 'trade.quoteDelayed');

    const admin = await t.adminLogin();
    expectOk(
      await t.admin(
        '/config/set',
        {
          name: 'trading_delayed_auction',
          value: '{"jpy":true,"usd":false,"cny":false,"krw":false}',
          reason: '板寄せでの発注を許可',
        },
        admin,
      ),
    );
    const audited = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'config.set')
      .where('target', '=', 'config:trading_delayed_auction')
      .execute();
    expect(audited).toHaveLength(1);

    // a market order (the family's form, no order-book field) and a limit too low for the close
    const mkt = expectOk(await buy());
    const low = expectOk(await buy({ gdlx: 2, buy_price: '2500' }));
    for (const o of [mkt, low]) {
      expect(o.status).toBe(3);
      expect((await detail(o.id)).waits_for).toBe(tokyo(TUE, '12:30') / 1000);
    }
    // the 12:30 call is due but today's bars are not published: the orders keep waiting
    t.clock.set(tokyo(TUE, '12:31'));
    expect((await run()).filled).toBe(0);
    t.clock.set(tokyo(TUE, '16:00'));
    expect(await run()).toMatchObject({ filled: 0, expired: 0 });
    expect((await detail(mkt.id)).waits_for).toBe(tokyo(TUE, '12:30') / 1000);

    // J-Quants publishes Tuesday's bars: daily bars have no 12:30 print, so the orders move on to the
    // close and cross there at the day's close
    fx.publishJQuantsBars([bar7203(TUE, 3010, 3020)]);
    await eventually(async () => (await quotePrice()) === 3020);
    expect(await run()).toMatchObject({ filled: 1, expired: 1 });
    const m = await detail(mkt.id);
    expect(m.status).toBe(0);
    expect(m.buy_price).toBe(price('3020'));
    expect(m.buy_time).toBe(tokyo(TUE, '15:30') / 1000);
    expect((await detail(low.id)).status).not.toBe(3);

    // after the close an order waits for Wednesday's opening auction and fills at Wednesday's open
    const next = expectOk(await buy({ zhang: '200' }));
    expect((await detail(next.id)).waits_for).toBe(tokyo(WED, '09:00') / 1000);
    t.clock.set(tokyo(WED, '09:05'));
    expect((await run()).filled).toBe(0);
    fx.publishJQuantsBars([bar7203(WED, 3000, 3040)]);
    await eventually(async () => (await quotePrice()) === 3040);
    expect((await run()).filled).toBe(1);
    const n = await detail(next.id);
    expect(n.buy_price).toBe(price('3000'));
    expect(n.buy_time).toBe(tokyo(WED, '09:00') / 1000);
    // the positions are valued (P&L, margin checks) at J-Quants' latest price
    expect((await detail(mkt.id)).nowprice).toBe(3040);

    // switched off again (a new operator session: a day has passed): refused as delayed at once
    expectOk(
      await t.admin(
        '/config/set',
        {
          name: 'trading_delayed_auction',
          value: '{"jpy":false,"usd":false,"cny":false,"krw":false}',
          reason: '停止',
        },
        await t.adminLogin(),
      ),
    );
    expectRefusal(await buy(), 'trade.quoteDelayed');
    await expectLedgerSound(t);
  }, 120_000);
});
