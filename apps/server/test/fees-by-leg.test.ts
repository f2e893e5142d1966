import { API_DB_KINDS } from '@kabuto/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { saveSetting } from '../src/shared/settings.ts';
import { createTestApp, expectOk, type Session, T0, type TestApp } from './support/app.ts';
import { expectLedgerSound, pinPrices, trader } from './support/trading.ts';
import { u } from './support/units.ts';

/**
 * The sell-side taxes belong to the sale: a short's opening trade is the sale, so it pays China's stamp
 * duty, Korea's transaction tax and the US SEC fee / FINRA TAF when it opens, and the buy to cover pays
 * none of them. Figures as the exchanges and regulators publish them.
 */
describe.each(API_DB_KINDS)('fees by leg on %s', (kind) => {
  let t: TestApp;
  let a: Session;
  let release: (() => void) | null = null;
  beforeAll(async () => {
    t = await createTestApp(kind);
    a = await trader(t, { usd: '1000000', cny: '10000000', krw: '1000000000' });
    // China shorts only stocks on the exchanges' eligible list: Moutai is on it
    const none = { eligible: [], excluded: [] };
    const list = { jpy: none, usd: none, krw: none, cny: { eligible: ['600519'], excluded: [] } };
    expect(await saveSetting(t.db, 'trading_margin_list', list)).toBe(true);
  });
  afterEach(async () => {
    release?.();
    release = null;
    t.clock.set(T0);
    await expectLedgerSound(t);
  });
  afterAll(async () => t?.close());

  /** Open a short at `open`, cover it at `close` a day later; the position's fee columns after each. */
  async function shortRoundTrip(o: {
    type: string;
    symbol: string;
    shares: string;
    open: string;
    close: string;
    openAt: string;
    closeAt: string;
  }) {
    t.clock.set(Date.parse(o.openAt));
    release = pinPrices(t, { [o.symbol]: u(o.open) });
    const order = expectOk(
      await t.money(
        '/trade/buy_stock',
        { type: o.type, symbol: o.symbol, zhang: o.shares, buyzd: 2, gdlx: 1, ganggan: 1 },
        a,
      ),
    );
    const opened = expectOk(
      await t.call('/trade/stockdetail', { id: order.id, type: o.type }, { token: a.token }),
    );
    release();
    t.clock.set(Date.parse(o.closeAt));
    release = pinPrices(t, { [o.symbol]: u(o.close) });
    expectOk(await t.money('/trade/sell_stock', { id: order.id, type: o.type }, a));
    const closed = expectOk(
      await t.call('/trade/stockdetail', { id: order.id, type: o.type }, { token: a.token }),
    );
    return { opened, closed };
  }

  it('China: stamp duty 0.05% on the short sale, none on the cover', async () => {
    // short 100 shares at ¥1,500.00 = ¥150,000: stamp duty ¥75.00, commission 0.025% = ¥37.50;
    // covered at ¥1,450.00 = ¥145,000: commission ¥36.25, no stamp duty
    const { opened, closed } = await shortRoundTrip({
      type: 'cny',
      symbol: '600519',
      shares: '100',
      open: '1500.00',
      close: '1450.00',
      openAt: '2026-11-24T10:30:00+08:00',
      closeAt: '2026-11-25T10:30:00+08:00',
    });
    expect(u(opened.stamp_duty)).toBe(u('75.00'));
    expect(u(opened.buy_fee)).toBe(u('37.50'));
    expect(u(closed.stamp_duty)).toBe(u('75.00'));
    expect(u(closed.sell_fee)).toBe(u('36.25'));
    // P&L: 100 × 50 − 37.50 − 75.00 − 36.25, less one night's lending fee (1.10% a year on ¥150,000:
    // 150,000 × 0.011 / 365 = 4.52, rounded down to the fen once)
    expect(closed.yingkui).toBe(4846.73);
    expect(closed.financing).toBe('4.5200');
  });

  it('Korea: the 0.20% transaction tax on the short sale, none on the cover', async () => {
    // short 100 at ₩50,000 = ₩5,000,000: tax ₩10,000, commission 0.015% = ₩750; cover at ₩48,000: ₩720
    const { opened, closed } = await shortRoundTrip({
      type: 'krw',
      symbol: '005930',
      shares: '100',
      open: '50000',
      close: '48000',
      openAt: '2026-11-24T10:30:00+09:00',
      closeAt: '2026-11-25T10:30:00+09:00',
    });
    expect(u(opened.stamp_duty)).toBe(u('10000'));
    expect(u(opened.buy_fee)).toBe(u('750'));
    expect(u(closed.stamp_duty)).toBe(u('10000'));
    expect(u(closed.sell_fee)).toBe(u('720'));
  });

  it('US: SEC fee and FINRA TAF on the short sale, none on the cover', async () => {
    // short 100 at $150.00 = $15,000 on 2025-03-03: SEC $27.80 per million = $0.417 → $0.42, TAF
    // 100 × $0.000166 = $0.0166 → $0.02; zero commission; the cover at $140.00 pays nothing
    const { opened, closed } = await shortRoundTrip({
      type: 'usd',
      symbol: 'AAPL',
      shares: '100',
      open: '150.00',
      close: '140.00',
      openAt: '2025-03-03T10:30:00-05:00',
      closeAt: '2025-03-04T10:30:00-05:00',
    });
    expect(u(opened.stamp_duty)).toBe(u('0.44'));
    expect(u(closed.stamp_duty)).toBe(u('0.44'));
    expect(u(closed.sell_fee)).toBe(0n);
  });
});
