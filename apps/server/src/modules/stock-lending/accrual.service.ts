import { type Tx, withTx } from '@kabuto/db';
import {
  accrueClose,
  closesToAccrue,
  daySchedule,
  dueForPayment,
  type LocalDate,
  localDate,
  MARKETS,
  type Market,
  monthOf,
  previousTradingDay,
  STOCK_LOAN_CODE,
  type Units,
} from '@kabuto/domain';
import { platformAccount, shardFor, userAccount } from '@kabuto/ledger';
import { marketOfKey } from '../../shared/daily-keys.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { transfer } from '../../shared/ledger.ts';
import { type LendingRatesSetting, loadSettings } from '../../shared/settings.ts';
import { rateOf, type StockLendingDeps } from './stock-lending.deps.ts';
import * as repo from './stock-lending.repo.ts';

/**
 * The fee of lent shares: each close a loan earns is accrued for the calendar days it covers (the domain's
 * `accrueClose`: actual/365 at the last close), once per (loan, day) whatever runs it; the days of a past
 * month are paid to cash as "stock lending" by the leader's daily job, and whatever is unpaid at the recall.
 * A payment is a ledger transfer from the platform's counterparty book (the borrower's side) to the
 * user's cash, in the transaction that marks the days paid.
 */
export function accrualService(d: StockLendingDeps) {
  const { db, clock, market } = d;

  /** The daily closes of a symbol by exchange-local date (the daily bars, and today's close from the quote). */
  async function closesOf(symbol: string, mkt: Market): Promise<Map<LocalDate, Units>> {
    const bars = await market.candles(symbol, '1D', { limit: 60 });
    const out = new Map<LocalDate, Units>();
    for (const b of bars) out.set(localDate(mkt, b.time), b.close);
    const q = market.quote(symbol);
    if (q && q.session === 'closed' && !out.has(q.tradingDay)) out.set(q.tradingDay, q.price);
    return out;
  }

  /**
   * Accrue the closes a locked open loan has earned up to `until` and not accrued yet, at the rate the
   * settings give now. A close whose price is not known yet stops the run there (the next run picks it up).
   */
  async function accrueLocked(
    tx: Tx,
    loan: repo.LoanRow,
    until: number,
    rates: LendingRatesSetting,
    closesMemo?: Map<string, Promise<Map<LocalDate, Units>>>,
  ): Promise<void> {
    const mkt = loan.market as Market;
    const due = closesToAccrue(mkt, loan.lent_at.getTime(), until, loan.accrued_through, (ms) =>
      localDate(mkt, ms),
    );
    if (due.length === 0) return;
    const inst = market.instrument(loan.symbol);
    if (!inst) return;
    const rate = rateOf(market, rates, inst).ppm;
    // one read of a symbol's closes per job run, however many loans it has
    let pending = closesMemo?.get(loan.symbol);
    if (!pending) {
      pending = closesOf(loan.symbol, mkt);
      closesMemo?.set(loan.symbol, pending);
    }
    const closes = await pending;
    const rows = [];
    for (const day of due) {
      const close = closes.get(day);
      if (close === undefined || close <= 0n) break;
      rows.push(...accrueClose(mkt, day, close, loan.quantity, rate));
    }
    if (rows.length === 0) return;
    const inserted = await repo.insertAccruals(
      tx,
      rows.map((r) => ({
        loan_id: loan.id,
        day: r.day,
        close_day: r.closeDay,
        close: r.close,
        value: r.value,
        rate_ppm: r.ratePpm,
        fee: r.fee,
      })),
    );
    const fee = inserted.reduce((s, r) => s + r.fee, 0n);
    await repo.accrued(tx, loan.id, {
      fee,
      through: rows[rows.length - 1].day,
      ratePpm: rate,
      at: new Date(clock.now()),
    });
  }

  /** Pay unpaid days of a locked loan to the user's cash: all of them, or those of months before `today`. */
  async function payLocked(tx: Tx, loan: repo.LoanRow, today: LocalDate | 'all', at: Date): Promise<Units> {
    const unpaid = await repo.unpaidAccruals(tx, loan.id);
    const mkt = loan.market as Market;
    const due = dueForPayment(mkt, unpaid, today);
    if (due.amount <= 0n) return 0n;
    const book = await platformAccount(tx, 'counterparty', mkt, shardFor(loan.user_id));
    const cash = await userAccount(tx, loan.user_id, mkt, 'cash');
    const ref = `stock_loan:${loan.id}`;
    const [t] = await transfer(tx, [
      {
        type: 'single',
        debitAccountId: book.id,
        creditAccountId: cash.id,
        amount: due.amount,
        currency: mkt,
        code: 'lending',
        operationRef: ref,
      },
    ]);
    const days = due.rows.map((r) => r.day);
    await repo.markPaid(tx, loan.id, days, t.id, due.amount, at);
    const inst = market.instrument(loan.symbol);
    const first = monthOf(days[0]);
    const last = monthOf(days[days.length - 1]);
    await writeFundRecords(tx, [
      {
        userId: loan.user_id,
        currency: mkt,
        type: 'lending',
        orderNo: `L${loan.id}`,
        amount: due.amount,
        transferId: t.id,
        ref,
        stockName: inst?.names.jp ?? loan.symbol,
        stockCode: loan.symbol,
        memo: first === last ? first : `${first}..${last}`,
        at,
      },
    ]);
    return due.amount;
  }

  /**
   * Accrue every open loan up to now and pay the months that are over. Safe to run any number of times:
   * a day accrues once (the (loan, day) key and `accrued_through`) and is paid once (`paid_transfer`).
   */
  async function accrueAndPay(
    markets: readonly Market[] = MARKETS,
    log?: (err: unknown) => void,
  ): Promise<{ loans: number; paid: number; failed: number }> {
    let loans = 0;
    let paid = 0;
    let failed = 0;
    for (const mkt of markets) {
      const closesMemo = new Map<string, Promise<Map<LocalDate, Units>>>();
      let after = 0n;
      for (;;) {
        const batch = await repo.openLoanIds(db, mkt, after, 200);
        if (batch.length === 0) break;
        for (const { id } of batch) {
          after = id;
          // read before the transaction (on PGlite a read outside it would wait for it)
          const rates = (await loadSettings(db)).lending_rates;
          const now = clock.now();
          try {
            const amount = await withTx(db, async (tx) => {
              const loan = await repo.lockLoan(tx, id);
              if (!loan || loan.status !== STOCK_LOAN_CODE.lent) return 0n;
              await accrueLocked(tx, loan, now, rates, closesMemo);
              return payLocked(tx, loan, localDate(mkt, now), new Date(now));
            });
            loans++;
            if (amount > 0n) paid++;
          } catch (err) {
            failed++;
            log?.(err);
          }
        }
      }
    }
    return { loans, paid, failed };
  }

  /** The leader's round: once per market after each close, and at the start of each month. */
  const done = new Map<Market, string>();
  async function runJobs(log?: (err: unknown) => void) {
    const now = clock.now();
    const due = MARKETS.filter((m) => done.get(m) !== roundKey(m, now));
    if (due.length === 0) return { loans: 0, paid: 0, failed: 0 };
    const r = await accrueAndPay(due, log);
    // a round with a failure runs again on the next tick
    if (r.failed === 0) for (const m of due) done.set(m, roundKey(m, now));
    return r;
  }

  /**
   * The daily job on the durable queue: per market, once after each close and once at the start of each
   * month (key `jpy:2026-11-27|2026-11`). A loan that fails fails the run, which the queue retries.
   */
  const daily = {
    name: 'lending',
    keys: (now: number) => MARKETS.map((m) => `${m}:${roundKey(m, now)}`),
    async run(key: string) {
      let first: unknown;
      const r = await accrueAndPay([marketOfKey(key)], (err) => {
        first ??= err;
      });
      if (r.failed > 0)
        throw new Error(`${r.failed} of ${r.loans + r.failed} loans not accrued: ${String(first)}`, {
          cause: first,
        });
      return r;
    },
  };

  return { accrueLocked, payLocked, accrueAndPay, runJobs, daily };
}

/** The last close of a market at `now` and the local month: the job runs when either changes. */
function roundKey(mkt: Market, now: number): string {
  const today = localDate(mkt, now);
  const s = daySchedule(mkt, today);
  const lastClose = s && s.end <= now ? today : previousTradingDay(mkt, today);
  return `${lastClose}|${monthOf(today)}`;
}

export type AccrualService = ReturnType<typeof accrualService>;
