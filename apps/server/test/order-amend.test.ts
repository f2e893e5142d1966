import { API_DB_KINDS } from '@kabuto/db/testing';
import { formatUnits } from '@kabuto/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, expectRefusal, type Session, T0, type TestApp } from './support/app.ts';
import { available, expectLedgerSound, pinPrices, trader } from './support/trading.ts';
import { u } from './support/units.ts';

/** Tokyo wall-clock time on a date (2026-11-24 is a Tuesday). */
const tokyo = (date: string, hm: string) => Date.parse(`${date}T${hm}:00+09:00`);
const TUE = '2026-11-24';

/** Amending a pending order (訂正, `/trade/amend_stock`): its limit price or quantity. */
describe.each(API_DB_KINDS)('amending a pending order on %s', (kind) => {
  let t: TestApp;
  let a: Session;
  let b: Session;
  let release: (() => void) | null = null;
  beforeAll(async () => {
    t = await createTestApp(kind);
    a = await trader(t, { jpy: '10000000' });
    b = await trader(t, { jpy: '1000000' });
  });
  afterEach(async () => {
    release?.();
    release = null;
    t.clock.set(T0);
    for (const [s, id] of placed.splice(0)) await t.money('/trade/cancel_stock', { id, type: 'jpy' }, s);
    await expectLedgerSound(t);
  });
  afterAll(async () => t?.close());

  const placed: [Session, string][] = [];
  const order = async (s: Session, body: Record<string, unknown>) => {
    const r = await t.money(
      '/trade/buy_stock',
      { type: 'jpy', buyzd: 1, gdlx: 2, ganggan: 1, timing: 'any', symbol: '7203', ...body },
      s,
    );
    if (r.body.status === 1) placed.push([s, r.body.data.id]);
    return expectOk(r);
  };
  const amend = (s: Session, body: Record<string, unknown>) =>
    t.money('/trade/amend_stock', { type: 'jpy', ...body }, s);
  const detail = async (s: Session, id: string) =>
    expectOk(await t.call('/trade/stockdetail', { id, type: 'jpy' }, { token: s.token }));
  const quote = async () => expectOk(await t.call('/trade/stockdetails', { symbol: '7203', type: 'jpy' }));

  it('changes a waiting limit order’s price and quantity, holding again what they need', async () => {
    t.clock.set(tokyo(TUE, '08:30'));
    const q = await quote();
    const p = u(q.price);
    const tick = u(q.tick);
    release = pinPrices(t, { '7203': p });
    const cash0 = u(await available(t, a));
    const o = await order(a, { zhang: '100', buy_price: formatUnits(p - 20n * tick) });
    const held1 = cash0 - u(await available(t, a));
    expect(held1).toBeGreaterThan((p - 20n * tick) * 100n - 1n);

    const newLimit = p - 10n * tick;
    expectOk(await amend(a, { id: o.id, buy_price: formatUnits(newLimit), zhang: '40' }));
    const d = await detail(a, o.id);
    expect(d.status).toBe(3);
    expect(d.limit_price).toBe(formatUnits(newLimit));
    expect(d.stock_num).toBe('40');
    expect(u(d.credit)).toBe(newLimit * 40n);
    // the hold is the new order's: margin and fees for 40 shares at the new limit
    const held2 = cash0 - u(await available(t, a));
    expect(held2).toBe(u(d.credit) + u(d.buy_fee) + u(d.stamp_duty));
    expect(held2).toBeLessThan(held1);
    // still waiting for the open
    expect(d.waits_for).toBe(tokyo(TUE, '09:00') / 1000);
  });

  it('fills a limit amended to a marketable price in continuous trading at the market price', async () => {
    t.clock.set(tokyo(TUE, '10:00'));
    const q = await quote();
    const p = u(q.price);
    const tick = u(q.tick);
    release = pinPrices(t, { '7203': p });
    const o = await order(a, { zhang: '10', buy_price: formatUnits(p - 10n * tick) });
    expect(o.status).toBe(3);
    expectOk(await amend(a, { id: o.id, buy_price: formatUnits(p + 5n * tick) }));
    const d = await detail(a, o.id);
    expect(d.status).toBe(0);
    expect(d.buy_price).toBe(formatUnits(p));
    expect(u(d.credit)).toBe(p * 10n);
    placed.pop();
    expectOk(await t.money('/trade/sell_stock', { id: o.id, type: 'jpy' }, a));
  });

  it('refuses what cannot be amended, leaving the order as it was', async () => {
    t.clock.set(tokyo(TUE, '08:30'));
    const q = await quote();
    const p = u(q.price);
    const tick = u(q.tick);
    release = pinPrices(t, { '7203': p });
    const lim = await order(a, { zhang: '100', buy_price: formatUnits(p - 20n * tick) });
    const mkt = await order(a, { zhang: '10', gdlx: 1 });
    const cash = await available(t, a);

    expectRefusal(await amend(a, { id: mkt.id, buy_price: formatUnits(p) }), 'trade.amendMarketPrice');
    expectRefusal(await amend(a, { id: lim.id, zhang: '100' }), 'trade.amendNothing');
    expectRefusal(await amend(a, { id: lim.id }), 'trade.amendNothing');
    expectRefusal(await amend(a, { id: lim.id, buy_price: formatUnits(p + tick / 2n) }), 'trade.offTick');
    expectRefusal(await amend(a, { id: lim.id, buy_price: formatUnits(p * 3n) }), 'trade.beyondLimit');
    // more than the cash can hold
    expectRefusal(await amend(a, { id: lim.id, zhang: '100000' }), 'money.insufficientAvailable');
    // another user's order is not found
    expectRefusal(await amend(b, { id: lim.id, zhang: '10' }), 'trade.orderNotFound');
    // an exit waiting for it may not close more than the order will hold
    expectOk(
      await t.money(
        '/trade/exit_order',
        { id: lim.id, type: 'jpy', kind: 'stop', stop_price: formatUnits(p - 100n * tick), zhang: '60' },
        a,
      ),
    );
    expectRefusal(await amend(a, { id: lim.id, zhang: '50' }), 'trade.amendBelowExit');
    const d = await detail(a, lim.id);
    expect(d.stock_num).toBe('100');
    expect(d.limit_price).toBe(formatUnits(p - 20n * tick));
    expect(await available(t, a)).toBe(cash);

    // a cancelled order is no longer amendable; a market order's quantity is
    expectOk(await amend(a, { id: mkt.id, zhang: '5' }));
    expect((await detail(a, mkt.id)).stock_num).toBe('5');
    expectOk(await t.money('/trade/cancel_stock', { id: mkt.id, type: 'jpy' }, a));
    placed.splice(
      placed.findIndex(([, id]) => id === mkt.id),
      1,
    );
    expectRefusal(await amend(a, { id: mkt.id, zhang: '6' }), 'trade.notAmendable');
  });

  it('refuses bad input by the schema', async () => {
    expectRefusal(await amend(a, { id: '1', zhang: '0' }), 'validation.positiveInteger');
    const r = await amend(a, { id: '1', buy_price: '-1' });
    expect(r.body.status).toBe(0);
    expect(r.body.code).toMatch(/^validation\./);
  });
});
