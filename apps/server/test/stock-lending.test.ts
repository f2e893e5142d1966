import { API_DB_KINDS } from '@kabuto/db/testing';
import { dailyLendingFee, lendingPayment } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { stockLendingService } from '../src/modules/stock-lending/stock-lending.service.ts';
import { listPositions, lockPosition, markLent } from '../src/modules/trading/trading.repo.ts';
import { markApplied } from '../src/shared/idempotency-keys.ts';
import { expectOk, expectRefusal, processDeps, type Session, T0, type TestApp } from './support/app.ts';
import { productSuite } from './support/suite.ts';
import { available, trader, userIdOf } from './support/trading.ts';
import { u } from './support/units.ts';

const jst = (iso: string) => Date.parse(`${iso}+09:00`);

describe.each(API_DB_KINDS)('stock lending on %s', (kind) => {
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

  /** A second, independent copy of the service on the same database: a second process's job. */
  const service = () =>
    stockLendingService({
      ...processDeps(t),
      keys: { markApplied },
      positions: {
        lock: lockPosition,
        list: (userId, mkt, statuses) => listPositions(t.db, userId, mkt, statuses as never),
        markLent,
      },
    });
  const buy = async (s: Session, body: Record<string, unknown>) =>
    expectOk(
      await t.money(
        '/trade/buy_stock',
        { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 1, zhang: '100', ...body },
        s,
      ),
    ) as { id: string };
  const lend = (s: Session, id: string) =>
    t.call('/trade/lend_stock', { id, type: 'jpy' }, { token: s.token });
  const recall = (s: Session, id: string) => t.money('/trade/recall_stock', { id, type: 'jpy' }, s);
  const lendlist = async (s: Session) =>
    expectOk(await t.call('/trade/lendlist', { type: 'jpy' }, { token: s.token })) as Record<string, any>[];
  const records = async (s: Session) =>
    expectOk(await t.call('/trade/userlendlist', { type: 'jpy' }, { token: s.token })) as Record<
      string,
      any
    >[];
  const position = async (s: Session, id: string) =>
    expectOk(await t.call('/trade/stockdetail', { id, type: 'jpy' }, { token: s.token }));
  const lendingRecords = async (s: Session) =>
    t.db
      .selectFrom('fund_record')
      .selectAll()
      .where('user_id', '=', await userIdOf(t, s))
      .where('type', '=', 'lending')
      .orderBy('id')
      .execute();
  // a fresh operator session each time (the clock moves by days in these tests)
  const setRate = async (symbol: string, rate: string) =>
    expectOk(
      await t.admin('/lending/setRate', { symbol, rate, reason: 'hard to borrow' }, await t.adminLogin()),
    );

  it('lists the fully paid long holdings with their rate; leverage and shorts are not lendable', async () => {
    const s = await trader(t, { jpy: '10000000' });
    const paid = await buy(s, { symbol: '7203' });
    const levered = await buy(s, { symbol: '7203', ganggan: 2 });
    const short = await buy(s, { symbol: '6758', buyzd: 2 });
    const list = await lendlist(s);
    expect(list.map((r) => r.id)).toEqual([paid.id]);
    // Toyota's market cap is far above a trillion yen: the large-cap tier, 0.10%
    expect(list[0]).toMatchObject({
      stock_code: '7203',
      stock_num: '100',
      rate: '0.10',
      lent: 0,
      lend_id: '',
    });
    expect(typeof list[0].nowprice).toBe('number');
    expectRefusal(await lend(s, levered.id), 'lending.notFullyPaid');
    expectRefusal(await lend(s, short.id), 'lending.notFullyPaid');
    // lendlist needs a login
    expect((await t.call('/trade/lendlist', { type: 'jpy' })).http).toBe(401);
  });

  it('lends a holding: the position shows "lent", the record starts; refusals with their keys', async () => {
    const pos = await buy(a, { symbol: '7203' });
    expect((await position(a, pos.id)).lent).toBe(0);
    const r = expectOk(await lend(a, pos.id));
    expect(r.rate).toBe('0.10');
    expect((await position(a, pos.id)).lent).toBe(1);
    const row = (await lendlist(a)).find((x) => x.id === pos.id)!;
    expect(row).toMatchObject({ lent: 1, lend_id: r.id });
    const rec = (await records(a)).find((x) => x.id === r.id)!;
    expect(rec).toMatchObject({
      position_id: pos.id,
      stock_code: '7203',
      stock_num: '100',
      rate: '0.10',
      accrued: '0.0000',
      paid: '0.0000',
      status: 0,
      recall_reason: '',
      accrued_through: '',
      recall_time: null,
    });
    expectRefusal(await lend(a, pos.id), 'lending.alreadyLent');
    expectRefusal(await lend(a, '999999999'), 'lending.notFound');
    // another user's position and loan are not found for B, and stay as they were
    expectRefusal(await lend(b, pos.id), 'lending.notFound');
    expectRefusal(await recall(b, r.id), 'lending.notFound');
    expect((await records(b)).some((x) => x.id === r.id)).toBe(false);
    expect((await position(a, pos.id)).lent).toBe(1);
    // a closed position
    const other = await buy(a, { symbol: '6758' });
    expectOk(await t.money('/trade/sell_stock', { id: other.id, type: 'jpy' }, a));
    expectRefusal(await lend(a, other.id), 'lending.closed');
    // recalled: the mark goes, a second recall is an illegal transition refused with its key
    const back = expectOk(await recall(a, r.id));
    expect(back).toEqual({ id: r.id, paid: '0.0000' });
    expect((await position(a, pos.id)).lent).toBe(0);
    expectRefusal(await recall(a, r.id), 'lending.notLent');
    expect((await records(a)).find((x) => x.id === r.id)).toMatchObject({ status: 1, recall_reason: 'user' });
    // and it can be lent again
    expectOk(await lend(a, pos.id));
  });

  it('refuses bad input with status 0 and a msg key', async () => {
    for (const [path, body, key] of [
      ['/trade/lend_stock', {}, 'validation.required'],
      ['/trade/lend_stock', { id: 'abc' }, 'validation.invalid'],
      ['/trade/lend_stock', { id: '1', type: 'xyz' }, 'validation.invalid'],
      ['/trade/recall_stock', { id: '-1' }, 'validation.invalid'],
      ['/trade/recall_stock', { id: '1'.repeat(30) }, 'validation.invalid'],
      ['/trade/userlendlist', { type: 'eur' }, 'validation.invalid'],
      ['/trade/lendlist', { type: 1 }, 'validation.invalid'],
    ] as const) {
      const r = await t.call(path, body, { token: a.token });
      expect(r.body.status, `${path} ${JSON.stringify(body)}`).toBe(0);
      expect(r.body.code).toBe(key);
    }
    // the back office: strict bodies, and a rate above 20% or not a number
    for (const body of [
      { symbol: '7203', rate: '25', reason: 'x' },
      { symbol: '7203', rate: 'abc', reason: 'x' },
      { symbol: '7203', rate: '1', reason: '' },
      { symbol: '7203', rate: '1', reason: 'x', extra: 1 },
    ]) {
      const r = await t.admin('/lending/setRate', body, op);
      expect(r.body.status).toBe(0);
    }
    expectRefusal(
      await t.admin('/lending/setRate', { symbol: 'NOPE', rate: '1', reason: 'x' }, op),
      'trade.unknownSymbol',
    );
  });

  it('accrues daily on the close over calendar days, once however often the job runs, pays monthly, and the rest on recall', async () => {
    await setRate('9984', '3.65');
    const s = await trader(t, { jpy: '10000000' });
    const userId = await userIdOf(t, s);
    const pos = await buy(s, { symbol: '9984' });
    const loan = expectOk(await lend(s, pos.id));
    expect(loan.rate).toBe('3.65');
    const accruals = () =>
      t.db
        .selectFrom('stock_loan_accrual')
        .selectAll()
        .where('loan_id', '=', BigInt(loan.id))
        .orderBy('day')
        .execute();
    const mine = async () => (await records(s)).find((x) => x.id === loan.id)!;

    // Friday after the close: Tue–Thu and Friday's close for Fri, Sat, Sun
    t.clock.set(jst('2026-11-27T16:00:00'));
    const one = service();
    const two = service();
    await one.accrueAndPay();
    await two.accrueAndPay();
    await one.accrueAndPay();
    expect(
      ((await t.app.kabuto.jobs.runOnce()) as unknown as { lending: { loans: number } }).lending.loans,
    ).toBeGreaterThan(0);
    let rows = await accruals();
    expect(rows.map((r) => r.day)).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(rows.slice(3).every((r) => r.close_day === '2026-11-27' && r.close === rows[3].close)).toBe(true);
    for (const r of rows) {
      expect(r.value).toBe(r.close * 100n);
      expect(r.fee).toBe(dailyLendingFee(r.value, 36_500n, 'jpy'));
      expect(r.fee).toBeGreaterThan(0n);
    }
    const sum = (xs: typeof rows) => xs.reduce((acc, r) => acc + r.fee, 0n);
    expect(u((await mine()).accrued)).toBe(sum(rows));
    expect((await mine()).accrued_through).toBe('2026-11-29');
    expect(await lendingRecords(s)).toHaveLength(0);

    // Tuesday 1 December after the close: Monday and Tuesday accrue, November is paid once
    t.clock.set(jst('2026-12-01T16:00:00'));
    const cashBefore = u(await available(t, s));
    await one.accrueAndPay();
    await two.accrueAndPay();
    rows = await accruals();
    expect(rows.map((r) => r.day).slice(-2)).toEqual(['2026-11-30', '2026-12-01']);
    const november = rows.filter((r) => r.day < '2026-12-01');
    const paid = await lendingRecords(s);
    const novemberPaid = lendingPayment(
      'jpy',
      november.map((r) => r.fee),
    );
    expect(novemberPaid % 10_000n).toBe(0n);
    expect(paid).toHaveLength(1);
    expect(paid[0].amount).toBe(novemberPaid);
    expect(paid[0].stock_code).toBe('9984');
    expect(u(await available(t, s))).toBe(cashBefore + novemberPaid);
    expect(u((await mine()).paid)).toBe(novemberPaid);
    expect(u((await mine()).accrued)).toBe(sum(rows));
    expect(november.every((r) => r.paid_transfer !== null)).toBe(true);
    expect(rows[rows.length - 1].paid_transfer).toBeNull();

    // the fund record reads "stock lending" in every language
    const list = expectOk(
      await t.call('/user/capitalloglist', { type: 'jpy', lang: 'us' }, { token: s.token }),
    );
    expect(JSON.stringify(list)).toContain('Stock lending');

    // recall on Wednesday morning: the unpaid December day is paid now
    t.clock.set(jst('2026-12-02T10:00:00'));
    const back = expectOk(await recall(s, loan.id));
    const decemberPaid = lendingPayment('jpy', [rows[rows.length - 1].fee]);
    expect(u(back.paid)).toBe(decemberPaid);
    expect(await lendingRecords(s)).toHaveLength(2);
    expect(u((await mine()).paid)).toBe(novemberPaid + decemberPaid);
    expect((await mine()).status).toBe(1);
    // recalled loans accrue no more
    t.clock.set(jst('2026-12-03T16:00:00'));
    await one.accrueAndPay();
    expect(await accruals()).toHaveLength(rows.length);
    expect(userId).toBeGreaterThan(0n);
    t.clock.set(T0);
    await setRate('9984', '');
  });

  it('selling a lent position recalls it first and pays what accrued', async () => {
    await setRate('6758', '5.00');
    const s = await trader(t, { jpy: '10000000' });
    const pos = await buy(s, { symbol: '6758' });
    const loan = expectOk(await lend(s, pos.id));
    t.clock.set(jst('2026-11-25T10:00:00'));
    const sold = expectOk(await t.money('/trade/sell_stock', { id: pos.id, type: 'jpy' }, s));
    expect(sold.id).toBe(pos.id);
    const rec = (await records(s)).find((x) => x.id === loan.id)!;
    expect(rec).toMatchObject({ status: 1, recall_reason: 'sell', accrued_through: '2026-11-24' });
    expect(u(rec.accrued)).toBeGreaterThan(0n);
    // paid once, the accrued sum rounded down to the yen
    expect(u(rec.paid)).toBe(lendingPayment('jpy', [u(rec.accrued)]));
    expect((await lendingRecords(s)).map((r) => r.amount)).toEqual([u(rec.paid)]);
    const p = await position(s, pos.id);
    expect(p).toMatchObject({ status: 1, lent: 0 });
    t.clock.set(T0);
    await setRate('6758', '');
  });

  it('30 days at 0.10% on about ¥227,000 of MUFG pays actual/365 on each close, rounded once (not ¥0)', async () => {
    await setRate('8306', '0.10');
    const s = await trader(t, { jpy: '10000000' });
    const pos = await buy(s, { symbol: '8306' });
    const loan = expectOk(await lend(s, pos.id));
    const cashBefore = u(await available(t, s));
    // 30 calendar days later, after the close (the session has expired by then: the service's recall);
    // the recall pays every day in one payment
    t.clock.set(jst('2026-12-23T16:00:00'));
    const back = await service().recall(await userIdOf(t, s), BigInt(loan.id));
    const rows = await t.db
      .selectFrom('stock_loan_accrual')
      .selectAll()
      .where('loan_id', '=', BigInt(loan.id))
      .orderBy('day')
      .execute();
    expect(rows.map((r) => r.day)).toHaveLength(30);
    expect(rows[0].day).toBe('2026-11-24');
    expect(rows[29].day).toBe('2026-12-23');
    // each day at full precision: value × 0.10% / 365 (about ¥0.62 a day, which rounding per day made ¥0)
    for (const r of rows) expect(r.fee).toBe((r.value * 1_000n) / 365_000_000n);
    expect(rows.every((r) => r.fee > 0n && r.fee < 10_000n)).toBe(true);
    // the exact actual/365 amount, rounded once down to the yen
    const exact = rows.reduce((acc, r) => acc + r.value, 0n) * 1_000n;
    const paid = back.paid;
    expect(paid % 10_000n).toBe(0n);
    expect(paid).toBe(
      lendingPayment(
        'jpy',
        rows.map((r) => r.fee),
      ),
    );
    expect(exact - paid * 365_000_000n >= 0n).toBe(true);
    expect(exact - paid * 365_000_000n < 10_000n * 365_000_000n).toBe(true);
    expect(paid).toBeGreaterThanOrEqual(10n * 10_000n);
    t.clock.set(T0);
    expect(u(await available(t, s))).toBe(cashBefore + paid);
    expect((await lendingRecords(s)).map((r) => r.amount)).toEqual([paid]);
    await setRate('8306', '');
  });

  it('back office: loans with filters, the rates with their source, the rate change audited', async () => {
    await setRate('8306', '1.25');
    op = await t.adminLogin();
    const rates = expectOk(await t.admin('/lending/rates', { market: 'jpy' }, op));
    expect(rates.tiers[0]).toEqual({ min_cap: '1000000000000', rate: '0.10' });
    expect(rates.list.find((r: any) => r.symbol === '8306')).toMatchObject({
      rate: '1.25',
      source: 'symbol',
    });
    expect(rates.list.find((r: any) => r.symbol === '7203')).toMatchObject({ rate: '0.10', source: 'tier' });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'lending.rate')
      .where('target', '=', 'instrument:8306')
      .executeTakeFirstOrThrow();
    expect(audit.reason).toBe('hard to borrow');
    await setRate('8306', '');

    const lent = expectOk(await t.admin('/lending/loans', { status: 'lent', account: a.account }, op));
    expect(lent.total).toBeGreaterThan(0);
    expect(lent.list.every((l: any) => l.status === 0 && l.account === a.account)).toBe(true);
    const recalled = expectOk(await t.admin('/lending/loans', { status: 'recalled', symbol: '6758' }, op));
    expect(recalled.list.every((l: any) => l.status === 1 && l.symbol === '6758')).toBe(true);
    expect(recalled.total).toBeGreaterThan(0);
    // operators only
    expect((await t.admin('/lending/loans', {}, 'not-a-token')).http).toBe(401);
  });

  it('back office: the loans and the rates name each stock in the operator’s language, jp when none is sent', async () => {
    op = await t.adminLogin();
    const pos = await buy(b, { symbol: '7203' });
    expectOk(await lend(b, pos.id));
    const loanName = async (lang?: string) => {
      const body = { symbol: '7203', account: b.account, ...(lang ? { lang } : {}) };
      const r = expectOk(await t.admin('/lending/loans', body, op));
      expect(r.total).toBeGreaterThan(0);
      return r.list[0].name;
    };
    const rateName = async (lang?: string) => {
      const r = expectOk(await t.admin('/lending/rates', { market: 'jpy', ...(lang ? { lang } : {}) }, op));
      return r.list.find((x: any) => x.symbol === '7203').name;
    };
    for (const name of [loanName, rateName]) {
      expect(await name()).toBe('トヨタ自動車');
      expect(await name('jp')).toBe('トヨタ自動車');
      expect(await name('cn')).toBe('丰田汽车');
      expect(await name('us')).toBe('Toyota Motor');
      // the family's aliases, and anything else is jp
      expect(await name('en')).toBe('Toyota Motor');
      expect(await name('xx')).toBe('トヨタ自動車');
    }
    expectOk(await recall(b, (await records(b)).find((r) => r.position_id === pos.id)?.id));
  });
});
