import { TEST_DB_KINDS } from '@kabuto/db/testing';
import type { MarketDataProvider } from '@kabuto/market';
import { describe, expect, it } from 'vitest';
import { corporateActionsService } from '../src/modules/corporate-actions/corporate-actions.service.ts';
import type { PaymentNeeds } from '../src/modules/corporate-actions/payment.service.ts';
import { dividendNetting } from '../src/modules/tax/netting.ts';
import { expectOk, type Session, type TestApp } from './support/app.ts';
import { productSuite } from './support/suite.ts';
import { userIdOf } from './support/trading.ts';

const jst = (iso: string) => Date.parse(`${iso}+09:00`);

/**
 * A corporate action is applied (and a dividend paid) in batches, each its own transaction: a run cut
 * short after some batches resumes where it stopped, and every position is adjusted, every dividend
 * paid, exactly once.
 */
describe.each(TEST_DB_KINDS)('corporate actions in batches on %s', (kind) => {
  let t: TestApp;
  let a: Session;
  let b: Session;
  productSuite(
    kind,
    (s) => {
      ({ t } = s);
      [a, b] = s.traders;
    },
    { traders: 2 },
  );

  const buy = async (s: Session, symbol: string) =>
    expectOk(
      await t.money(
        '/trade/buy_stock',
        { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 1, zhang: '100', symbol },
        s,
      ),
    );
  /** The app's market data, but `instrument` fails from its `failAt`-th call on (a crash mid-pass). */
  const failingMarket = (failAt: number): MarketDataProvider => {
    const real = t.app.kabuto.market as MarketDataProvider;
    let calls = 0;
    return new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === 'instrument')
          return (symbol: string) => {
            if (++calls >= failAt) throw new Error('crash in the middle of the pass');
            return target.instrument(symbol);
          };
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  };
  const receive = () => dividendNetting({ db: t.db, clock: t.clock }).receive;
  const service = (
    o: { market?: MarketDataProvider; receiveDividends?: PaymentNeeds['receiveDividends'] } = {},
  ) =>
    corporateActionsService(
      {
        db: t.db,
        clock: t.clock,
        market: o.market ?? (t.app.kabuto.market as MarketDataProvider),
        batchSize: 2,
      },
      { receiveDividends: o.receiveDividends ?? receive() },
    );

  it('a split and a dividend payment cut short resume and book each position once', async () => {
    t.clock.set(jst('2026-11-24T10:00:00'));
    for (let i = 0; i < 3; i++) await buy(a, '8306');
    for (let i = 0; i < 2; i++) await buy(b, '8306');
    const ids = [await userIdOf(t, a), await userIdOf(t, b)];
    const positions = () =>
      t.db
        .selectFrom('position')
        .select(['id', 'quantity', 'open_price'])
        .where('user_id', 'in', ids)
        .where('symbol', '=', '8306')
        .orderBy('id')
        .execute();
    const before = await positions();
    expect(before).toHaveLength(5);
    const prev = (t.app.kabuto.market as MarketDataProvider).quote('8306')!.price;
    await t.db
      .insertInto('corporate_action')
      .values({
        market: 'jpy',
        symbol: '8306',
        kind: 'split',
        ex_date: '2026-11-26',
        record_date: '2026-11-27',
        payment_date: '2026-11-26',
        ratio_num: 2n,
        ratio_den: 1n,
        prev_close: prev,
        base: prev / 2n,
      })
      .execute();
    t.clock.set(jst('2026-11-26T07:00:00'));
    // the second batch fails: the first (two positions) stays done, the cursor after it
    await expect(service({ market: failingMarket(2) }).applyDue()).rejects.toThrow('crash');
    const split = () =>
      t.db
        .selectFrom('corporate_action')
        .selectAll()
        .where('symbol', '=', '8306')
        .where('kind', '=', 'split')
        .executeTakeFirstOrThrow();
    const cut = await split();
    expect(cut.applied_at).toBeNull();
    const half = await positions();
    const done = half.filter((p) => p.id <= cut.cursor!);
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(half.map((p, i) => p.quantity === before[i].quantity * 2n)).toEqual(
      half.map((p) => p.id <= cut.cursor!),
    );
    // the run again: the rest, once
    expect(await service().applyDue()).toBe(1);
    expect(await service().applyDue()).toBe(0);
    const after = await positions();
    expect(after.map((p) => p.quantity)).toEqual(before.map((p) => p.quantity * 2n));
    expect(after.map((p) => p.open_price)).toEqual(before.map((p) => p.open_price! / 2n));
    const applied = await split();
    expect(applied.applied_at).not.toBeNull();
    expect(applied.positions).toBeGreaterThanOrEqual(5);

    // a dividend on the split shares, its payment cut short after the first batch
    await t.db
      .insertInto('corporate_action')
      .values({
        market: 'jpy',
        symbol: '8306',
        kind: 'dividend',
        ex_date: '2026-11-27',
        record_date: '2026-11-30',
        payment_date: '2026-12-09',
        cash: 10_0000n,
        prev_close: prev / 2n,
        base: prev / 2n - 10_0000n,
      })
      .execute();
    t.clock.set(jst('2026-11-27T07:00:00'));
    expect(await service().applyDue()).toBe(1);
    t.clock.set(jst('2026-12-09T07:00:00'));
    let calls = 0;
    const real = receive();
    await expect(
      service({
        receiveDividends: async (tx, rows, at) => {
          if (++calls === 2) throw new Error('crash in the middle of the payment');
          return real(tx, rows, at);
        },
      }).payDue(),
    ).rejects.toThrow('crash');
    const paid = async () =>
      t.db
        .selectFrom('fund_record')
        .select(['user_id', 'amount'])
        .where('user_id', 'in', ids)
        .where('stock_code', '=', '8306')
        .where('type', '=', 'dividend')
        .execute();
    expect(await paid()).toHaveLength(2);
    await service().payDue();
    await service().payDue();
    // 200 shares × ¥10 each, paid once per position; the tax withheld once per position too
    const all = await paid();
    expect(all.map((r) => r.amount)).toEqual(Array(5).fill(2000_0000n));
    // paid in position order, batch after batch (each batch after the last one's last position)
    const entitled = await t.db
      .selectFrom('dividend_entitlement')
      .select(['position_id', 'paid_transfer_id'])
      .where('user_id', 'in', ids)
      .orderBy('position_id')
      .execute();
    expect(entitled).toHaveLength(5);
    const transfers = entitled.map((e) => e.paid_transfer_id!);
    expect(transfers).toEqual([...transfers].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    const tax = await t.db
      .selectFrom('fund_record')
      .select(['amount'])
      .where('user_id', 'in', ids)
      .where('stock_code', '=', '8306')
      .where('type', '=', 'tax_withheld')
      .execute();
    expect(tax).toHaveLength(5);
    const years = await t.db
      .selectFrom('tax_year')
      .select(['dividends'])
      .where('user_id', 'in', ids)
      .where('year', '=', 2026)
      .orderBy('user_id')
      .execute();
    expect(years.map((y) => y.dividends)).toEqual([6000_0000n, 4000_0000n]);
  });
});
