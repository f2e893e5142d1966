import { API_DB_KINDS } from '@kabuto/db/testing';
import { formatUnits } from '@kabuto/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, expectOk, expectRefusal, type Session, T0, type TestApp } from './support/app.ts';
import { available, expectLedgerSound, pinPrices, trader } from './support/trading.ts';
import { u } from './support/units.ts';

/** Tokyo wall-clock time on a date (2026-11-24 is a Tuesday; the 25th a Wednesday). */
const tokyo = (date: string, hm: string) => Date.parse(`${date}T${hm}:00+09:00`);
const TUE = '2026-11-24';
const WED = '2026-11-25';

describe.each(API_DB_KINDS)('order book on %s', (kind) => {
  let t: TestApp;
  let a: Session;
  let release: (() => void) | null = null;
  beforeAll(async () => {
    t = await createTestApp(kind);
    a = await trader(t, { jpy: '100000000' });
  });
  afterEach(async () => {
    release?.();
    release = null;
    t.clock.set(T0);
    // every order left waiting is withdrawn, so no test sees another's
    for (const [s, id] of placed.splice(0)) await t.money('/trade/cancel_stock', { id, type: 'jpy' }, s);
    expect(await t.db.selectFrom('position').select('id').where('status', '=', 3).execute()).toEqual([]);
    await expectLedgerSound(t);
  });
  afterAll(async () => t?.close());

  const placed: [Session, string][] = [];
  /** An order of the order book (the new `timing` field): accepted at any time. */
  const order = async (s: Session, body: Record<string, unknown>) => {
    const r = await t.money(
      '/trade/buy_stock',
      { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 1, timing: 'any', symbol: '7203', ...body },
      s,
    );
    if (r.body.status === 1) placed.push([s, r.body.data.id]);
    return r;
  };
  const detail = async (s: Session, id: string) =>
    expectOk(await t.call('/trade/stockdetail', { id, type: 'jpy' }, { token: s.token }));
  const quote = async (symbol = '7203') =>
    expectOk(await t.call('/trade/stockdetails', { symbol, type: 'jpy' }));
  const run = () => t.app.kabuto.jobs.runOnce();

  it('takes a market and a limit buy at 08:30 and fills both in the opening auction at one price', async () => {
    t.clock.set(tokyo(TUE, '08:30'));
    const q = await quote();
    const open = u(q.price);
    release = pinPrices(t, { '7203': open });
    const mkt = expectOk(await order(a, { zhang: '100' }));
    const lim = expectOk(
      await order(a, { zhang: '50', gdlx: 2, buy_price: formatUnits(open + 10n * u(q.tick)) }),
    );
    const low = expectOk(
      await order(a, { zhang: '10', gdlx: 2, buy_price: formatUnits(open - 10n * u(q.tick)) }),
    );
    for (const o of [mkt, lim, low]) expect(o.status).toBe(3);
    // it shows as pending with the call it waits for: 09:00
    const waiting = await detail(a, mkt.id);
    expect(waiting.waits_for).toBe(tokyo(TUE, '09:00') / 1000);
    expect(waiting.timing).toBe('any');
    expect(waiting.valid_until).toBe(TUE);
    // before the open nothing fills
    t.clock.set(tokyo(TUE, '08:59'));
    expect((await run()).filled).toBe(0);
    t.clock.set(tokyo(TUE, '09:00') + 5_000);
    expect((await run()).filled).toBe(2);
    const m = await detail(a, mkt.id);
    const l = await detail(a, lim.id);
    expect(m.status).toBe(0);
    expect(l.status).toBe(0);
    expect(m.buy_price).toBe(formatUnits(open));
    expect(l.buy_price).toBe(formatUnits(open));
    expect(m.buy_time).toBe(tokyo(TUE, '09:00') / 1000);
    // the margin is the fill's, not the hold's
    expect(u(m.credit)).toBe(open * 100n);
    expect(u(l.credit)).toBe(open * 50n);
    // the limit below the print rests, now in continuous trading (waiting for the afternoon's call)
    const rest = await detail(a, low.id);
    expect(rest.status).toBe(3);
    expect(rest.waits_for).toBe(tokyo(TUE, '12:30') / 1000);
  });

  it('fills an order placed at lunch in the afternoon’s opening auction', async () => {
    t.clock.set(tokyo(TUE, '12:00'));
    const p = u((await quote()).price);
    release = pinPrices(t, { '7203': p });
    const o = expectOk(await order(a, { zhang: '20' }));
    expect(o.status).toBe(3);
    expect((await detail(a, o.id)).waits_for).toBe(tokyo(TUE, '12:30') / 1000);
    // an order of the family's clients (no order-book field) is still refused at lunch
    expectRefusal(
      await t.money('/trade/buy_stock', { type: 'jpy', symbol: '7203', zhang: '1', buyzd: 1, ganggan: 1 }, a),
      'trade.outsideHours',
    );
    t.clock.set(tokyo(TUE, '12:31'));
    expect((await run()).filled).toBe(1);
    const d = await detail(a, o.id);
    expect(d.status).toBe(0);
    expect(d.buy_price).toBe(formatUnits(p));
    expect(d.buy_time).toBe(tokyo(TUE, '12:30') / 1000);
  });

  it('fills an order placed at 20:00 at the next business day’s open; another is cancelled while it waits', async () => {
    t.clock.set(tokyo(TUE, '20:00'));
    const p = u((await quote()).price);
    release = pinPrices(t, { '7203': p });
    const before = u(await available(t, a));
    const o = expectOk(await order(a, { zhang: '10' }));
    const c = expectOk(await order(a, { zhang: '10' }));
    expect((await detail(a, o.id)).waits_for).toBe(tokyo(WED, '09:00') / 1000);
    expect((await detail(a, o.id)).valid_until).toBe(WED);
    // a pending market order holds at its price plus half; cancelling releases it
    expectOk(await t.money('/trade/cancel_stock', { id: c.id, type: 'jpy' }, a));
    t.clock.set(tokyo(WED, '08:59'));
    expect((await run()).filled).toBe(0);
    t.clock.set(tokyo(WED, '09:10'));
    expect((await run()).filled).toBe(1);
    const d = await detail(a, o.id);
    expect(d.buy_price).toBe(formatUnits(p));
    expect(d.buy_time).toBe(tokyo(WED, '09:00') / 1000);
    expect(u(await available(t, a))).toBe(before - p * 10n);
  });

  it('lets a limit resting at 15:24 take part in the 15:30 close, at the closing price', async () => {
    t.clock.set(tokyo(TUE, '15:24'));
    const q = await quote();
    const p = u(q.price);
    const limit = p - 5n * u(q.tick);
    release = pinPrices(t, { '7203': p });
    const o = expectOk(await order(a, { zhang: '30', gdlx: 2, buy_price: formatUnits(limit) }));
    expect(o.status).toBe(3);
    expect((await detail(a, o.id)).waits_for).toBe(tokyo(TUE, '15:30') / 1000);
    // the family's resting limit takes part too
    const fam = expectOk(
      await t.money(
        '/trade/buy_stock',
        {
          type: 'jpy',
          symbol: '7203',
          zhang: '5',
          buyzd: 1,
          ganggan: 1,
          gdlx: 2,
          buy_price: formatUnits(limit),
        },
        a,
      ),
    );
    expect(fam.status).toBe(3);
    // the close prints below the limit: both fill at the closing price, not at their limit
    const close = limit - 3n * u(q.tick);
    release();
    release = pinPrices(t, { '7203': close });
    t.clock.set(tokyo(TUE, '15:35'));
    expect((await run()).filled).toBe(2);
    for (const id of [o.id, fam.id]) {
      const d = await detail(a, id);
      expect(d.status).toBe(0);
      expect(d.buy_price).toBe(formatUnits(close));
      expect(d.buy_time).toBe(tokyo(TUE, '15:30') / 1000);
    }
  });

  it('fills an on-close order at the close only; an on-close limit that does not cross lapses', async () => {
    const q = await quote();
    const p = u(q.price);
    release = pinPrices(t, { '7203': p });
    const moc = expectOk(await order(a, { zhang: '40', timing: 'close' }));
    const loc = expectOk(
      await order(a, { zhang: '40', timing: 'close', gdlx: 2, buy_price: formatUnits(p - 20n * u(q.tick)) }),
    );
    expect(moc.status).toBe(3);
    expect((await detail(a, moc.id)).waits_for).toBe(tokyo(TUE, '15:30') / 1000);
    // continuous trading does not fill it, even with a limit that the market crosses
    const crossing = expectOk(
      await order(a, { zhang: '1', timing: 'close', gdlx: 2, buy_price: formatUnits(p + u(q.tick)) }),
    );
    expect(crossing.status).toBe(3);
    expect((await run()).filled).toBe(0);
    t.clock.set(tokyo(TUE, '15:31'));
    const r = await run();
    expect(r.filled).toBe(2);
    expect(r.expired).toBe(1);
    expect((await detail(a, moc.id)).buy_price).toBe(formatUnits(p));
    expect((await detail(a, crossing.id)).buy_price).toBe(formatUnits(p));
    const lapsed = await detail(a, loc.id);
    expect(lapsed.status).toBe(4);
    expect(lapsed.close_reason).toBe('expired');
  });

  it('fills a marketable limit at the market price, never at its limit', async () => {
    const q = await quote();
    const p = u(q.price);
    release = pinPrices(t, { '7203': p });
    const limit = p + 10n * u(q.tick);
    const book = expectOk(await order(a, { zhang: '10', gdlx: 2, buy_price: formatUnits(limit) }));
    // the family's clients too
    const fam = expectOk(
      await t.money(
        '/trade/buy_stock',
        {
          type: 'jpy',
          symbol: '7203',
          zhang: '10',
          buyzd: 1,
          ganggan: 1,
          gdlx: 2,
          buy_price: formatUnits(limit),
        },
        a,
      ),
    );
    // a short limit below the market sells at the market
    const short = expectOk(
      await order(a, { zhang: '10', buyzd: 2, gdlx: 2, buy_price: formatUnits(p - 10n * u(q.tick)) }),
    );
    for (const o of [book, fam, short]) {
      const d = await detail(a, o.id);
      expect(d.status).toBe(0);
      expect(d.buy_price).toBe(formatUnits(p));
      expect(u(d.credit)).toBe(p * 10n);
    }
    expect((await detail(a, book.id)).limit_price).toBe(formatUnits(limit));
  });

  it('keeps market buys waiting at limit-up and allocates them pro rata at the close', async () => {
    const q = await quote();
    const up = u(q.limitUp);
    release = pinPrices(t, { '7203': up }, { callVolume: 200n });
    const b = await trader(t, { jpy: '100000000' });
    const c = await trader(t, { jpy: '100000000' });
    const o1 = expectOk(await order(a, { zhang: '100' }));
    const o2 = expectOk(await order(b, { zhang: '200' }));
    const o3 = expectOk(await order(c, { zhang: '100' }));
    for (const [s, o] of [
      [a, o1],
      [b, o2],
      [c, o3],
    ] as const) {
      expect(o.status).toBe(3);
      const d = await detail(s, o.id);
      expect(d.locked).toBe(1);
      expect(d.waits_for).toBe(tokyo(TUE, '15:30') / 1000);
    }
    // a short sale is on the open side: it fills at once
    const short = expectOk(await order(a, { zhang: '10', buyzd: 2 }));
    expect(short.status).toBe(0);
    // still locked during the day: nothing fills
    t.clock.set(tokyo(TUE, '14:00'));
    expect((await run()).filled).toBe(0);
    // the day ends at the limit with 200 shares: 400 asked, each gets half
    t.clock.set(tokyo(TUE, '15:31'));
    expect((await run()).filled).toBe(3);
    const got = [await detail(a, o1.id), await detail(b, o2.id), await detail(c, o3.id)];
    expect(got.map((d) => d.stock_num)).toEqual(['50', '100', '50']);
    for (const d of got) {
      expect(d.status).toBe(0);
      expect(d.buy_price).toBe(formatUnits(up));
      expect(u(d.credit)).toBe(up * BigInt(d.stock_num));
    }
    // what was not allocated is released: b holds only its 100 shares' margin
    expect(u(await available(t, b))).toBe(u('100000000') - up * 100n);
  });

  it('a locked market buy fills at the market once the limit is left', async () => {
    const q = await quote();
    const up = u(q.limitUp);
    release = pinPrices(t, { '7203': up });
    const o = expectOk(await order(a, { zhang: '10' }));
    expect(o.status).toBe(3);
    release();
    const lower = up - 10n * u(q.tick);
    release = pinPrices(t, { '7203': lower });
    expect((await run()).filled).toBe(1);
    expect((await detail(a, o.id)).buy_price).toBe(formatUnits(lower));
  });

  it('carries an until-date order to the next session and refuses a date past 15 trading days', async () => {
    const q = await quote();
    const p = u(q.price);
    release = pinPrices(t, { '7203': p });
    const limit = p - 50n * u(q.tick);
    const r = await order(a, {
      zhang: '10',
      gdlx: 2,
      buy_price: formatUnits(limit),
      valid_until: '2026-12-31',
    });
    expectRefusal(r, 'trade.badValidUntil');
    expect(r.body.params).toEqual({ from: TUE, to: '2026-12-14' });
    expectRefusal(
      await order(a, { zhang: '10', gdlx: 2, buy_price: formatUnits(limit), valid_until: '2026-11-31' }),
      'trade.badValidUntil',
    );
    const gtd = expectOk(
      await order(a, { zhang: '10', gdlx: 2, buy_price: formatUnits(limit), valid_until: WED }),
    );
    const day = expectOk(await order(a, { zhang: '10', gdlx: 2, buy_price: formatUnits(limit) }));
    // after Tuesday's close the day order lapses; the until-date order waits for Wednesday's open
    t.clock.set(tokyo(TUE, '15:40'));
    expect(await run()).toMatchObject({ expired: 1, filled: 0 });
    expect((await detail(a, day.id)).status).toBe(4);
    const g = await detail(a, gtd.id);
    expect(g.status).toBe(3);
    expect(g.waits_for).toBe(tokyo(WED, '09:00') / 1000);
    // Wednesday's open prints at the limit: it fills there
    release();
    release = pinPrices(t, { '7203': limit });
    t.clock.set(tokyo(WED, '09:01'));
    expect((await run()).filled).toBe(1);
    expect((await detail(a, gtd.id)).buy_price).toBe(formatUnits(limit));
  });

  it('closes part of a position: 30 of 100 is its own closed position and P&L; 70 keep their cost and margin', async () => {
    const q = await quote();
    const p = u(q.price);
    release = pinPrices(t, { '7203': p });
    const s = await trader(t, { jpy: '10000000' });
    const o = expectOk(await order(s, { zhang: '100', ganggan: 2 }));
    const before = u(await available(t, s));
    const held = await detail(s, o.id);
    expect(u(held.credit)).toBe((p * 100n) / 2n);
    release();
    release = pinPrices(t, { '7203': p + u('50') });
    expectRefusal(
      await t.money('/trade/sell_stock', { id: o.id, type: 'jpy', zhang: '101' }, s),
      'trade.closeQuantity',
    );
    const sold = expectOk(await t.money('/trade/sell_stock', { id: o.id, type: 'jpy', zhang: '30' }, s));
    expect(sold.id).not.toBe(o.id);
    expect(sold.yingkui).toBe('1500.0000');
    const part = await detail(s, sold.id);
    expect(part).toMatchObject({
      status: 1,
      stock_num: '30',
      buy_price: formatUnits(p),
      close_reason: 'user',
    });
    expect(part.order_no).toBe(`${held.order_no}-1`);
    expect(u(part.credit)).toBe((p * 30n) / 2n);
    const rest = await detail(s, o.id);
    expect(rest).toMatchObject({ status: 0, stock_num: '70', buy_price: formatUnits(p) });
    expect(u(rest.credit)).toBe((p * 70n) / 2n);
    expect(rest.yingkui).toBe(3500);
    // the partial close's own fund records: its margin back and its P&L
    const records = await t.db
      .selectFrom('fund_record')
      .select(['type', 'amount', 'memo'])
      .where('order_no', '=', part.order_no)
      .orderBy('id')
      .execute();
    expect(records.map((r) => [r.type, formatUnits(r.amount), r.memo])).toEqual([
      ['stock_sell', part.credit, 'margin'],
      ['stock_sell', '1500.0000', 'pnl'],
      // 特定口座・源泉徴収あり (the default): 15.315% and 5% of the ¥1,500 gain withheld
      ['tax_withheld', '-229.0000', 'national'],
      ['tax_withheld', '-75.0000', 'local'],
    ]);
    expect(u(await available(t, s))).toBe(before + u(part.credit) + u('1500') - u('304'));
    // the rest closes whole
    const last = expectOk(await t.money('/trade/sell_stock', { id: o.id, type: 'jpy', zhang: '70' }, s));
    expect(last.id).toBe(o.id);
    expect(last.yingkui).toBe('3500.0000');
    // the year's net gain is ¥5,000: ¥765 + ¥250 withheld in all
    expect(u(await available(t, s))).toBe(before + (p * 100n) / 2n + u('5000') - u('1015'));
    expectRefusal(
      await t.money('/trade/sell_stock', { id: o.id, type: 'jpy', zhang: '1' }, s),
      'trade.notHolding',
    );
  });

  const exitsOf = async (s: Session) =>
    expectOk(await t.call('/trade/exit_orders', { type: 'jpy' }, { token: s.token })).list as Record<
      string,
      any
    >[];
  const exit = (s: Session, body: Record<string, unknown>) =>
    t.money('/trade/exit_order', { type: 'jpy', ...body }, s);

  it('fires a stop (逆指値) once from the price stream and closes the holding at the market', async () => {
    const q = await quote();
    const p = u(q.price);
    const tick = u(q.tick);
    release = pinPrices(t, { '7203': p });
    const s = await trader(t, { jpy: '10000000' });
    const o = expectOk(await order(s, { zhang: '100' }));
    expectRefusal(await exit(s, { id: o.id, kind: 'stop' }), 'trade.exitPrices');
    const [id] = expectOk(
      await exit(s, { id: o.id, kind: 'stop', stop_price: formatUnits(p - 10n * tick) }),
    ).ids;
    expect((await run()).fired).toBe(0);
    release();
    release = pinPrices(t, { '7203': p - 20n * tick });
    expect((await run()).fired).toBe(1);
    expect((await run()).fired).toBe(0);
    const d = await detail(s, o.id);
    expect(d).toMatchObject({ status: 1, sell_price: formatUnits(p - 20n * tick) });
    const [e] = await exitsOf(s);
    expect(e).toMatchObject({ id, status: 'filled', kind: 'stop', closed_position_id: o.id });
    expect(e.fill_price).toBe(formatUnits(p - 20n * tick));
    expectRefusal(await t.money('/trade/exit_cancel', { id, type: 'jpy' }, s), 'trade.notPending');
  });

  it('logs a fire that fails and keeps the exit working; the next round fires it once', async () => {
    const q = await quote('6758');
    const p = u(q.price);
    const tick = u(q.tick);
    release = pinPrices(t, { '6758': p - 20n * tick });
    const s = await trader(t, { jpy: '10000000' });
    const o = expectOk(await order(s, { zhang: '10', symbol: '6758' }));
    const [id] = expectOk(
      await exit(s, { id: o.id, kind: 'stop', stop_price: formatUnits(p - 10n * tick) }),
    ).ids;
    // the quote fails inside the fire's transaction: the round's second look at Sony's price (the exit
    // job's unlocked pass is the first; no order of Sony is pending, maintenance looks after the exits)
    const market = t.app.kabuto.market as unknown as { quote: (s: string) => unknown };
    const quoteOf = market.quote;
    let looks = 0;
    market.quote = (sym) => {
      if (sym === '6758' && ++looks === 2) throw new Error('quote feed broke');
      return quoteOf.call(market, sym);
    };
    const logged = vi.spyOn(t.app.log, 'error');
    try {
      expect((await run()).fired).toBe(0);
    } finally {
      market.quote = quoteOf;
    }
    const calls = logged.mock.calls.filter(([, msg]) => msg === 'exit order failed to fire');
    logged.mockRestore();
    expect(calls).toHaveLength(1);
    expect(calls[0][0]).toMatchObject({
      exitId: id,
      err: expect.objectContaining({ message: 'quote feed broke' }),
    });
    expect((await exitsOf(s)).find((e) => e.id === id)?.status).toBe('working');
    expect((await run()).fired).toBe(1);
    expect((await run()).fired).toBe(0);
    expect((await exitsOf(s)).find((e) => e.id === id)?.status).toBe('filled');
  });

  it('OCO on 30 of 100 shares: the limit leg fills at its limit, the stop leg is cancelled, 70 stay', async () => {
    const q = await quote();
    const p = u(q.price);
    const tick = u(q.tick);
    release = pinPrices(t, { '7203': p });
    const s = await trader(t, { jpy: '10000000' });
    const o = expectOk(await order(s, { zhang: '100' }));
    const ids = expectOk(
      await exit(s, {
        id: o.id,
        kind: 'oco',
        zhang: '30',
        limit_price: formatUnits(p + 10n * tick),
        stop_price: formatUnits(p - 10n * tick),
      }),
    ).ids;
    expect(ids).toHaveLength(2);
    release();
    release = pinPrices(t, { '7203': p + 12n * tick });
    expect((await run()).fired).toBe(1);
    const list = await exitsOf(s);
    const byId = new Map(list.map((e) => [e.id, e]));
    expect(byId.get(ids[0])).toMatchObject({
      kind: 'limit',
      status: 'filled',
      fill_price: formatUnits(p + 10n * tick),
    });
    expect(byId.get(ids[1])).toMatchObject({ kind: 'stop', status: 'cancelled' });
    expect((await detail(s, o.id)).stock_num).toBe('70');
    const part = await detail(s, byId.get(ids[0])?.closed_position_id);
    expect(part).toMatchObject({ status: 1, stock_num: '30', sell_price: formatUnits(p + 10n * tick) });
    // a price through the cancelled stop fires nothing more
    release();
    release = pinPrices(t, { '7203': p - 20n * tick });
    expect((await run()).fired).toBe(0);
    expect((await detail(s, o.id)).status).toBe(0);
  });

  it('a trailing stop follows the best price and fires at the best less its distance', async () => {
    const q = await quote();
    const p = u(q.price);
    const tick = u(q.tick);
    release = pinPrices(t, { '7203': p });
    const s = await trader(t, { jpy: '10000000' });
    const o = expectOk(await order(s, { zhang: '10' }));
    expectOk(await exit(s, { id: o.id, kind: 'trail', trail: formatUnits(10n * tick) }));
    await run();
    expect((await exitsOf(s))[0].level).toBe(formatUnits(p - 10n * tick));
    release();
    release = pinPrices(t, { '7203': p + 30n * tick });
    expect((await run()).fired).toBe(0);
    expect((await exitsOf(s))[0].level).toBe(formatUnits(p + 20n * tick));
    release();
    release = pinPrices(t, { '7203': p + 20n * tick });
    expect((await run()).fired).toBe(1);
    expect((await detail(s, o.id)).sell_price).toBe(formatUnits(p + 20n * tick));
  });

  it('IFDOCO: the legs wait for the order, work once it fills; one leg is amended, one cancelled', async () => {
    const q = await quote();
    const p = u(q.price);
    const tick = u(q.tick);
    release = pinPrices(t, { '7203': p });
    const s = await trader(t, { jpy: '10000000' });
    const entry = p - 10n * tick;
    const o = expectOk(
      await order(s, {
        zhang: '10',
        gdlx: 2,
        buy_price: formatUnits(entry),
        then_kind: 'oco',
        then_limit: formatUnits(p + 20n * tick),
        then_stop: formatUnits(entry - 20n * tick),
      }),
    );
    expect(o.status).toBe(3);
    let legs = await exitsOf(s);
    expect(legs.map((e) => e.status)).toEqual(['waiting', 'waiting']);
    const stopLeg = legs.find((e) => e.kind === 'stop')!;
    const limitLeg = legs.find((e) => e.kind === 'limit')!;
    expectOk(
      await t.money(
        '/trade/exit_amend',
        { id: stopLeg.id, type: 'jpy', stop_price: formatUnits(entry - 5n * tick) },
        s,
      ),
    );
    expectOk(await t.money('/trade/exit_cancel', { id: limitLeg.id, type: 'jpy' }, s));
    release();
    release = pinPrices(t, { '7203': entry });
    expect(await run()).toMatchObject({ filled: 1, fired: 0 });
    legs = await exitsOf(s);
    expect(legs.find((e) => e.id === stopLeg.id)).toMatchObject({
      status: 'working',
      stop_price: formatUnits(entry - 5n * tick),
    });
    expect(legs.find((e) => e.id === limitLeg.id)?.status).toBe('cancelled');
    release();
    release = pinPrices(t, { '7203': entry - 6n * tick });
    expect((await run()).fired).toBe(1);
    expect(await detail(s, o.id)).toMatchObject({ status: 1, sell_price: formatUnits(entry - 6n * tick) });
  });
});
