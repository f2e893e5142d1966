import { API_DB_KINDS } from '@kabuto/db/testing';
import { dailyLendingFee, lendingPayment } from '@kabuto/domain';
import { userBalance } from '@kabuto/ledger';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { recordMismatches } from '../src/modules/admin/admin.repo.ts';
import { stockLendingService } from '../src/modules/stock-lending/stock-lending.service.ts';
import { listPositions, lockPosition, markLent } from '../src/modules/trading/trading.repo.ts';
import { markApplied } from '../src/shared/idempotency-keys.ts';
import { expectOk, processDeps, type Session, type TestApp } from './support/app.ts';
import { productSuite } from './support/suite.ts';
import { trader, userIdOf } from './support/trading.ts';

const jst = (iso: string) => Date.parse(`${iso}+09:00`);

/**
 * The daily accrual of many loans at once: a batch of loans a transaction (several loans of one user
 * among them), two processes at once, and a batch that fails part way (a loan whose days cannot be
 * written, a payment that cannot be marked) writing nothing, its other loans done one by one.
 */
describe.each(API_DB_KINDS)('stock lending in batches on %s', (kind) => {
  let t: TestApp;
  productSuite(kind, (s) => {
    t = s.t;
  });

  /** An independent copy of the service on the same database: another process's job. */
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
  const setRate = async (symbol: string, rate: string) =>
    expectOk(
      await t.admin('/lending/setRate', { symbol, rate, reason: 'hard to borrow' }, await t.adminLogin()),
    );
  /** A trader's loans of these symbols (a position bought and lent each); the loan ids. */
  const lendAll = async (s: Session, symbols: string[]) => {
    const ids: bigint[] = [];
    for (const symbol of symbols) {
      const pos = expectOk(
        await t.money(
          '/trade/buy_stock',
          { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 1, zhang: '100', symbol },
          s,
        ),
      ) as { id: string };
      const loan = expectOk(
        await t.call('/trade/lend_stock', { id: pos.id, type: 'jpy' }, { token: s.token }),
      );
      ids.push(BigInt(loan.id));
    }
    return ids;
  };
  const accruals = (ids: readonly bigint[]) =>
    t.db
      .selectFrom('stock_loan_accrual')
      .selectAll()
      .where('loan_id', 'in', [...ids])
      .orderBy('loan_id')
      .orderBy('day')
      .execute();
  const loans = (ids: readonly bigint[]) =>
    t.db
      .selectFrom('stock_loan')
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
  const payments = (ids: readonly bigint[]) =>
    t.db
      .selectFrom('fund_record')
      .selectAll()
      .where('type', '=', 'lending')
      .where(
        'order_no',
        'in',
        ids.map((id) => `L${id}`),
      )
      .orderBy('id')
      .execute();
  /** A user's available yen, read from the ledger (the sessions expire as the clock moves by days). */
  const cash = async (s: Session) => (await userBalance(t.db, await userIdOf(t, s), 'jpy')).available;
  /** Recall the loans (the service's recall: the sessions have expired by the clock's days). */
  const recallAll = async (ids: readonly bigint[]) => {
    for (const l of await loans(ids)) await service().recall(l.user_id, l.id);
  };
  /** Each loan's accrued total is the sum of its days, and its days are each there once. */
  const expectTotalsKept = async (ids: readonly bigint[]) => {
    const days = await accruals(ids);
    for (const l of await loans(ids)) {
      const mine = days.filter((d) => d.loan_id === l.id);
      expect(new Set(mine.map((d) => d.day)).size).toBe(mine.length);
      expect(l.accrued).toBe(mine.reduce((s, d) => s + d.fee, 0n));
      expect(l.accrued_through).toBe(mine.length ? mine[mine.length - 1].day : null);
    }
    return days;
  };

  it('accrues a batch of loans in one go, two processes at once, each day once, and pays each loan once', async () => {
    await setRate('9984', '3.65');
    await setRate('6758', '5.00');
    const a = await trader(t, { jpy: '20000000' });
    const b = await trader(t, { jpy: '20000000' });
    // a has two loans (paid in the same batch: two fund records on one cash account)
    const ids = [...(await lendAll(a, ['9984', '6758'])), ...(await lendAll(b, ['9984']))];
    const before = [await cash(a), await cash(b)];

    // Friday after the close, two processes at once, then a third run
    t.clock.set(jst('2026-11-27T16:00:00'));
    const [one, two] = [service(), service()];
    const runs = await Promise.all([one.accrueAndPay(['jpy']), two.accrueAndPay(['jpy'])]);
    expect(runs.every((r) => r.failed === 0 && r.paid === 0)).toBe(true);
    await one.accrueAndPay(['jpy']);
    let days = await expectTotalsKept(ids);
    const week = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
    for (const id of ids) expect(days.filter((d) => d.loan_id === id).map((d) => d.day)).toEqual(week);
    for (const d of days) expect(d.fee).toBe(dailyLendingFee(d.value, d.rate_ppm, 'jpy'));
    expect(days.filter((d) => d.loan_id === ids[1]).every((d) => d.rate_ppm === 50_000n)).toBe(true);

    // the first of December after the close: November paid once to each loan, however many runs
    t.clock.set(jst('2026-12-01T16:00:00'));
    await Promise.all([one.accrueAndPay(['jpy']), two.accrueAndPay(['jpy'])]);
    await two.accrueAndPay(['jpy']);
    days = await expectTotalsKept(ids);
    const paid = await payments(ids);
    expect(paid.map((p) => p.order_no).sort()).toEqual(ids.map((id) => `L${id}`).sort());
    for (const id of ids) {
      const november = days.filter((d) => d.loan_id === id && d.day < '2026-12-01');
      expect(november).toHaveLength(7);
      const amount = lendingPayment(
        'jpy',
        november.map((d) => d.fee),
      );
      expect(paid.find((p) => p.order_no === `L${id}`)?.amount).toBe(amount);
      expect((await loans([id]))[0].paid).toBe(amount);
      expect(new Set(november.map((d) => d.paid_transfer)).size).toBe(1);
      expect(november[0].paid_transfer).not.toBeNull();
      expect(days.find((d) => d.loan_id === id && d.day === '2026-12-01')?.paid_transfer).toBeNull();
    }
    const sumOf = (xs: typeof paid) => xs.reduce((s, p) => s + p.amount, 0n);
    expect(await cash(a)).toBe(before[0] + sumOf(paid.filter((p) => p.order_no !== `L${ids[2]}`)));
    expect(await cash(b)).toBe(before[1] + sumOf(paid.filter((p) => p.order_no === `L${ids[2]}`)));
    // each statement line carries the cash balance after it
    expect(await recordMismatches(t.db)).toEqual([]);

    await recallAll(ids);
    await setRate('9984', '');
    await setRate('6758', '');
  });

  it('a batch that fails part way writes nothing; its other loans go on one by one; the next run does the rest once', async () => {
    await setRate('8306', '1.00');
    const a = await trader(t, { jpy: '20000000' });
    const b = await trader(t, { jpy: '20000000' });
    const ids = [...(await lendAll(a, ['8306', '8306'])), ...(await lendAll(b, ['8306']))];
    const [bad, ...good] = [ids[1], ids[0], ids[2]];
    // the database refuses the days of one loan (a crash in the middle of the batch's transaction)
    await sql`create or replace function lending_fault() returns trigger language plpgsql as $$
      begin
        if new.loan_id = ${sql.lit(Number(bad))} then raise exception 'lending fault'; end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger lending_fault before insert or update on stock_loan_accrual
      for each row execute function lending_fault()`.execute(t.db);
    try {
      t.clock.set(jst('2026-11-27T16:00:00'));
      const errors: unknown[] = [];
      const r = await service().accrueAndPay(['jpy'], (e) => errors.push(e));
      expect(r).toMatchObject({ failed: 1 });
      expect(String(errors[0])).toMatch(/lending fault/);
      const days = await expectTotalsKept(ids);
      expect(days.filter((d) => d.loan_id === bad)).toHaveLength(0);
      for (const id of good) expect(days.filter((d) => d.loan_id === id)).toHaveLength(6);
      expect((await loans([bad]))[0]).toMatchObject({ accrued: 0n, accrued_through: null });

      // the trigger now lets the days in but refuses the payment's mark: the transfer goes back with it
      await sql`create or replace function lending_fault() returns trigger language plpgsql as $$
        begin
          if new.loan_id = ${sql.lit(Number(bad))} and new.paid_transfer is not null then
            raise exception 'lending fault';
          end if;
          return new;
        end $$`.execute(t.db);
      t.clock.set(jst('2026-12-01T16:00:00'));
      const cashA = await cash(a);
      const again = await service().accrueAndPay(['jpy'], () => {});
      expect(again).toMatchObject({ failed: 1 });
      await expectTotalsKept(ids);
      expect((await payments(ids)).map((p) => p.order_no).sort()).toEqual(good.map((id) => `L${id}`).sort());
      expect((await loans([bad]))[0].paid).toBe(0n);
      const paidA = (await payments([ids[0]]))[0].amount;
      expect(await cash(a)).toBe(cashA + paidA);
    } finally {
      await sql`drop trigger if exists lending_fault on stock_loan_accrual`.execute(t.db);
      await sql`drop function if exists lending_fault()`.execute(t.db);
    }
    // the next run does the rest, once
    const before = await accruals(ids);
    const r = await service().accrueAndPay(['jpy']);
    expect(r).toMatchObject({ failed: 0, paid: 1 });
    const after = await expectTotalsKept(ids);
    expect(after.filter((d) => d.loan_id !== bad)).toEqual(before.filter((d) => d.loan_id !== bad));
    expect(after.filter((d) => d.loan_id === bad).map((d) => d.day)).toEqual(
      after.filter((d) => d.loan_id === good[0]).map((d) => d.day),
    );
    const paid = await payments(ids);
    expect(paid).toHaveLength(3);
    expect((await loans([bad]))[0].paid).toBe(paid.find((p) => p.order_no === `L${bad}`)?.amount);
    expect(await recordMismatches(t.db)).toEqual([]);
    await recallAll(ids);
    await setRate('8306', '');
  });
});
