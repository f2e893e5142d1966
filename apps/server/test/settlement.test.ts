import { API_DB_KINDS } from '@kabuto/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, expectRefusal, readyUser, T0, type TestApp } from './support/app.ts';
import { expectLedgerSound, pinPrices } from './support/trading.ts';
import { u } from './support/units.ts';

/**
 * Sale proceeds are available for trading at once and withdrawable from their settlement date (Japan
 * T+2 on the TSE calendar): a sale on Tuesday 2026-11-24 settles on Thursday 2026-11-26.
 */
describe.each(API_DB_KINDS)('settlement of sale proceeds on %s', (kind) => {
  let t: TestApp;
  let release: (() => void) | null = null;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    release?.();
    release = null;
    t.clock.set(T0);
    await expectLedgerSound(t);
  });
  afterAll(async () => t?.close());

  it('keeps a sale’s proceeds from a withdrawal until the settlement date, not from trading', async () => {
    const s = await readyUser(t, { fund: '500000' });
    const withdrawable = async () =>
      expectOk(await t.call('/user/withdrawable', { type: 'jpy' }, { token: s.token }));
    const withdraw = (money: string) =>
      t.money('/user/withdrawal', { money, bankid: s.cardId, passwords: '112233', type: 'jpy' }, s);
    expect(await withdrawable()).toEqual({
      type: 'jpy',
      available: '500000.0000',
      withdrawable: '500000.0000',
      unsettled: [],
    });

    // buy 100 at ¥2,000 (¥200,000 from cash), sell at ¥2,100: ¥210,000 back to cash, unsettled until Thursday
    release = pinPrices(t, { '7203': u('2000') });
    const order = expectOk(
      await t.money(
        '/trade/buy_stock',
        { type: 'jpy', symbol: '7203', zhang: '100', buyzd: 1, gdlx: 1, ganggan: 1 },
        s,
      ),
    );
    release();
    release = pinPrices(t, { '7203': u('2100') });
    expectOk(await t.money('/trade/sell_stock', { id: order.id, type: 'jpy' }, s));
    const before = await withdrawable();
    // the ¥10,000 gain's tax (¥1,531 + ¥500, 特定口座・源泉徴収あり) is withheld from cash at the sale
    expect(before).toEqual({
      type: 'jpy',
      available: '507969.0000',
      withdrawable: '297969.0000',
      unsettled: [{ money: '210000.0000', settle_date: '2026-11-26' }],
    });
    // getUserinfo keeps its fields: the available cash, all of it usable for trading
    const info = expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }));
    expect(info.jpy).toBe('507969.0000');

    // above the withdrawable amount: refused with the amount, nothing written
    expectRefusal(await withdraw('297970'), 'withdraw.aboveWithdrawable');
    expect(
      await t.db
        .selectFrom('withdrawal')
        .select('id')
        .where('user_id', '=', await idOf(s.account))
        .execute(),
    ).toEqual([]);
    // the proceeds buy again at once (and that sale settles on Thursday too)
    const again = expectOk(
      await t.money(
        '/trade/buy_stock',
        { type: 'jpy', symbol: '7203', zhang: '1', buyzd: 1, gdlx: 1, ganggan: 1 },
        s,
      ),
    );
    expectOk(await t.money('/trade/sell_stock', { id: again.id, type: 'jpy' }, s));
    expect((await withdrawable()).unsettled).toEqual([{ money: '212100.0000', settle_date: '2026-11-26' }]);
    release();
    release = null;

    // Wednesday: still unsettled; Thursday 2026-11-26: settled, withdrawable
    t.clock.set(Date.parse('2026-11-25T10:00:00+09:00'));
    expect((await withdrawable()).unsettled).toEqual([{ money: '212100.0000', settle_date: '2026-11-26' }]);
    t.clock.set(Date.parse('2026-11-26T10:00:00+09:00'));
    const after = await withdrawable();
    expect(after.unsettled).toEqual([]);
    expect(after.withdrawable).toBe(after.available);
    expectOk(await withdraw('400000'));
  });

  async function idOf(account: string): Promise<bigint> {
    const r = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow();
    return r.id;
  }
});
