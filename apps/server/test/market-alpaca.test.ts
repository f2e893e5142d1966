import {
  FIXTURE_API_KEY,
  FIXTURE_SECRET,
  type FixtureServer,
  startFixtureServer,
} from '@kabuto/market/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, expectRefusal, type TestApp } from './support/app.ts';
import { trader } from './support/trading.ts';
import { until } from './support/until.ts';

/** Polls an async condition (real sockets and timers are at work). */
async function eventually(cond: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The server with US stocks from Alpaca (the fixture server's REST and stream), the rest simulated. */
describe('MARKET_PROVIDER=usd:alpaca against the fixture server', () => {
  let fx: FixtureServer;
  let t: TestApp;
  beforeAll(async () => {
    fx = await startFixtureServer();
    t = await createTestApp('pglite', {
      MARKET_PROVIDER: 'usd:alpaca',
      ALPACA_KEY_ID: FIXTURE_API_KEY,
      ALPACA_SECRET_KEY: FIXTURE_SECRET,
      ALPACA_DATA_URL: fx.alpacaUrl,
      ALPACA_STREAM_URL: fx.alpacaStreamUrl,
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fx?.close();
  });

  it('fills a market order at the streamed price; a stalled stream refuses orders as stale', async () => {
    await until(() => fx.streamStats.subscribes > 0);
    t.clock.set(Date.parse('2026-11-24T10:30:00-05:00')); // continuous trading in New York
    fx.streamSend([
      { T: 't', S: 'AAPL', i: 7, x: 'V', p: 274.25, s: 10, t: '2026-11-24T15:30:00Z', c: ['@'], z: 'C' },
    ]);
    await eventually(async () => {
      const d = expectOk(await t.call('/trade/stockdetails', { symbol: 'AAPL', type: 'usd' }));
      return d.price === 274.25;
    });
    const d = expectOk(await t.call('/trade/stockdetails', { symbol: 'AAPL', type: 'usd' }));
    expect(d).toMatchObject({ mode: 'live', stale: false });
    const s = await trader(t, { usd: '100000' });
    const buy = () =>
      t.money(
        '/trade/buy_stock',
        { type: 'usd', symbol: 'AAPL', zhang: '100', buyzd: 1, gdlx: 1, ganggan: 1 },
        s,
      );
    const order = expectOk(await buy());
    const pos = expectOk(
      await t.call('/trade/stockdetail', { id: order.id, type: 'usd' }, { token: s.token }),
    );
    expect(Number(pos.buy_price)).toBe(274.25);
    // no message for longer than the stall limit during the session
    t.clock.advance(60_000);
    await eventually(async () => {
      const q = expectOk(await t.call('/trade/stockdetails', { symbol: 'AAPL', type: 'usd' }));
      return q.stale === true;
    }, 30_000);
    expectRefusal(await buy(), 'trade.quoteStale');
  }, 90_000);
});
