import { isUniqueViolation, type Tx, withTx } from '@kabuto/db';
import {
  lendRefusal,
  type Market,
  POSITION_STATUS,
  type RecallReason,
  STOCK_LOAN_CODE,
  STOCK_LOAN_CODED,
  type Units,
} from '@kabuto/domain';
import { refuse } from '../../lib/errors.ts';
import { type LendingRatesSetting, loadSettings, type Settings } from '../../shared/settings.ts';
import { accrualService } from './accrual.service.ts';
import { type OperationKey, rateOf, type StockLendingDeps } from './stock-lending.deps.ts';
import * as repo from './stock-lending.repo.ts';

export type { OperationKey, PositionAccess, StockLendingDeps } from './stock-lending.deps.ts';

/**
 * Stock lending: a user lends a fully paid long position (leverage 1, holding) to the platform at the
 * instrument's annual rate, and recalls it at any time; selling a lent position recalls it first
 * (`recallOnClose`, called by the trading close in its transaction). The fee's accrual and payments are
 * `accrual.service.ts`. The position's "lent" mark is set and cleared with the loan's row.
 */
export function stockLendingService(d: StockLendingDeps) {
  const { db, clock, market, keys, positions } = d;
  const accrual = accrualService(d);

  /** The user's fully paid long holdings of a market, lent or not, with their rate and open loan. */
  async function lendable(userId: bigint, mkt: Market) {
    const rates = (await loadSettings(db)).lending_rates;
    const rows = await positions.list(userId, mkt, [POSITION_STATUS.holding]);
    const open = new Map((await repo.openLoansOf(db, userId)).map((l) => [l.position_id, l.id]));
    return rows.flatMap((p) => {
      const inst = market.instrument(p.symbol);
      if (inst?.kind !== 'stock') return [];
      const refusal = lendRefusal({
        status: p.status,
        leverage: p.leverage,
        direction: p.direction,
        dayTrade: p.day_trade,
      });
      if (refusal !== null) return [];
      const price = market.quote(p.symbol)?.price ?? p.open_price ?? 0n;
      return [
        {
          position: p,
          inst,
          price,
          value: price * p.quantity,
          ratePpm: rateOf(market, rates, inst).ppm,
          loanId: open.get(p.id) ?? null,
        },
      ];
    });
  }

  /** Lend a position of the user's. */
  async function lend(userId: bigint, positionId: bigint, mkt?: Market) {
    const rates = (await loadSettings(db)).lending_rates;
    const at = new Date(clock.now());
    try {
      return await withTx(db, async (tx) => {
        const pos = await positions.lock(tx, userId, positionId);
        if (!pos) return refuse('lending.notFound');
        if (mkt && pos.market !== mkt) refuse('trade.marketMismatch', { symbol: pos.symbol });
        const refusal = lendRefusal({
          status: pos.status,
          leverage: pos.leverage,
          direction: pos.direction,
          dayTrade: pos.day_trade,
        });
        if (refusal === 'closed') refuse('lending.closed');
        if (refusal === 'notFullyPaid') refuse('lending.notFullyPaid');
        if (pos.lent) refuse('lending.alreadyLent');
        const inst = market.instrument(pos.symbol);
        if (inst?.kind !== 'stock') return refuse('lending.notFullyPaid');
        const rate = rateOf(market, rates, inst).ppm;
        if (rate <= 0n) refuse('lending.noRate');
        const loan = await repo.insertLoan(tx, {
          user_id: userId,
          position_id: pos.id,
          market: pos.market,
          symbol: pos.symbol,
          quantity: pos.quantity,
          rate_ppm: rate,
          status: STOCK_LOAN_CODE.lent,
          lent_at: at,
          updated_at: at,
        });
        await positions.markLent(tx, pos.id, true, at);
        return { id: loan.id, ratePpm: rate };
      });
    } catch (err) {
      if (isUniqueViolation(err)) refuse('lending.alreadyLent');
      throw err;
    }
  }

  /** End a locked open loan: accrue what it earned up to now, pay everything unpaid, clear the mark. */
  async function recallLocked(
    tx: Tx,
    loan: repo.LoanRow,
    reason: RecallReason,
    now: number,
    rates: LendingRatesSetting,
  ): Promise<Units> {
    const to = STOCK_LOAN_CODED.move(loan.status, STOCK_LOAN_CODE.recalled);
    const at = new Date(now);
    await accrual.accrueLocked(tx, [loan], now, rates);
    const paid = (await accrual.payLocked(tx, [loan], 'all', at)).get(loan.id) ?? 0n;
    await repo.markRecalled(tx, loan.id, to, reason, at);
    await positions.markLent(tx, loan.position_id, false, at);
    return paid;
  }

  /** The user's recall of a loan (its id). */
  async function recall(userId: bigint, loanId: bigint, key?: OperationKey, mkt?: Market) {
    const rates = (await loadSettings(db)).lending_rates;
    const now = clock.now();
    return withTx(db, async (tx) => {
      const found = await repo.getLoan(tx, userId, loanId);
      if (!found) return refuse('lending.notFound');
      if (mkt && found.market !== mkt) refuse('trade.marketMismatch', { symbol: found.symbol });
      // the position first, then the loan: the order a sell takes them in
      await positions.lock(tx, userId, found.position_id);
      const loan = await repo.lockLoan(tx, loanId);
      if (!loan || !STOCK_LOAN_CODED.can(loan.status, STOCK_LOAN_CODE.recalled))
        return refuse('lending.notLent');
      const paid = await recallLocked(tx, loan, 'user', now, rates);
      await keys.markApplied(tx, key);
      return { id: loan.id, paid };
    });
  }

  /** A sell of a lent position recalls it first (inside the close's transaction; the position is locked). */
  async function recallOnClose(
    tx: Tx,
    position: { id: bigint },
    now: number,
    settings: Pick<Settings, 'lending_rates'>,
  ): Promise<void> {
    const loan = await repo.lockOpenLoanOf(tx, position.id);
    if (loan) await recallLocked(tx, loan, 'sell', now, settings.lending_rates);
  }

  /** The user's loans of a market, with their instruments. */
  async function records(userId: bigint, mkt: Market) {
    const rows = await repo.userLoans(db, userId, mkt);
    return rows.map((loan) => ({ loan, inst: market.instrument(loan.symbol) }));
  }

  return {
    lendable,
    lend,
    recall,
    recallOnClose,
    records,
    accrueAndPay: accrual.accrueAndPay,
    runJobs: accrual.runJobs,
    daily: accrual.daily,
  };
}

export type StockLendingService = ReturnType<typeof stockLendingService>;
