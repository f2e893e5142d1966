import { type Endpoint, isMsgKey, tradingApi } from '@kabuto/contract';
import { API_DB_KINDS } from '@kabuto/db/testing';
import { formatUnits } from '@kabuto/domain';
import { transfersByRef, userAccount } from '@kabuto/ledger';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasOpenPositions, positionsInBatches } from '../src/modules/trading/trading.repo.ts';
import { createTestApp, expectOk, expectRefusal, type Session, T0, type TestApp } from './support/app.ts';
import { available, expectLedgerSound, fund, pinPrices, trader, userIdOf } from './support/trading.ts';
import { u } from './support/units.ts';

const rows = (data: Record<string, unknown>) =>
  Object.keys(data)
    .filter((k) => /^\d+$/.test(k))
    .map((k) => data[k] as Record<string, any>);

describe.each(API_DB_KINDS)('trading on %s', (kind) => {
  let t: TestApp;
  let a: Session;
  let release: (() => void) | null = null;
  beforeAll(async () => {
    t = await createTestApp(kind);
    a = await trader(t, { jpy: '10000000', usd: '100000', cny: '1000000' });
  });
  afterEach(async () => {
    release?.();
    release = null;
    t.clock.set(T0);
    await expectLedgerSound(t);
  });
  afterAll(async () => t?.close());

  const buy = (s: Session, body: Record<string, unknown>) =>
    t.money('/trade/buy_stock', { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 1, ...body }, s);
  const detail = async (symbol: string, type = 'jpy') =>
    expectOk(await t.call('/trade/stockdetails', { symbol, type }));

  it('runs the leader’s round as the modules’ jobs in their order, trading’s counts at the top', async () => {
    expect(Object.keys(t.app.kabuto.rounds)).toEqual([
      'taxNetting',
      'corporateActions',
      'uploads',
      'pendingOrders',
      'exits',
      'margin',
      'marginTerm',
      'ipo',
      'block',
      'products',
      'lending',
      'dayTrade',
    ]);
    const round = await t.app.kabuto.jobs.runOnce();
    const count = expect.any(Number);
    expect(round).toMatchObject({
      filled: count,
      expired: count,
      fired: count,
      margin: { calls: count, met: count, closed: count },
    });
    expect(Object.keys(round).slice(-5)).toEqual(['ipo', 'block', 'products', 'lending', 'dayTrade']);
  });

  it('buys long with leverage 2 at market, shows P&L moving, closes it and settles through the ledger', async () => {
    const before = u(await available(t, a));
    const order = expectOk(await buy(a, { symbol: '7203', zhang: '100', ganggan: '2' }));
    expect(order.status).toBe(0);
    const pos = expectOk(
      await t.call('/trade/stockdetail', { id: order.id, type: 'jpy' }, { token: a.token }),
    );
    expect(pos.ganggang).toBe('2');
    expect(pos.buyzd).toBe(1);
    expect(pos.stock_num).toBe('100');
    const notional = u(pos.buy_price) * 100n;
    expect(u(pos.credit)).toBe(notional / 2n);
    // JP: zero commission by default
    expect(pos.buy_fee).toBe('0.0000');
    expect(u(await available(t, a))).toBe(before - u(pos.credit));
    const info = expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: a.token }));
    expect(u(info.frozen)).toBe(u(pos.credit));
    expect(await hasOpenPositions(t.db, await userIdOf(t, a))).toBe(true);

    const list1 = expectOk(await t.call('/trade/userstocklist', { type: 'jpy' }, { token: a.token }));
    expect(rows(list1)).toHaveLength(1);
    expect(u(list1.ccsz)).toBe(u(rows(list1)[0].nowprice) * 100n);
    // the price moves: pin it 50 yen higher
    release = pinPrices(t, { '7203': u(pos.buy_price) + u('50') });
    const list2 = expectOk(await t.call('/trade/userstocklist', { type: 'jpy' }, { token: a.token }));
    expect(list2.fdyk).toBe(5000);
    expect(rows(list2)[0].yingkui).toBe(5000);
    // gain: the price move since entry in the position's direction, not multiplied by the leverage (2)
    const moveBp = (u('50') * 10_000n) / u(pos.buy_price);
    expect(rows(list2)[0].gain).toBe(Number(moveBp) / 100);
    expect(rows(list2)[0]).toMatchObject({
      buy_poundage: pos.buy_fee,
      sell_poundage: pos.sell_fee,
      dz_type: 0,
      source: 'order',
    });

    const sold = expectOk(await t.money('/trade/sell_stock', { id: order.id, type: 'jpy' }, a));
    expect(sold.yingkui).toBe('5000.0000');
    // the default account is 特定口座・源泉徴収あり: 20.315% of the ¥5,000 gain is withheld (¥765 + ¥250)
    expect(u(await available(t, a))).toBe(before + u('5000') - u('1015'));
    const closed = expectOk(await t.call('/trade/userstocklists', { type: 'jpy' }, { token: a.token }));
    expect(closed.lsyk).toBe(5000);
    expect(rows(closed)[0].status).toBe(1);
    expect(rows(closed)[0].close_reason).toBe('user');
    const open = expectOk(await t.call('/trade/userstocklist', { type: 'jpy' }, { token: a.token }));
    expect(rows(open)).toHaveLength(0);
    expect(open.ccsz).toBe(0);
    // every movement is a transfer with a fund record
    const transfers = await transfersByRef(t.db, `position:${pos.order_no}`);
    expect(transfers.map((x) => x.code).sort()).toEqual(['margin_hold', 'margin_release', 'pnl']);
    const records = await t.db
      .selectFrom('fund_record')
      .selectAll()
      .where('order_no', '=', pos.order_no)
      .orderBy('id')
      .execute();
    expect(records.map((r) => [r.type, formatUnits(r.amount)])).toEqual([
      ['stock_buy', formatUnits(-u(pos.credit))],
      ['stock_sell', pos.credit],
      ['stock_sell', '5000.0000'],
      // 特定口座・源泉徴収あり (the default): 15.315% and 5% of the ¥5,000 gain withheld
      ['tax_withheld', '-765.0000'],
      ['tax_withheld', '-250.0000'],
    ]);
    expectRefusal(await t.money('/trade/sell_stock', { id: order.id, type: 'jpy' }, a), 'trade.notHolding');
  });

  it('sells short: a falling price is a profit; fees and stamp duty are charged in China', async () => {
    const d = await detail('7203');
    release = pinPrices(t, { '7203': u(d.price) });
    const order = expectOk(await buy(a, { symbol: '7203', zhang: '10', buyzd: '2', ganggan: '3' }));
    release();
    release = pinPrices(t, { '7203': u(d.price) - u('20') });
    const sold = expectOk(await t.money('/trade/sell_stock', { id: order.id, type: 'jpy' }, a));
    expect(sold.yingkui).toBe('200.0000');
    release();
    release = null;

    // China: 10:30 in Shanghai; bought today cannot be sold today; commission min ¥5, stamp duty on sells
    t.clock.set(Date.parse('2026-11-24T10:30:00+08:00'));
    const cn = expectOk(await buy(a, { symbol: '600519', zhang: '10', type: 'cny' }));
    const p = expectOk(await t.call('/trade/stockdetail', { id: cn.id, type: 'cny' }, { token: a.token }));
    expect(u(p.buy_fee)).toBeGreaterThanOrEqual(u('5'));
    // its fund records (margin, then fee) carry the cash balance right after each movement
    const recs = await t.db
      .selectFrom('fund_record')
      .select(['type', 'amount', 'balance'])
      .where('order_no', '=', p.order_no)
      .orderBy('id')
      .execute();
    expect(recs.map((r) => [r.type, r.amount])).toEqual([
      ['stock_buy', -u(p.credit)],
      ['fee', -u(p.buy_fee)],
    ]);
    const cash = await userAccount(t.db, await userIdOf(t, a), 'cny', 'cash');
    expect(recs[1].balance).toBe(cash.creditsPosted - cash.debitsPosted);
    expect(recs[0].balance - recs[1].balance).toBe(u(p.buy_fee));
    expectRefusal(await t.money('/trade/sell_stock', { id: cn.id, type: 'cny' }, a), 'trade.sameDaySell');
    t.clock.set(Date.parse('2026-11-25T10:30:00+08:00'));
    const s = expectOk(await t.money('/trade/sell_stock', { id: cn.id, type: 'cny' }, a));
    const after = expectOk(
      await t.call('/trade/stockdetail', { id: cn.id, type: 'cny' }, { token: a.token }),
    );
    expect(u(after.stamp_duty)).toBeGreaterThan(0n);
    expect(u(after.sell_fee)).toBeGreaterThanOrEqual(u('5'));
    const gross = (u(after.sell_price) - u(after.buy_price)) * 10n;
    expect(u(s.yingkui)).toBe(gross - u(after.buy_fee) - u(after.sell_fee) - u(after.stamp_duty));
  });

  it('a limit order pends, holds margin as a pending transfer, and is cancelled (void)', async () => {
    const d = await detail('7203');
    const price = u(d.price);
    const limit = price - 100n * u(d.tick);
    release = pinPrices(t, { '7203': price });
    const before = u(await available(t, a));
    const order = expectOk(
      await buy(a, { symbol: '7203', zhang: '100', gdlx: '2', buy_price: formatUnits(limit), ganggan: 2 }),
    );
    expect(order.status).toBe(3);
    expect(u(await available(t, a))).toBe(before - (limit * 100n) / 2n);
    const info = expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: a.token }));
    expect(u(info.frozen)).toBe((limit * 100n) / 2n);
    expectRefusal(await t.money('/trade/sell_stock', { id: order.id, type: 'jpy' }, a), 'trade.notHolding');
    // the price does not reach it: still pending
    expect(await t.app.kabuto.jobs.runOnce()).toMatchObject({ filled: 0 });
    expectOk(await t.money('/trade/cancel_stock', { id: order.id, type: 'jpy' }, a));
    expect(u(await available(t, a))).toBe(before);
    expectRefusal(await t.money('/trade/cancel_stock', { id: order.id, type: 'jpy' }, a), 'trade.notPending');
    const hist = expectOk(await t.call('/trade/userstocklists', { type: 'jpy' }, { token: a.token }));
    expect(rows(hist).find((r) => r.id === order.id)?.status).toBe(4);
  });

  it('expires a limit order still pending when its trading day ends, releasing what it held', async () => {
    const d = await detail('7203');
    const price = u(d.price);
    const limit = price - 100n * u(d.tick);
    release = pinPrices(t, { '7203': price });
    const before = u(await available(t, a));
    const order = expectOk(
      await buy(a, { symbol: '7203', zhang: '100', gdlx: '2', buy_price: formatUnits(limit) }),
    );
    expect(order.status).toBe(3);
    // after the close of the same day it still stands
    t.clock.set(Date.parse('2026-11-24T16:00:00+09:00'));
    expect(await t.app.kabuto.jobs.runOnce()).toMatchObject({ expired: 0 });
    expect(u(await available(t, a))).toBe(before - limit * 100n);
    // the next morning it has lapsed: the hold is voided, a site message says so
    t.clock.set(Date.parse('2026-11-25T08:00:00+09:00'));
    expect(await t.app.kabuto.jobs.runOnce()).toMatchObject({ expired: 1, filled: 0 });
    expect(u(await available(t, a))).toBe(before);
    const p = expectOk(await t.call('/trade/stockdetail', { id: order.id, type: 'jpy' }, { token: a.token }));
    expect(p.status).toBe(4);
    expect(p.close_reason).toBe('expired');
    expectRefusal(await t.money('/trade/cancel_stock', { id: order.id, type: 'jpy' }, a), 'trade.notPending');
    const notices = JSON.stringify(
      expectOk(await t.call('/user/notice', { lang: 'us' }, { token: a.token })),
    );
    expect(notices).toContain('Order expired');
  });

  it('fills a pending limit order when the price reaches it (job)', async () => {
    const d = await detail('7203');
    const limit = u(d.price) - 50n * u(d.tick);
    release = pinPrices(t, { '7203': u(d.price) });
    const order = expectOk(
      await buy(a, { symbol: '7203', zhang: '10', gdlx: '2', buy_price: formatUnits(limit) }),
    );
    expect(order.status).toBe(3);
    // outside continuous trading nothing fills
    t.clock.set(Date.parse('2026-11-24T12:00:00+09:00'));
    release();
    release = pinPrices(t, { '7203': limit - u(d.tick) });
    expect((await t.app.kabuto.jobs.runOnce()).filled).toBe(0);
    t.clock.set(T0);
    expect((await t.app.kabuto.jobs.runOnce()).filled).toBe(1);
    const p = expectOk(await t.call('/trade/stockdetail', { id: order.id, type: 'jpy' }, { token: a.token }));
    expect(p.status).toBe(0);
    expect(p.buy_price).toBe(formatUnits(limit));
    expectOk(await t.money('/trade/sell_stock', { id: order.id, type: 'jpy' }, a));
  });

  it('walks every open position in batches, one batch in memory at a time', async () => {
    for (const symbol of ['7203', '6758']) expectOk(await buy(a, { symbol, zhang: '100', ganggan: '2' }));
    const open = await t.db
      .selectFrom('position')
      .select('id')
      .where('status', 'in', [0, 2])
      .orderBy('id')
      .execute();
    expect(open.length).toBeGreaterThanOrEqual(2);
    const walked: bigint[] = [];
    for await (const p of positionsInBatches(t.db, [0, 2], 1)) walked.push(p.id);
    expect(walked).toEqual(open.map((p) => p.id));
  });

  it('shorts only shortable stocks, and not at or below the last price after a 10% fall (TSE rule)', async () => {
    // 2702 is on the general tick table: not a large cap, not shortable by default
    const small = await detail('2702');
    expectRefusal(
      await buy(a, { symbol: '2702', zhang: '100', buyzd: '2', ganggan: '1' }),
      'trade.notShortable',
    );
    expect(small.leverage).toEqual([1, 2, 3]);
    // China: no short sale unless the stock is on the eligible list; no leverage either
    t.clock.set(Date.parse('2026-11-24T10:30:00+08:00'));
    expectRefusal(
      await buy(a, { symbol: '600519', zhang: '100', buyzd: '2', type: 'cny' }),
      'trade.notShortable',
    );
    expectRefusal(
      await buy(a, { symbol: '600519', zhang: '100', ganggan: '2', type: 'cny' }),
      'trade.leverageNotAllowed',
    );
    t.clock.set(T0);
    // Toyota falls 12% from the previous close: a short at or below the last price is refused
    const d = await detail('7203');
    const last = u(d.preClose) - (u(d.preClose) * 12n) / 100n;
    const onTick = last - (last % u(d.tick));
    release = pinPrices(t, { '7203': onTick });
    const atMarket = await buy(a, { symbol: '7203', zhang: '100', buyzd: '2' });
    expectRefusal(atMarket, 'trade.shortPriceRule');
    expect(u(String(atMarket.body.params?.last))).toBe(onTick);
    expectRefusal(
      await buy(a, { symbol: '7203', zhang: '100', buyzd: '2', gdlx: '2', buy_price: formatUnits(onTick) }),
      'trade.shortPriceRule',
    );
    // above the last price it may rest as a limit order; a long is not concerned
    const up = expectOk(
      await buy(a, {
        symbol: '7203',
        zhang: '100',
        buyzd: '2',
        gdlx: '2',
        buy_price: formatUnits(onTick + u(d.tick) * 10n),
      }),
    );
    expectOk(await t.money('/trade/cancel_stock', { id: up.id, type: 'jpy' }, a));
    const long = expectOk(await buy(a, { symbol: '7203', zhang: '100' }));
    expectOk(await t.money('/trade/sell_stock', { id: long.id, type: 'jpy' }, a));
  });

  it('refuses each rule with its msg key', async () => {
    const d = await detail('7203');
    // `type` names the market: a Japanese symbol under usd is refused, never booked in yen
    const positionsBefore = rows(
      expectOk(await t.call('/trade/userstocklist', { type: 'jpy' }, { token: a.token })),
    ).length;
    const mismatch = await buy(a, { symbol: '7203', zhang: '1', type: 'usd' });
    expect(mismatch.body).toEqual({
      status: 0,
      code: 'trade.marketMismatch',
      msg: expect.any(String),
      params: { symbol: '7203' },
    });
    expect(
      rows(expectOk(await t.call('/trade/userstocklist', { type: 'jpy' }, { token: a.token }))),
    ).toHaveLength(positionsBefore);
    // outside trading time
    t.clock.set(Date.parse('2026-11-24T20:00:00+09:00'));
    expectRefusal(await buy(a, { symbol: '7203', zhang: '1' }), 'trade.outsideHours');
    t.clock.set(T0);
    // beyond price limit; off the tick grid
    const r = await buy(a, {
      symbol: '7203',
      zhang: '1',
      gdlx: '2',
      buy_price: formatUnits(u(d.limitUp) + u('100')),
    });
    expectRefusal(r, 'trade.beyondLimit');
    // the limits as the user reads them: no trailing zeros (the wire number's own decimal form)
    const plain = (x: number) => formatUnits(u(x)).replace(/\.?0+$/, '');
    expect(r.body.params).toEqual({ up: plain(d.limitUp), down: plain(d.limitDown) });
    expect(u(String(r.body.params?.up))).toBe(u(d.limitUp));
    const offTick = await buy(a, {
      symbol: '7203',
      zhang: '1',
      gdlx: '2',
      buy_price: formatUnits(u(d.price) + 1n),
    });
    expectRefusal(offTick, 'trade.offTick');
    const tick = String(offTick.body.params?.tick);
    expect(tick).toMatch(/^\d+(\.\d*[1-9])?$/);
    expect(u(tick)).toBe(u(d.tick));
    expectRefusal(await buy(a, { symbol: '7203', zhang: '1', gdlx: '2' }), 'validation.required');
    // US minimum 100 shares
    const m = await buy(a, { symbol: 'AAPL', zhang: '50', type: 'usd' });
    expectRefusal(m, 'trade.belowMinimumQuantity');
    expect(m.body.params).toMatchObject({ min: '100' });
    // insufficient balance
    const poor = await trader(t, { jpy: '1000' });
    expectRefusal(await buy(poor, { symbol: '7203', zhang: '100' }), 'money.insufficientAvailable');
    // fund password not set
    const nopw = await t.newUser('np');
    await fund(t, nopw, 'jpy', '1000000');
    expectRefusal(await buy(nopw, { symbol: '7203', zhang: '1' }), 'account.fundPasswordNotSet');
    // restricted account
    const restricted = await trader(t, { jpy: '1000000' });
    // through the operator's call, which tells every process's session cache
    expectOk(
      await t.admin(
        '/users/state',
        { id: String(await userIdOf(t, restricted)), state: 'restricted', reason: 'r' },
        await t.adminLogin(),
      ),
    );
    expectRefusal(await buy(restricted, { symbol: '7203', zhang: '1' }), 'account.restricted');
    // unknown symbol, index, leverage not in the list
    expectRefusal(await buy(a, { symbol: 'NOPE9', zhang: '1' }), 'trade.unknownSymbol');
    expectRefusal(await buy(a, { symbol: 'N225', zhang: '1' }), 'trade.cannotBuy');
    expectRefusal(await buy(a, { symbol: '7203', zhang: '1', ganggan: '4' }), 'trade.leverageNotAllowed');
    expectRefusal(await buy(a, { symbol: '7203', zhang: '1', ganggan: '999' }), 'trade.leverageNotAllowed');
    // zero, negative, fractional quantity
    for (const zhang of ['0', '-1', '1.5', 1.5, 0, -3, 'abc', '']) {
      const q = await buy(a, { symbol: '7203', zhang });
      expect(q.http).toBe(200);
      expect(q.body.status).toBe(0);
      expect(isMsgKey(q.body.code ?? '')).toBe(true);
    }
    // not in holding state; not found
    expectRefusal(
      await t.money('/trade/sell_stock', { id: '999999', type: 'jpy' }, a),
      'trade.orderNotFound',
    );
    expectRefusal(
      await t.money('/trade/cancel_stock', { id: '999999', type: 'jpy' }, a),
      'trade.orderNotFound',
    );
  });

  it('writes orders that arrive together each on its own: a shortfall refuses only its own order', async () => {
    const rich = await trader(t, { jpy: '10000000' });
    const tight = await trader(t, { jpy: '450000' });
    const poor = await trader(t, { jpy: '100000' });
    release = pinPrices(t, { '7203': u('3000') });
    const order = { symbol: '7203', zhang: '100' }; // ¥300,000 of margin at leverage 1, no JP fee
    const replies = await Promise.all([
      buy(rich, order),
      buy(tight, order),
      buy(poor, order),
      buy(rich, order),
      buy(tight, order),
      buy(rich, { ...order, gdlx: 2, buy_price: '2900' }), // a limit order below the price: pends
    ]);
    const outcome = (r: (typeof replies)[number]) => (r.body.status === 1 ? 'ok' : r.body.code);
    expect(outcome(replies[0])).toBe('ok');
    expect(outcome(replies[3])).toBe('ok');
    expect(replies[5].body.data?.status).toBe(3);
    expect(outcome(replies[2])).toBe('money.insufficientAvailable');
    // of tight's two orders exactly one fits
    expect([outcome(replies[1]), outcome(replies[4])].sort()).toEqual(['money.insufficientAvailable', 'ok']);
    expect(await available(t, rich)).toBe(formatUnits(u('10000000') - 3n * u('300000') + u('10000')));
    expect(await available(t, tight)).toBe(formatUnits(u('150000')));
    expect(await available(t, poor)).toBe(formatUnits(u('100000')));
    const ids = new Set(replies.filter((r) => r.body.status === 1).map((r) => r.body.data.id));
    expect(ids.size).toBe(4);
    for (const [s, held, records] of [
      [rich, 3, 2],
      [tight, 1, 1],
      [poor, 0, 0],
    ] as const) {
      const userId = await userIdOf(t, s);
      const positions = await t.db
        .selectFrom('position')
        .select(['id', 'order_no', 'status'])
        .where('user_id', '=', userId)
        .execute();
      expect(positions).toHaveLength(held);
      for (const p of positions) expect(ids.has(String(p.id))).toBe(true);
      const bought = await t.db
        .selectFrom('fund_record')
        .selectAll()
        .where('user_id', '=', userId)
        .where('type', '=', 'stock_buy')
        .execute();
      expect(bought).toHaveLength(records);
    }
  });

  it('keeps users apart: nobody sees, closes or cancels another user’s positions', async () => {
    const b = await trader(t, { jpy: '1000000' });
    const order = expectOk(await buy(a, { symbol: '7203', zhang: '1' }));
    expectRefusal(
      await t.call('/trade/stockdetail', { id: order.id, type: 'jpy' }, { token: b.token }),
      'trade.orderNotFound',
    );
    expectRefusal(
      await t.money('/trade/sell_stock', { id: order.id, type: 'jpy' }, b),
      'trade.orderNotFound',
    );
    expectRefusal(
      await t.money('/trade/cancel_stock', { id: order.id, type: 'jpy' }, b),
      'trade.orderNotFound',
    );
    expect(
      rows(expectOk(await t.call('/trade/userstocklist', { type: 'jpy' }, { token: b.token }))),
    ).toHaveLength(0);
    expect(
      rows(expectOk(await t.call('/trade/userstocklists', { type: 'jpy' }, { token: b.token }))),
    ).toHaveLength(0);
    expectOk(await t.money('/trade/sell_stock', { id: order.id, type: 'jpy' }, a));
    expect((await t.call('/trade/userstocklist', { type: 'jpy' })).http).toBe(401);
  });

  const CALLS: { e: Endpoint; valid: Record<string, unknown> }[] = [
    {
      e: tradingApi.buy,
      valid: { symbol: '7203', zhang: '1', ganggan: '1', buyzd: '1', gdlx: '1', type: 'jpy' },
    },
    { e: tradingApi.sell, valid: { id: '1', type: 'jpy' } },
    { e: tradingApi.cancel, valid: { id: '1', type: 'jpy' } },
    { e: tradingApi.position, valid: { id: '1', type: 'jpy' } },
    { e: tradingApi.openPositions, valid: { type: 'jpy' } },
    { e: tradingApi.closedPositions, valid: { type: 'jpy' } },
  ];
  const BAD: unknown[] = [
    ['a', 'b'],
    { $gt: '' },
    'x'.repeat(10 * 1024),
    null,
    true,
    '-1',
    '0',
    '1.5',
    '１２',
  ];
  it('answers bad input with status 0 and a msg key, never 500; writes nothing', async () => {
    const s = await trader(t, { jpy: '100' });
    for (const { e, valid } of CALLS) {
      const cases: Record<string, unknown>[] = [{ ...valid, sneaky: 'x' }];
      for (const key of Object.keys(valid)) {
        const { [key]: _, ...rest } = valid;
        cases.push(rest);
        for (const v of BAD) cases.push({ ...valid, [key]: v });
      }
      for (const body of cases) {
        const r = e.money ? await t.money(e.path, body, s) : await t.call(e.path, body, { token: s.token });
        expect(r.http, `${e.path} ${JSON.stringify(body).slice(0, 80)}`).toBe(200);
        if (r.body.status === 0) expect(isMsgKey(r.body.code ?? ''), r.body.code).toBe(true);
      }
    }
    const uid = await userIdOf(t, s);
    const n = await t.db.selectFrom('position').select('id').where('user_id', '=', uid).execute();
    expect(n).toHaveLength(0);
  });
});
