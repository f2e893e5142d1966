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
  type Units,
} from '@kabuto/domain';
import { type AccountSpec, ledgerAccounts, shardFor } from '@kabuto/ledger';
import { batchThenEach, noFailures } from '../../shared/batches.ts';
import { marketOfKey } from '../../shared/daily-keys.ts';
import { writeFundRecords } from '../../shared/fund-records.ts';
import { transferMany } from '../../shared/ledger.ts';
import { type LendingRatesSetting, loadSettings } from '../../shared/settings.ts';
import { rateOf, type StockLendingDeps } from './stock-lending.deps.ts';
import * as repo from './stock-lending.repo.ts';

/** Open loans accrued (and paid) in one transaction by the daily job. */
const BATCH = 500;

/** Each symbol's closes by exchange-local date, read once per job run. */
type ClosesMemo = Map<string, Promise<Map<LocalDate, Units>>>;

/**
 * The fee of lent shares: each close a loan earns is accrued for the calendar days it covers (the domain's
 * `accrueClose`: actual/365 at the last close), once per (loan, day) whatever runs it; the days of a past
 * month are paid to cash as "stock lending" by the leader's daily job, and whatever is unpaid at the recall.
 * A payment is a ledger transfer from the platform's counterparty book (the borrower's side) to the
 * user's cash, in the transaction that marks the days paid. The daily job works in batches of loans,
 * one transaction a batch (`accrueLocked` and `payLocked` take any number of locked loans; a recall
 * passes its one).
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

  /** A symbol's closes, read once per job run however many loans it has. */
  function closesFor(symbol: string, mkt: Market, memo: ClosesMemo): Promise<Map<LocalDate, Units>> {
    let pending = memo.get(symbol);
    if (!pending) {
      pending = closesOf(symbol, mkt);
      memo.set(symbol, pending);
    }
    return pending;
  }

  /**
   * Accrue the closes locked open loans have earned up to `until` and not accrued yet, at the rate the
   * settings give now: their days in one insert, their totals in one update. A close whose price is not
   * known yet stops a loan's run there (the next run picks it up).
   */
  async function accrueLocked(
    tx: Tx,
    loans: readonly repo.LoanRow[],
    until: number,
    rates: LendingRatesSetting,
    memo: ClosesMemo = new Map(),
  ): Promise<void> {
    const rows: repo.AccrualInsert[] = [];
    const last = new Map<bigint, { through: LocalDate; rate: bigint }>();
    const rateMemo = new Map<string, bigint>();
    for (const loan of loans) {
      const mkt = loan.market as Market;
      const due = closesToAccrue(mkt, loan.lent_at.getTime(), until, loan.accrued_through, (ms) =>
        localDate(mkt, ms),
      );
      if (due.length === 0) continue;
      const inst = market.instrument(loan.symbol);
      if (!inst) continue;
      let rate = rateMemo.get(loan.symbol);
      if (rate === undefined) {
        rate = rateOf(market, rates, inst).ppm;
        rateMemo.set(loan.symbol, rate);
      }
      const closes = await closesFor(loan.symbol, mkt, memo);
      let through: LocalDate | null = null;
      for (const day of due) {
        const close = closes.get(day);
        if (close === undefined || close <= 0n) break;
        for (const r of accrueClose(mkt, day, close, loan.quantity, rate)) {
          rows.push({
            loan_id: loan.id,
            day: r.day,
            close_day: r.closeDay,
            close: r.close,
            value: r.value,
            rate_ppm: r.ratePpm,
            fee: r.fee,
          });
          through = r.day;
        }
      }
      if (through !== null) last.set(loan.id, { through, rate });
    }
    if (rows.length === 0) return;
    const fees = new Map<bigint, Units>();
    for (const r of await repo.insertAccruals(tx, rows))
      fees.set(r.loan_id, (fees.get(r.loan_id) ?? 0n) + r.fee);
    await repo.accrued(
      tx,
      [...last].map(([id, v]) => ({ id, fee: fees.get(id) ?? 0n, through: v.through, rate_ppm: v.rate })),
      new Date(clock.now()),
    );
  }

  /**
   * Pay locked loans' unpaid days to the users' cash: all of them (`'all'`, a recall), or those of the
   * months before `today`'s. Each loan paid is one ledger transfer from the platform's counterparty book
   * and one fund record; all of them are written in a few statements. Returns what each loan was paid.
   */
  async function payLocked(
    tx: Tx,
    loans: readonly repo.LoanRow[],
    today: LocalDate | 'all',
    at: Date,
  ): Promise<Map<bigint, Units>> {
    const paid = new Map<bigint, Units>();
    // the days of months before today's are the days before its first day (dates are YYYY-MM-DD)
    const before = today === 'all' ? null : `${monthOf(today)}-01`;
    const unpaid = await repo.unpaidAccruals(
      tx,
      loans.map((l) => l.id),
      before,
    );
    if (unpaid.length === 0) return paid;
    const byLoan = new Map<bigint, { day: LocalDate; fee: Units }[]>();
    for (const r of unpaid) {
      const list = byLoan.get(r.loan_id) ?? [];
      list.push({ day: r.day, fee: r.fee });
      byLoan.set(r.loan_id, list);
    }
    const due = loans.flatMap((loan) => {
      const d = dueForPayment(loan.market as Market, byLoan.get(loan.id) ?? [], today);
      return d.amount > 0n
        ? [{ loan, mkt: loan.market as Market, days: d.rows.map((r) => r.day), ...d }]
        : [];
    });
    if (due.length === 0) return paid;
    const accounts = await ledgerAccounts(
      tx,
      due.flatMap((p): AccountSpec[] => [
        { owner: null, currency: p.mkt, kind: 'counterparty', shard: shardFor(p.loan.user_id) },
        { owner: p.loan.user_id, currency: p.mkt, kind: 'cash' },
      ]),
    );
    const transfers = await transferMany(
      tx,
      due.map((p, i) => ({
        type: 'single',
        debitAccountId: accounts[2 * i].id,
        creditAccountId: accounts[2 * i + 1].id,
        amount: p.amount,
        currency: p.mkt,
        code: 'lending',
        operationRef: `stock_loan:${p.loan.id}`,
      })),
    );
    const marked = await repo.markPaid(
      tx,
      due.map((p, i) => ({ loan_id: p.loan.id, transfer_id: transfers[i].id, amount: p.amount })),
      before,
      at,
    );
    const days = due.reduce((n, p) => n + p.days.length, 0);
    // every day read is paid, and no other (the loans are locked): otherwise nothing is written
    if (marked !== days) throw new Error(`stock lending: ${marked} days marked paid, ${days} read`);
    await writeFundRecords(
      tx,
      due.map((p, i) => {
        const first = monthOf(p.days[0]);
        const lastMonth = monthOf(p.days[p.days.length - 1]);
        paid.set(p.loan.id, p.amount);
        return {
          userId: p.loan.user_id,
          currency: p.mkt,
          type: 'lending' as const,
          orderNo: `L${p.loan.id}`,
          amount: p.amount,
          transferId: transfers[i].id,
          ref: `stock_loan:${p.loan.id}`,
          stockName: market.instrument(p.loan.symbol)?.names.jp ?? p.loan.symbol,
          stockCode: p.loan.symbol,
          memo: first === lastMonth ? first : `${first}..${lastMonth}`,
          at,
        };
      }),
    );
    return paid;
  }

  /** Accrue and pay a batch of a market's loans in one transaction (those still open once locked). */
  function accrueBatch(mkt: Market, ids: readonly bigint[], rates: LendingRatesSetting, memo: ClosesMemo) {
    const now = clock.now();
    return withTx(db, async (tx) => {
      const open = await repo.lockOpenLoans(tx, ids);
      await accrueLocked(tx, open, now, rates, memo);
      const paid = await payLocked(tx, open, localDate(mkt, now), new Date(now));
      return { loans: open.length, paid: paid.size };
    });
  }

  /**
   * Accrue every open loan up to now and pay the months that are over: keyset batches of loans, each
   * batch in one transaction (locked in id order). Safe to run any number of times, and from two
   * processes at once: a day accrues once (the (loan, day) key and `accrued_through`, read under the
   * loan's lock) and is paid once (`paid_transfer`). A batch that fails is retried loan by loan, so
   * one bad loan holds up no other; a loan that still fails is counted in `failed` (and logged).
   */
  async function accrueAndPay(
    markets: readonly Market[] = MARKETS,
    log?: (err: unknown) => void,
  ): Promise<{ loans: number; paid: number; failed: number }> {
    let loans = 0;
    let paid = 0;
    const failed = noFailures(log);
    for (const mkt of markets) {
      const memo: ClosesMemo = new Map();
      let after = 0n;
      for (;;) {
        const batch = await repo.openLoanIds(db, mkt, after, BATCH);
        if (batch.length === 0) break;
        after = batch[batch.length - 1].id;
        // read before the transaction (on PGlite a read outside it would wait for it), the closes too
        const rates = (await loadSettings(db)).lending_rates;
        loans += await batchThenEach(
          batch,
          async (some) => {
            await Promise.all([...new Set(some.map((b) => b.symbol))].map((s) => closesFor(s, mkt, memo)));
            const r = await accrueBatch(
              mkt,
              some.map((b) => b.id),
              rates,
              memo,
            );
            paid += r.paid;
            return r.loans;
          },
          failed,
        );
      }
    }
    return { loans, paid, failed: failed.count };
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
