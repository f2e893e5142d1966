import { TEST_DB_KINDS } from '@kabuto/db/testing';
import { parseUnits, taxOnNet, ttmOf, units, yenAtTtm } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../src/shared/settings.ts';
import { expectOk, expectRefusal, type Session, type TestApp } from './support/app.ts';
import { productSuite } from './support/suite.ts';
import { available, pinPrices, trader, userIdOf } from './support/trading.ts';

const yen = (n: number) => units(n);

describe.each(TEST_DB_KINDS)('tax (特定口座) and NISA on %s', (kind) => {
  let t: TestApp;
  let a: Session;
  let b: Session;
  let release: (() => void) | null = null;
  productSuite(
    kind,
    (s) => {
      ({ t } = s);
      [a, b] = s.traders;
    },
    {
      traders: 2,
      afterEach: () => {
        release?.();
        release = null;
      },
    },
  );
  const pin = (prices: Record<string, number>) => {
    release?.();
    release = pinPrices(
      t,
      Object.fromEntries(Object.entries(prices).map(([k, v]) => [k, parseUnits(String(v))!])),
    );
  };
  const buy = (s: Session, body: Record<string, unknown>) =>
    t.money('/trade/buy_stock', { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 1, zhang: '100', ...body }, s);
  const sell = (s: Session, id: string, body: Record<string, unknown> = {}) =>
    t.money('/trade/sell_stock', { id, type: 'jpy', ...body }, s);
  const state = async (s: Session) =>
    expectOk(await t.call('/user/tax_account', {}, { token: s.token })) as Record<string, any>;
  /** The platform's tax_withheld balance (all shards) in yen units, by transfer code. */
  const withheldInLedger = async () => {
    const rows = await t.db
      .selectFrom('ledger_transfer as tr')
      .innerJoin('ledger_account as d', 'd.id', 'tr.debit_account')
      .innerJoin('ledger_account as c', 'c.id', 'tr.credit_account')
      .select(['tr.code', 'tr.amount', 'd.kind as debit_kind', 'c.kind as credit_kind'])
      .where((e) => e.or([e('d.kind', '=', 'tax_withheld'), e('c.kind', '=', 'tax_withheld')]))
      .execute();
    const sum = { national: 0n, local: 0n };
    for (const r of rows) {
      const signed = r.credit_kind === 'tax_withheld' ? r.amount : -r.amount;
      if (r.code === 'tax_national') sum.national += signed;
      else if (r.code === 'tax_local') sum.local += signed;
      else throw new Error(`unexpected code ${r.code}`);
    }
    return sum;
  };
  const userWithheld = async (s: Session) => {
    const userId = await userIdOf(t, s);
    const ev = await t.db
      .selectFrom('tax_event')
      .select((e) => [e.fn.sum<string>('national').as('national'), e.fn.sum<string>('local').as('local')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { national: BigInt(ev.national ?? 0), local: BigInt(ev.local ?? 0) };
  };

  it('withholds 20.315% of the year’s net gain at each sale and refunds it as losses come, in the ledger', async () => {
    const before = await withheldInLedger();
    const userId = await userIdOf(t, a);
    pin({ '7203': 1000 });
    const first = expectOk(await buy(a, { symbol: '7203' })) as { id: string };
    const second = expectOk(await buy(a, { symbol: '7203', zhang: '200' })) as { id: string };
    pin({ '7203': 1300 });
    expectOk(await sell(a, first.id));
    const rows = await t.db.selectFrom('position').selectAll().where('user_id', '=', userId).execute();
    const fees = rows.reduce((s, r) => s + r.buy_fee + r.stamp_duty, 0n);
    const sold = rows.find((r) => String(r.id) === first.id)!;
    expect(sold.status).toBe(1);
    // moving average over both purchases (300 shares), rounded up to the yen
    const unit = (yen(1000 * 300) + fees + 300n - 1n) / 300n;
    const unitYen = ((unit + 9_999n) / 10_000n) * 10_000n;
    const ev1 = await t.db
      .selectFrom('tax_event')
      .selectAll()
      .where('position_id', '=', sold.id)
      .executeTakeFirstOrThrow();
    expect(ev1.kind).toBe('withholding');
    expect(ev1.cost).toBe(unitYen * 100n);
    expect(ev1.gain).toBe(ev1.proceeds - ev1.cost);
    expect(ev1.gain > 0n).toBe(true);
    const due1 = taxOnNet(ev1.gain, '2026-11-24');
    expect({ national: ev1.national, local: ev1.local }).toEqual(due1);
    const s1 = await state(a);
    expect(s1.withheld_national).toBe(formatYen(due1.national));
    expect(s1.withheld_local).toBe(formatYen(due1.local));

    // a loss on the rest brings the year's net below the first gain: the difference is refunded
    pin({ '7203': 900 });
    expectOk(await sell(a, second.id, { zhang: '150' }));
    const events = await t.db
      .selectFrom('tax_event')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(events).toHaveLength(2);
    const net = events[0].gain + events[1].gain;
    const due2 = taxOnNet(net, '2026-11-24');
    expect(events[1].national).toBe(due2.national - due1.national);
    expect(events[1].local).toBe(due2.local - due1.local);
    expect(events[1].national < 0n).toBe(true);
    const refunds = await t.db
      .selectFrom('fund_record')
      .select(['type', 'amount', 'memo'])
      .where('user_id', '=', userId)
      .where('type', 'in', ['tax_withheld', 'tax_refund'])
      .orderBy('id')
      .execute();
    expect(refunds.map((r) => r.type)).toEqual(['tax_withheld', 'tax_withheld', 'tax_refund', 'tax_refund']);

    // the ledger holds exactly what the year's events say, national and local apart
    const after = await withheldInLedger();
    const mine = await userWithheld(a);
    expect(after.national - before.national).toBe(mine.national);
    expect(after.local - before.local).toBe(mine.local);
    expect(mine).toEqual(due2);
    const year = await t.db
      .selectFrom('tax_year')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(year).toMatchObject({ net, national: due2.national, local: due2.local });

    // the year's annual-report figures agree with the ledger: the user's own tax transfers, by part
    const annual = expectOk(await t.call('/user/tax_annual', { year: 2026 }, { token: a.token })) as Record<
      string,
      any
    >;
    const ledger = await t.db
      .selectFrom('ledger_transfer as tr')
      .innerJoin('ledger_account as d', 'd.id', 'tr.debit_account')
      .innerJoin('ledger_account as c', 'c.id', 'tr.credit_account')
      .select(['tr.code', 'tr.amount', 'd.owner as debit_owner'])
      .where('tr.code', 'in', ['tax_national', 'tax_local'])
      .where((e) => e.or([e('d.owner', '=', userId), e('c.owner', '=', userId)]))
      .execute();
    const fromLedger = (code: string) =>
      ledger
        .filter((r) => r.code === code)
        .reduce((sum, r) => sum + (r.debit_owner === userId ? r.amount : -r.amount), 0n);
    expect(parseUnits(annual.taxable.withheld_national)).toBe(fromLedger('tax_national'));
    expect(parseUnits(annual.taxable.withheld_local)).toBe(fromLedger('tax_local'));
    expect(annual).toMatchObject({ year: 2026, kind: 'withholding' });
    expect(annual.taxable.sales).toBe(2);
    expect(parseUnits(annual.taxable.gain)).toBe(net);
    expect(parseUnits(annual.taxable.proceeds)! - parseUnits(annual.taxable.cost)!).toBe(net);
    expectRefusal(await t.call('/user/tax_annual', { year: 'x' }, { token: a.token }), 'validation.invalid');
  });

  it('a foreign sale is taxed in yen at the TTM; a yen wallet short of the tax exchanges the shortfall', async () => {
    const d = await trader(t, { usd: '100000' });
    const userId = await userIdOf(t, d);
    // New York's session: 10:00 on 2026-11-24 (00:00 on the 25th in Tokyo, the TTM's date)
    t.clock.set(Date.parse('2026-11-24T10:00:00-05:00'));
    pin({ AAPL: 200 });
    const p = expectOk(await buy(d, { symbol: 'AAPL', zhang: '100', type: 'usd' })) as { id: string };
    pin({ AAPL: 260 });
    expectOk(await sell(d, p.id, { type: 'usd' }));
    const ev = await t.db
      .selectFrom('tax_event')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const settings = await loadSettings(t.db);
    const ttm = ttmOf(settings, 'usd', t.clock.now());
    const pos = await t.db
      .selectFrom('position')
      .selectAll()
      .where('id', '=', BigInt(p.id))
      .executeTakeFirstOrThrow();
    // US stock: no charge on the buy side but the commission; the sale's regulatory fees are its stamp duty
    expect(ev.proceeds).toBe(yenAtTtm(units(260) * 100n - pos.sell_fee - pos.stamp_duty, ttm, 'down'));
    // the book's average cost per share is rounded up to the yen
    const perShare = yenAtTtm(units(200) * 100n + pos.buy_fee, ttm, 'up') / 100n;
    expect(ev.cost).toBe(((perShare + yen(1) - 1n) / yen(1)) * yen(1) * 100n);
    expect({ national: ev.national, local: ev.local }).toEqual(taxOnNet(ev.gain, '2026-11-25'));
    // the yen wallet was empty: the tax came out of the sale's dollars, exchanged at the TTM
    const recs = await t.db
      .selectFrom('fund_record')
      .select(['type', 'currency', 'amount'])
      .where('user_id', '=', userId)
      .where('type', 'in', ['exchange', 'tax_withheld'])
      .orderBy('id')
      .execute();
    expect(recs.map((r) => `${r.type}/${r.currency}`)).toEqual([
      'exchange/usd',
      'exchange/jpy',
      'tax_withheld/jpy',
      'tax_withheld/jpy',
    ]);
    expect(recs[1].amount).toBe(ev.national + ev.local);
    expect(await available(t, d, 'jpy')).toBe('0.0000');
  });

  it('源泉徴収なし: the gain is recorded, nothing is withheld; the choice is once a year, the override audited', async () => {
    const c = await trader(t, { jpy: '10000000' });
    expectOk(await t.call('/user/tax_account_set', { kind: 'no_withholding', nisa: 0 }, { token: c.token }));
    expectRefusal(
      await t.call('/user/tax_account_set', { kind: 'general', nisa: 0 }, { token: c.token }),
      'tax.alreadyChosen',
    );
    expectRefusal(
      await t.call('/user/tax_account_set', { kind: 'other', nisa: 0 }, { token: c.token }),
      'validation.invalid',
    );
    pin({ '6758': 2000 });
    const p = expectOk(await buy(c, { symbol: '6758' })) as { id: string };
    pin({ '6758': 2500 });
    const before = await withheldInLedger();
    expectOk(await sell(c, p.id));
    expect(await withheldInLedger()).toEqual(before);
    const s = await state(c);
    expect(s.kind).toBe('no_withholding');
    expect(s.can_choose).toBe(0);
    expect(Number(s.net_gain)).toBeGreaterThan(0);

    const op = await t.adminLogin();
    const userId = await userIdOf(t, c);
    expectRefusal(
      await t.admin('/tax/setAccount', { id: String(userId), kind: 'general', nisa: 0, reason: '' }, op),
      'validation.required',
    );
    expectRefusal(
      await t.admin('/tax/setAccount', { id: '999999999', kind: 'general', nisa: 0, reason: 'x' }, op),
      'account.notFound',
    );
    expectOk(
      await t.admin(
        '/tax/setAccount',
        { id: String(userId), kind: 'withholding', nisa: 1, reason: 'customer request by phone' },
        op,
      ),
    );
    const after = expectOk(await t.admin('/tax/account', { id: String(userId) }, op)) as Record<string, any>;
    expect(after).toMatchObject({ kind: 'withholding', nisa: 1 });
    const line = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'tax.account')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(line.reason).toBe('customer request by phone');
  });

  it('NISA: cash purchases within the quota, tax-free sales; over the quota, margin and shorts refused', async () => {
    expectRefusal(await buy(b, { symbol: '7203', nisa: 1 }), 'tax.nisaNotOpen');
    expectOk(await t.call('/user/tax_account_set', { kind: 'withholding', nisa: 1 }, { token: b.token }));
    pin({ '7203': 1000, '9984': 30000 });
    // 100 × ¥30,000 = ¥3,000,000 > ¥2,400,000 a year
    expectRefusal(await buy(b, { symbol: '9984', nisa: 1 }), 'tax.nisaYearQuota');
    expectRefusal(await buy(b, { symbol: '7203', nisa: 1, ganggan: 2 }), 'tax.nisaCashOnly');
    expectRefusal(await buy(b, { symbol: '7203', nisa: 1, buyzd: 2 }), 'tax.nisaCashOnly');
    const p = expectOk(await buy(b, { symbol: '7203', nisa: 1 })) as { id: string };
    const s = await state(b);
    expect(s.nisa_year_used).toBe('100000.0000');
    expect(s.nisa_year_limit).toBe('2400000.0000');
    expect(s.nisa_lifetime_limit).toBe('12000000.0000');
    // what is left of the year: 23 × ¥100,000 more fits, the 24th does not (quota counts the order's value)
    expectRefusal(await buy(b, { symbol: '7203', nisa: 1, zhang: '2400' }), 'tax.nisaYearQuota');
    // closing NISA while holding NISA shares is refused (the choice of the year is still open)
    expectRefusal(
      await t.call('/user/tax_account_set', { kind: 'withholding', nisa: 0 }, { token: b.token }),
      'tax.nisaHeld',
    );
    pin({ '7203': 1500 });
    const before = await withheldInLedger();
    expectOk(await sell(b, p.id));
    expect(await withheldInLedger()).toEqual(before);
    const userId = await userIdOf(t, b);
    const ev = await t.db
      .selectFrom('tax_event')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(ev).toMatchObject({ kind: 'nisa', national: 0n, local: 0n });
    expect(ev.gain > 0n).toBe(true);
    // a sale frees lifetime quota only from the next year: this year's use is unchanged
    expect((await state(b)).nisa_year_used).toBe('100000.0000');
    const row = await t.db
      .selectFrom('position')
      .select(['nisa', 'nisa_amount'])
      .where('id', '=', BigInt(p.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ nisa: true, nisa_amount: yen(100_000) });
  });
});

function formatYen(u: bigint): string {
  const s = (u < 0n ? -u : u).toString().padStart(5, '0');
  return `${u < 0n ? '-' : ''}${s.slice(0, -4)}.${s.slice(-4)}`;
}
