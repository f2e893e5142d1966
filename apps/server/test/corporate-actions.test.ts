import { TEST_DB_KINDS } from '@kabuto/db/testing';
import {
  formatUnits,
  grossPnl,
  parseUnits,
  snapToTick,
  splitOrderPrice,
  splitRatio,
  type Units,
} from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { ledgerTax as reportedTax } from '../src/modules/reports/annual.repo.ts';
import { expectOk, type Session, type TestApp } from './support/app.ts';
import { productSuite } from './support/suite.ts';
import { pinPrices, trader, userIdOf } from './support/trading.ts';

const jst = (iso: string) => Date.parse(`${iso}+09:00`);

describe.each(TEST_DB_KINDS)('corporate actions on %s', (kind) => {
  let t: TestApp;
  let op: string;
  let a: Session;
  let b: Session;
  productSuite(
    kind,
    (s) => {
      ({ t, op } = s);
      [a, b] = s.traders;
    },
    { traders: 2 },
  );

  const buy = async (s: Session, body: Record<string, unknown>) =>
    expectOk(
      await t.money(
        '/trade/buy_stock',
        { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 1, zhang: '100', ...body },
        s,
      ),
    ) as { id: string };
  const positions = async (s: Session, symbol: string) =>
    t.db
      .selectFrom('position')
      .selectAll()
      .where('user_id', '=', await userIdOf(t, s))
      .where('symbol', '=', symbol)
      .orderBy('id')
      .execute();
  const records = async (s: Session, type: string) =>
    t.db
      .selectFrom('fund_record')
      .selectAll()
      .where('user_id', '=', await userIdOf(t, s))
      .where('type', '=', type)
      .orderBy('id')
      .execute();
  const value = (
    p: { margin: Units; open_price: Units | null; quantity: bigint; direction: number },
    price: Units,
  ) => p.margin + grossPnl({ openPrice: p.open_price, quantity: p.quantity, direction: p.direction }, price);
  const round = () => t.app.kabuto.rounds.corporateActions() as Promise<{ applied: number; paid: number }>;
  const market = () => t.app.kabuto.market;

  it('a 1:4 split (SoftBank Group, ex 2025-12-29): long, short, lent, orders and a product constituent, once', async () => {
    t.clock.set(jst('2025-12-26T10:00:00'));
    const long = await buy(a, { symbol: '9984' });
    const lent = await buy(a, { symbol: '9984' });
    expectOk(await t.call('/trade/lend_stock', { id: lent.id, type: 'jpy' }, { token: a.token }));
    await buy(b, { symbol: '9984', buyzd: 2, ganggan: 2 });
    const q = market().quote('9984')!;
    const tick = market().instrument('9984')!.tickTable;
    const low = snapToTick(tick, (q.price * 8n) / 10n, 'down');
    await buy(a, { symbol: '9984', gdlx: 2, buy_price: formatUnits(low) });
    const exit = expectOk(
      await t.money(
        '/trade/exit_order',
        {
          type: 'jpy',
          id: long.id,
          kind: 'limit',
          limit_price: formatUnits(snapToTick(tick, (q.price * 12n) / 10n, 'up')),
        },
        a,
      ),
    );
    void exit;
    const iso = (ms: number) => new Date(ms).toISOString();
    expectOk(
      await t.admin(
        '/product/create',
        {
          market: 'jpy',
          name_jp: '分割テスト',
          name_cn: '拆股测试',
          name_us: 'Split test',
          issuer: 'Test Issuer',
          target_bp: 10,
          minimum: '10000',
          capacity: '1000000',
          lock_days: 3,
          deadline: iso(t.clock.now() + 2 * 86_400_000),
          ends: iso(t.clock.now() + 30 * 86_400_000),
          constituents: [
            { symbol: '7203', weight_bp: 5000 },
            { symbol: '9984', weight_bp: 5000 },
          ],
        },
        op,
      ),
    );
    const product = await t.db
      .selectFrom('product_constituent')
      .selectAll()
      .where('symbol', '=', '9984')
      .execute();
    expect(product.length).toBeGreaterThan(0);
    const beforeA = await positions(a, '9984');
    const beforeB = await positions(b, '9984');
    const exitsBefore = await t.db
      .selectFrom('exit_order')
      .selectAll()
      .where('symbol', '=', '9984')
      .execute();
    const loanBefore = await t.db
      .selectFrom('stock_loan')
      .selectAll()
      .where('symbol', '=', '9984')
      .executeTakeFirstOrThrow();

    // the morning of the ex-date, before the session
    t.clock.set(jst('2025-12-29T07:00:00'));
    const split = (await market().corporateActions('9984')).find(
      (x) => x.kind === 'split' && x.exDate === '2025-12-29',
    )!;
    expect(split.ratio).toBe(4);
    const prev = split.prevClose!;
    const after = prev / 4n; // the same value per new share, exactly
    const done = await round();
    expect(done.applied).toBeGreaterThanOrEqual(1);

    const afterA = await positions(a, '9984');
    const afterB = await positions(b, '9984');
    for (const [was, now] of [
      ...beforeA.map((p, i) => [p, afterA[i]]),
      ...beforeB.map((p, i) => [p, afterB[i]]),
    ]) {
      expect(now.quantity).toBe(was.quantity * 4n);
      if (was.status === 3) {
        // the pending limit order: its price ÷ 4 on the tick, never above what was asked
        expect(now.limit_price).toBe(
          splitOrderPrice(was.limit_price!, splitRatio(4), 'buy', tick, '2025-12-29'),
        );
        continue;
      }
      expect(now.open_price).toBe(was.open_price! / 4n);
      // margin unaffected, value and P&L unchanged to the yen
      expect(now.margin).toBe(was.margin);
      expect(value(now, after)).toBe(value(was, prev));
      expect(
        grossPnl({ openPrice: now.open_price, quantity: now.quantity, direction: now.direction }, after),
      ).toBe(grossPnl({ openPrice: was.open_price, quantity: was.quantity, direction: was.direction }, prev));
      expect(now.status).toBe(was.status);
    }
    // lent shares follow their position; the exit order is re-priced (a sell rounds up)
    const loan = await t.db
      .selectFrom('stock_loan')
      .selectAll()
      .where('id', '=', loanBefore.id)
      .executeTakeFirstOrThrow();
    expect(loan.quantity).toBe(loanBefore.quantity * 4n);
    const exitsAfter = await t.db.selectFrom('exit_order').selectAll().where('symbol', '=', '9984').execute();
    for (const e of exitsAfter) {
      const was = exitsBefore.find((x) => x.id === e.id)!;
      expect(e.limit_price).toBe(
        splitOrderPrice(was.limit_price!, splitRatio(4), 'sell', tick, '2025-12-29'),
      );
    }
    // the copy-trade product holds four times the shares: its NAV does not move
    const productAfter = await t.db
      .selectFrom('product_constituent')
      .selectAll()
      .where('symbol', '=', '9984')
      .execute();
    for (const c of productAfter)
      expect(c.qty).toBe(product.find((x) => x.product_id === c.product_id)!.qty * 4n);
    // before the open the quote is the base price: the holding is valued as it was
    expect(market().quote('9984')!.price).toBe(split.base);

    // exactly once: another run (another process) changes nothing
    await round();
    const again = await positions(a, '9984');
    expect(again.map((p) => p.quantity)).toEqual(afterA.map((p) => p.quantity));
    const action = await t.db
      .selectFrom('corporate_action')
      .selectAll()
      .where('symbol', '=', '9984')
      .where('kind', '=', 'split')
      .executeTakeFirstOrThrow();
    expect(action.applied_at).not.toBeNull();
    // margin maintenance leaves the short alone at the open
    t.clock.set(jst('2025-12-29T09:30:00'));
    await t.app.kabuto.rounds.margin();
    expect((await positions(b, '9984')).every((p) => p.status === 0)).toBe(true);
    // the chart agrees with the adjusted book: forward-adjusted candles before the ex-date are the
    // unadjusted ones ÷ 4, as the holder's cost is
    const candles = async (fq: string) =>
      expectOk(await t.call('/trade/kline', { symbol: '9984', type: 'jpy', kline_type: '1D', fq })) as {
        time: number;
        close: string | number;
      }[];
    const day = Date.parse('2025-12-26T00:00:00+09:00') / 1000;
    const close = async (fq: string) =>
      parseUnits(String((await candles(fq)).find((c) => c.time === day)!.close))!;
    const raw = await close('none');
    const adjusted = await close('forward');
    expect(raw).toBe(prev);
    const yen = 10_000n;
    const gap = adjusted * 4n - raw;
    expect(gap < 0n ? -gap : gap).toBeLessThanOrEqual(4n * yen);
    for (const [was, now] of beforeA.map((p, i) => [p, afterA[i]]))
      if (was.status === 0) expect(now.open_price! * 4n).toBe(was.open_price);
    for (const s of [a, b])
      for (const p of await positions(s, '9984'))
        if (p.status === 0)
          expectOk(await t.money('/trade/sell_stock', { id: String(p.id), type: 'jpy' }, s));
  });

  it('a reverse split with a fraction pays it in cash; a dividend pays a long net and charges a short', async () => {
    t.clock.set(jst('2026-11-24T10:00:00'));
    // fresh sessions: the split test moved the clock back a year
    a = await trader(t, { jpy: '10000000' });
    b = await trader(t, { jpy: '10000000' });
    const long = await buy(a, { symbol: '7203', zhang: '105' });
    await buy(b, { symbol: '7203', buyzd: 2, ganggan: 2 });
    const [held] = await positions(a, '7203');
    void long;
    // announce a 10:1 reverse split and a ¥50 dividend going ex tomorrow (prices as the exchange sets them)
    const prev = market().quote('7203')!.price;
    const base = prev * 10n;
    await t.db
      .insertInto('corporate_action')
      .values([
        {
          market: 'jpy',
          symbol: '7203',
          kind: 'dividend',
          ex_date: '2026-11-25',
          record_date: '2026-11-26',
          payment_date: '2026-12-10',
          cash: 50_0000n,
          prev_close: prev,
          base: prev - 50_0000n,
        },
        {
          market: 'jpy',
          symbol: '7203',
          kind: 'split',
          ex_date: '2026-11-25',
          record_date: '2026-11-26',
          payment_date: '2026-11-25',
          ratio_num: 1n,
          ratio_den: 10n,
          prev_close: prev,
          base,
        },
      ])
      .execute();
    t.clock.set(jst('2026-11-25T07:00:00'));
    await round();
    const [now] = await positions(a, '7203');
    expect(now.quantity).toBe(10n);
    const fraction = await records(a, 'fractional_cash');
    expect(fraction[0]?.stock_code).toBe('7203');
    // half a new share at the base price
    expect(fraction.map((r) => r.amount)).toEqual([base / 2n]);
    expect(now.margin).toBe(held.margin - held.margin / 21n);
    // the long's dividend (105 shares × ¥50 = ¥5,250) waits in its dividend account, net of 20.315%
    const ent = await t.db
      .selectFrom('dividend_entitlement')
      .selectAll()
      .where('position_id', '=', held.id)
      .executeTakeFirstOrThrow();
    expect(ent).toMatchObject({
      role: 'holder',
      gross: 5250_0000n,
      national_tax: 804_0000n,
      local_tax: 262_0000n,
      amount: 4184_0000n,
    });
    const mine = async (s: Session, type: string) =>
      (await records(s, type)).filter((r) => r.stock_code === '7203');
    expect(await mine(a, 'dividend')).toHaveLength(0);
    // the short is charged the gross 配当落調整金 at once
    const charged = await mine(b, 'manufactured_dividend');
    expect(charged.map((r) => r.amount)).toEqual([-5000_0000n]);
    // paid on the payment date, once
    t.clock.set(jst('2026-12-10T07:00:00'));
    await round();
    await round();
    // paid once, however many runs: the whole dividend, then its tax withheld, national and local in
    // one line (the parts are the entitlement's)
    const paid = await records(a, 'dividend');
    expect(paid.map((r) => [r.stock_code, r.amount])).toEqual([['7203', 5250_0000n]]);
    const tax = await mine(a, 'tax_withheld');
    expect(tax.map((r) => [r.memo, r.amount])).toEqual([['national+local', -1066_0000n]]);
    expect(paid[0].balance + tax[0].amount).toBe(tax[0].balance);
    expect(
      await t.db
        .selectFrom('dividend_entitlement')
        .select('paid_at')
        .where('id', '=', ent.id)
        .executeTakeFirstOrThrow(),
    ).not.toMatchObject({ paid_at: null });
  });

  it('a holder’s dividend tax moves to tax_withheld when paid (none in NISA), and the year’s losses offset it', async () => {
    t.clock.set(jst('2026-11-24T10:00:00'));
    const c = await trader(t, { jpy: '10000000' });
    const cId = await userIdOf(t, c);
    expectOk(await t.call('/user/tax_account_set', { kind: 'withholding', nisa: 1 }, { token: c.token }));
    // a realised loss this year (¥10,000 and any fees)
    let release = pinPrices(t, { '6758': 1000_0000n });
    try {
      const lost = await buy(c, { symbol: '6758' });
      release();
      release = pinPrices(t, { '6758': 900_0000n });
      expectOk(await t.money('/trade/sell_stock', { id: lost.id, type: 'jpy' }, c));
      await buy(c, { symbol: '6758' });
      await buy(c, { symbol: '6758', nisa: 1 });
    } finally {
      release();
    }
    const year = () =>
      t.db
        .selectFrom('tax_year')
        .selectAll()
        .where('user_id', '=', cId)
        .where('year', '=', 2026)
        .executeTakeFirstOrThrow();
    const loss = (await year()).net;
    expect(loss).toBeLessThanOrEqual(-10_000_0000n);
    const ledgerTax = async () => {
      const r = await t.db
        .selectFrom('ledger_account')
        .select((e) => [
          e.fn.sum<string>('credits_posted').as('c'),
          e.fn.sum<string>('debits_posted').as('d'),
        ])
        .where('kind', '=', 'tax_withheld')
        .where('currency', '=', 'jpy')
        .executeTakeFirstOrThrow();
      return BigInt(r.c ?? 0) - BigInt(r.d ?? 0);
    };
    const prev = market().quote('6758')!.price;
    await t.db
      .insertInto('corporate_action')
      .values({
        market: 'jpy',
        symbol: '6758',
        kind: 'dividend',
        ex_date: '2026-11-26',
        record_date: '2026-11-27',
        payment_date: '2026-12-09',
        cash: 30_0000n,
        prev_close: prev,
        base: prev - 30_0000n,
      })
      .execute();
    t.clock.set(jst('2026-11-26T07:00:00'));
    await round();
    const before = await ledgerTax();
    t.clock.set(jst('2026-12-09T07:00:00'));
    await round();
    await round();
    // the taxable holding: ¥3,000, ¥459 national and ¥150 local withheld; the NISA one: ¥3,000 tax-free
    const ents = await t.db
      .selectFrom('dividend_entitlement as e')
      .innerJoin('position as p', 'p.id', 'e.position_id')
      .select([
        'p.nisa',
        'e.amount',
        'e.national_tax',
        'e.local_tax',
        'e.national_transfer',
        'e.local_transfer',
      ])
      .where('e.user_id', '=', cId)
      .orderBy('p.nisa')
      .execute();
    expect(ents.map((e) => [e.nisa, e.amount, e.national_tax, e.local_tax])).toEqual([
      [false, 2391_0000n, 459_0000n, 150_0000n],
      [true, 3000_0000n, 0n, 0n],
    ]);
    // one transfer withheld both parts; the NISA one none
    expect(ents[0].national_transfer).not.toBeNull();
    expect(ents[0].local_transfer).toBe(ents[0].national_transfer);
    expect(ents[1].national_transfer).toBeNull();
    const moved = await t.db
      .selectFrom('ledger_transfer')
      .select(['code', 'amount'])
      .where('id', '=', ents[0].national_transfer!)
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ code: 'tax_dividend', amount: 609_0000n });
    expect(await ledgerTax()).toBe(before + 609_0000n);
    const dividends = (await records(c, 'dividend')).filter((r) => r.stock_code === '6758');
    expect(dividends.map((r) => r.amount)).toEqual([3000_0000n, 3000_0000n]);
    expect((await records(c, 'tax_withheld')).map((r) => [r.memo, r.amount])).toEqual([
      ['national+local', -609_0000n],
    ]);
    // the annual report's tax, the ledger's: the one transfer's parts as its entitlement has them
    const yearFrom = new Date(jst('2026-01-01T00:00:00'));
    const yearTo = new Date(jst('2027-01-01T00:00:00'));
    expect(await reportedTax(t.db, cId, yearFrom, yearTo)).toEqual({
      national: 459_0000n,
      local: 150_0000n,
    });
    // the taxable dividend joins the year (NISA's does not), with its tax
    expect(await year()).toMatchObject({
      net: loss,
      dividends: 3000_0000n,
      national: 459_0000n,
      local: 150_0000n,
    });

    // the daily netting: the loss offsets the whole dividend, its tax comes back, once
    const netting = () => t.app.kabuto.rounds.taxNetting() as Promise<{ refunded: number }>;
    expect((await netting()).refunded).toBeGreaterThanOrEqual(1);
    expect((await records(c, 'tax_refund')).map((r) => [r.memo, r.amount])).toEqual([
      ['national', 459_0000n],
      ['local', 150_0000n],
    ]);
    expect(await year()).toMatchObject({ net: loss, dividends: 3000_0000n, national: 0n, local: 0n });
    t.clock.set(jst('2026-12-10T07:00:00'));
    await netting();
    expect(await records(c, 'tax_refund')).toHaveLength(2);
    expect(await ledgerTax()).toBe(before);
  });
});
