import { FIXTURE_API_KEY, type FixtureServer, startFixtureServer } from '@kabuto/market/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, expectRefusal, T0, type TestApp } from './support/app.ts';
import { saveOffering } from './support/new-shares.ts';
import { trader } from './support/trading.ts';

/** The server with Japanese stocks from J-Quants (the fixture server on an ephemeral port), the rest simulated. */
describe('MARKET_PROVIDER=jpy:jquants against the fixture server', () => {
  let fx: FixtureServer;
  let t: TestApp;
  beforeAll(async () => {
    fx = await startFixtureServer();
    t = await createTestApp('pglite', {
      MARKET_PROVIDER: 'jpy:jquants',
      JQUANTS_API_KEY: FIXTURE_API_KEY,
      JQUANTS_BASE_URL: fx.jquantsUrl,
      JQUANTS_RATE_PER_MIN: '6000',
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fx?.close();
  });

  it('searches and quotes Japanese stocks from J-Quants, labelled delayed; other markets simulated', async () => {
    const found = expectOk(await t.call('/trade/search', { content: 'ソニー', type: 'jpy', lang: 'jp' }));
    expect(found[0]).toMatchObject({
      symbol: '6758',
      name: 'ソニーグループ',
      market: 'jpy',
      mode: 'delayed',
    });
    const d = expectOk(await t.call('/trade/stockdetails', { symbol: '7203', type: 'jpy', lang: 'us' }));
    expect(d).toMatchObject({
      name: 'TOYOTA MOTOR CORPORATION',
      mode: 'delayed',
      delayMinutes: 20,
      stale: false,
    });
    // the fixture's last bar (Friday 2026-11-20, close 2,900 × the walk) is the quote: its close is in the fixture
    const last = (
      await t.call('/trade/kline', { symbol: '7203', type: 'jpy', kline_type: '1D' })
    ).body.data.at(-1);
    expect(d.price).toBe(last.close);
    const us = expectOk(await t.call('/trade/stockdetails', { symbol: 'AAPL', type: 'usd', lang: 'us' }));
    expect(us).toMatchObject({ mode: 'simulated', delayMinutes: 0 });
    const idx = expectOk(await t.call('/parameter/zhishu', { type: 'jpy', lang: 'jp' }));
    expect(idx[0]).toMatchObject({ symbol: 'TOPIX', market: 'jpy', mode: 'delayed' });
  });

  it('draws daily candles from the fixtures; intraday periods the plan lacks are refused, not empty', async () => {
    const bars = expectOk(await t.call('/trade/kline', { symbol: '7203', type: 'jpy', kline_type: '1D' }));
    expect(bars).toHaveLength(54);
    expect(bars.at(-1).time).toBe(Date.parse('2026-11-20T00:00:00+09:00') / 1000);
    for (const k of ['1W', '1M', '12M']) {
      expect(
        expectOk(await t.call('/trade/kline', { symbol: '7203', type: 'jpy', kline_type: k })).length,
      ).toBeGreaterThan(0);
    }
    for (const k of ['1', '5', '15', '30']) {
      expectRefusal(
        await t.call('/trade/kline', { symbol: '7203', type: 'jpy', kline_type: k }),
        'quotes.periodUnavailable',
      );
    }
  });

  it('refuses orders on the delayed market with a translated key', async () => {
    const s = await trader(t, { jpy: '10000000' });
    const r = await t.money(
      '/trade/buy_stock',
      { type: 'jpy', symbol: '7203', zhang: '100', buyzd: 1, gdlx: 1, ganggan: 1 },
      s,
    );
    expectRefusal(r, 'trade.quoteDelayed');
  });

  it('gives each market’s data mode in the start-up config; no simulated-prices notice', async () => {
    const all = expectOk(await t.call('/common/config', { type: 'all' }));
    const map = Object.fromEntries(all.map((e: { name: string; value: string }) => [e.name, e.value]));
    expect(map.market_modes).toBe('jpy:delayed:20,usd:simulated:0,cny:simulated:0,krw:simulated:0');
    expect(map.simulated_prices).toBeUndefined();
  });

  it('reports each provider in /healthz', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    const body = r.json() as { market: { provider: string; markets: string[]; connected: boolean }[] };
    expect(body.market.map((h) => [h.provider, h.markets, h.connected])).toEqual([
      ['jquants', ['jpy'], true],
      ['simulator', ['usd', 'cny', 'krw'], true],
    ]);
  });

  it('prices a copy-trade product’s constituents from J-Quants', async () => {
    const op = await t.adminLogin();
    const DAY = 24 * 60 * 60 * 1000;
    const p = expectOk(
      await t.admin(
        '/product/create',
        {
          market: 'jpy',
          name_jp: 'テスト運用',
          name_cn: '测试产品',
          name_us: 'Test portfolio',
          issuer: 'Test Issuer',
          target_bp: 10,
          minimum: '10000',
          capacity: '1000000',
          lock_days: 3,
          deadline: new Date(T0 + 2 * DAY).toISOString(),
          ends: new Date(T0 + 30 * DAY).toISOString(),
          constituents: [
            { symbol: '7203', weight_bp: 5000 },
            { symbol: '6758', weight_bp: 5000 },
          ],
        },
        op,
      ),
    ) as { id: string };
    const s = await trader(t, { jpy: '100000' });
    const d = expectOk(await t.call('/trade/productdetail', { id: p.id, type: 'jpy' }, { token: s.token }));
    for (const symbol of ['7203', '6758']) {
      const q = expectOk(await t.call('/trade/stockdetails', { symbol, type: 'jpy' }));
      expect(q.mode).toBe('delayed');
      expect(d.constituents.find((c: { symbol: string }) => c.symbol === symbol).price).toBe(q.price);
    }
  });

  it('lists a new share at its real first price: the open of its first daily bar, once J-Quants has it', async () => {
    const s0 = Math.floor(Date.parse('2026-11-24T10:00:00+09:00') / 1000);
    const HOUR = 3600;
    const op = await t.adminLogin();
    const saved = await saveOffering(t, op, '135A');
    const row = () =>
      t.db
        .selectFrom('ipo_offering')
        .selectAll()
        .where('id', '=', BigInt(saved.id))
        .executeTakeFirstOrThrow();
    t.clock.set((s0 + 3 * HOUR) * 1000);
    await t.app.kabuto.jobs.runOnce();
    // the listing is due (Thursday 10:00) but J-Quants has no bar of the new code yet: it waits
    t.clock.set((s0 + 48 * HOUR + 60) * 1000);
    await t.app.kabuto.jobs.runOnce();
    expect((await row()).first_price).toBeNull();
    fx.publishJQuantsBars([
      {
        Date: '2026-11-26',
        Code: '135A0',
        O: 1500,
        H: 1700,
        L: 1480,
        C: 1600,
        UL: '0',
        LL: '0',
        Vo: 500000,
        Va: 800000000,
        AdjFactor: 1,
        AdjO: 1500,
        AdjH: 1700,
        AdjL: 1480,
        AdjC: 1600,
        AdjVo: 500000,
      },
    ]);
    await t.app.kabuto.jobs.runOnce();
    const listed = await row();
    expect(listed.first_price).toBe(15_000_000n); // ¥1,500.0000: the first bar's open, not the IPO model's
    t.clock.set(T0);
  });
});
